import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import type { RunAs } from "../process-tree.js";
import { findTool, type Privilege, runAsRoot } from "./privilege.js";

/**
 * Live pids whose real or effective uid is `uid` (from /proc/<pid>/status, readable by anyone).
 * A zombie runs nothing and only waits for its parent (init, for an orphan) to reap it.
 */
export function pidsOf(uid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, "utf8");
      const ids = /^Uid:\s+(\d+)\s+(\d+)/m.exec(status);
      const zombie = /^State:\s+[ZX]/m.test(status);
      if (!zombie && ids && (Number(ids[1]) === uid || Number(ids[2]) === uid))
        out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * Ends every process of the agent's account: between runs nothing of the agent may live on (a
 * daemon it left would see the workspace handed back, and the next push). The account is the
 * agent's alone, so this stops nothing else.
 */
export async function killAccountProcesses(privilege: Privilege, uid: number): Promise<void> {
  for (let pass = 0; pass < 5; pass++) {
    const pids = pidsOf(uid);
    if (pids.length === 0) return;
    if (privilege.kind === "root") {
      for (const pid of pids) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // gone
        }
      }
    } else {
      await runAsRoot(privilege, findTool("kill") ?? "/bin/kill", ["-KILL", ...pids.map(String)]);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Whether the account finds `binary` on the agent's PATH (an agent CLI installed under Ralph's
 * home, which the account cannot enter, is not).
 */
export function reachableBy(
  runAs: RunAs,
  binary: string,
  env: NodeJS.ProcessEnv,
): Promise<boolean> {
  const check = ["-c", 'command -v "$1" >/dev/null', "sh", binary];
  const launch =
    runAs.via === "root"
      ? { file: "sh", args: check, ids: { uid: runAs.uid, gid: runAs.gid } }
      : {
          file: "sudo",
          args: ["-n", "-u", runAs.user, "--", "env", `PATH=${env.PATH ?? ""}`, "sh", ...check],
          ids: {},
        };
  return new Promise((resolve) => {
    const child = spawn(launch.file, launch.args, {
      env,
      cwd: "/",
      stdio: "ignore",
      ...launch.ids,
    });
    child.on("error", () => resolve(false));
    child.on("exit", (code) => resolve(code === 0));
  });
}
