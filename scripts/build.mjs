// Bundles the three entries into dist/ (committed; CI checks it matches a fresh build).
import { chmod, mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import { buildOptions, entryOptions, ROOT } from "./build-options.mjs";

const dist = join(ROOT, "dist");
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });

await Promise.all(Object.keys(entryOptions).map((entry) => build(buildOptions(entry))));
await chmod(join(dist, "cli.js"), 0o755);
