// StrykerJS has a package.json and lockfile of its own in stryker/: the ~150 packages it brings
// are installed for whoever runs mutation testing, not by every `npm ci` (CI never runs it, and
// they were a third of its install time). Their vitest is the project's: stryker/.npmrc keeps
// npm from installing the runner's peer dependencies there, so Node finds ../node_modules/vitest.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT } from "./build-options.mjs";

const TOOLS = join(ROOT, "stryker");
/** The lockfile of the last install that finished, so an edited lockfile installs again. */
const INSTALLED = join(TOOLS, "node_modules/.installed-package-lock.json");

/** Installs stryker/'s locked packages (`npm ci` there) unless they already are. */
export function ensureMutationTools() {
  const lock = readFileSync(join(TOOLS, "package-lock.json"), "utf8");
  if (existsSync(INSTALLED) && readFileSync(INSTALLED, "utf8") === lock) return;
  console.error("Installing StrykerJS into stryker/node_modules (from stryker/package-lock.json)");
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli?.endsWith(".js")
    ? [process.execPath, [npmCli]]
    : [process.platform === "win32" ? "npm.cmd" : "npm", []];
  const install = spawnSync(command, [...args, "ci", "--no-audit", "--no-fund"], {
    cwd: TOOLS,
    stdio: "inherit",
  });
  if (install.status !== 0) {
    console.error("npm ci in stryker/ failed: mutation testing needs its packages");
    process.exit(install.status ?? 1);
  }
  writeFileSync(INSTALLED, lock);
}

/** `require.resolve` and `require` from stryker/, where the mutation tools are installed. */
export const toolsRequire = createRequire(join(TOOLS, "package.json"));
