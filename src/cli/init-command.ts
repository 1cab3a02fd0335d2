import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { InitArgs } from "./args.js";
import { CliError, EXIT_OK } from "./errors.js";
import { CONFIG_TEMPLATE, workflowTemplate } from "./init-templates.js";
import type { CliIo } from "./io.js";
import { DEFAULT_CONFIG_PATH } from "./setup.js";

export const WORKFLOW_PATH = ".github/workflows/ralph.yml";

/**
 * `ralph init`: a commented `.github/ralph.yml` and the example workflow. A file that exists is
 * kept (a config written by hand, a workflow already adapted) and named; the missing one is still
 * written. `--force` replaces both. With both present and no `--force`, nothing is written.
 */
export async function initCommand(io: CliIo, args: InitArgs): Promise<number> {
  const root = resolve(io.cwd, args.cwd ?? ".");
  if (!existsSync(root)) throw new CliError(`no such directory: ${root}`);
  const files: [string, string][] = [
    [args.config ?? DEFAULT_CONFIG_PATH, CONFIG_TEMPLATE],
    [WORKFLOW_PATH, workflowTemplate()],
  ];
  const existing = files.filter(([path]) => existsSync(join(root, path))).map(([path]) => path);
  if (existing.length === files.length && !args.force) {
    throw new CliError(
      `${existing.join(" and ")} already exist: nothing written (pass --force to overwrite)`,
    );
  }
  const written: string[] = [];
  for (const [path, text] of files) {
    if (existing.includes(path) && !args.force) {
      io.out(`kept ${path} (it exists; --force overwrites it)`);
      continue;
    }
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text, "utf8");
    io.out(`${existing.includes(path) ? "overwrote" : "wrote"} ${path}`);
    written.push(path);
  }
  const commit = written.length === files.length ? "both files" : written.join(" and ");
  io.out(
    `next: commit ${commit}, add the ANTHROPIC_API_KEY secret (or set agent: codex / command), and comment \`/ralph plan\` on an issue. Locally: ralph plan "<goal>"`,
  );
  return EXIT_OK;
}
