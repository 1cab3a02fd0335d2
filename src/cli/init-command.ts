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
 * `ralph init`: a commented `.github/ralph.yml` and the example workflow. Nothing is written when
 * either file exists, unless `--force` (both are then replaced): a half-initialised repository
 * would be worse than a clear refusal.
 */
export async function initCommand(io: CliIo, args: InitArgs): Promise<number> {
  const root = resolve(io.cwd, args.cwd ?? ".");
  if (!existsSync(root)) throw new CliError(`no such directory: ${root}`);
  const files: [string, string][] = [
    [args.config ?? DEFAULT_CONFIG_PATH, CONFIG_TEMPLATE],
    [WORKFLOW_PATH, workflowTemplate()],
  ];
  const existing = files.filter(([path]) => existsSync(join(root, path))).map(([path]) => path);
  if (existing.length > 0 && !args.force) {
    throw new CliError(
      `${existing.join(" and ")} already exist${existing.length === 1 ? "s" : ""}: nothing written (pass --force to overwrite)`,
    );
  }
  for (const [path, text] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text, "utf8");
    io.out(`${existing.includes(path) ? "overwrote" : "wrote"} ${path}`);
  }
  io.out(
    'next: commit both files, add the ANTHROPIC_API_KEY secret (or set agent: codex / command), and comment `/ralph plan` on an issue. Locally: ralph plan "<goal>"',
  );
  return EXIT_OK;
}
