import { execFile } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/**
 * How Ralph gets root for the agent's boundary (DESIGN §7 rule 9): it is root (a container), or
 * the runner gives it passwordless sudo (GitHub-hosted runners: the `runner` user). Without
 * either there is no other user to run the agent as.
 */
export type Privilege = { kind: "root" } | { kind: "sudo" };

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command and collects its output; never throws for a failed or missing command. */
export function runCommand(
  file: string,
  args: readonly string[],
  input?: string,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = execFile(
      file,
      [...args],
      { encoding: "utf8", maxBuffer: 16 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code =
          error === null ? 0 : typeof error.code === "number" ? error.code : error.code ? 127 : 1;
        resolve({ code, stdout, stderr: stderr || (error?.message ?? "") });
      },
    );
    child.stdin?.on("error", () => {});
    child.stdin?.end(input ?? "");
  });
}

/** Root, passwordless sudo, or nothing (`sudo -n` never asks for a password: it fails). */
export async function detectPrivilege(): Promise<Privilege | null> {
  if (process.getuid?.() === 0) return { kind: "root" };
  const sudo = await runCommand("sudo", ["-n", "true"]);
  return sudo.code === 0 ? { kind: "sudo" } : null;
}

/** `file args` as root: directly, or through `sudo -n` (absolute paths: sudo's PATH is its own). */
export function runAsRoot(
  privilege: Privilege,
  file: string,
  args: readonly string[],
  input?: string,
): Promise<CommandResult> {
  return privilege.kind === "root"
    ? runCommand(file, args, input)
    : runCommand("sudo", ["-n", file, ...args], input);
}

/** System tools live in sbin, which a non-root PATH often lacks. */
const SYSTEM_DIRS = ["/usr/local/sbin", "/usr/sbin", "/sbin", "/usr/local/bin", "/usr/bin", "/bin"];

/** The absolute path of an executable named `name` (an absolute `name` is checked as it is). */
export function findTool(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = name.includes("/")
    ? [name]
    : [...(env.PATH ?? "").split(delimiter).filter((d) => d !== ""), ...SYSTEM_DIRS].map((dir) =>
        join(dir, name),
      );
  for (const path of candidates) {
    try {
      if (!statSync(path).isFile()) continue;
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return null;
}
