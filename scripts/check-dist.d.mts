/** What a build writes: dist/-relative path → contents (built once per process). */
export function builtFiles(): Promise<Map<string, Buffer>>;
/** How `dir` (dist/ by default, or a copy of it) differs from a fresh build; empty when it does not. */
export function distProblems(dir?: string): Promise<string[]>;
