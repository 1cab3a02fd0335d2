import pkg from "../../package.json" with { type: "json" };

/** The package version, bundled from package.json at build time. */
export const RALPH_VERSION: string = pkg.version;
