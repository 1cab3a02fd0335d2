import type { BuildOptions } from "esbuild";

export type DistEntry = "action" | "app" | "cli";

export declare const ROOT: string;
export declare const requireBanner: string;
export declare const commonOptions: BuildOptions;
export declare const entryOptions: Record<DistEntry, BuildOptions>;
export declare function buildOptions(entry: DistEntry, overrides?: BuildOptions): BuildOptions;
