/**
 * An agent run as another uid (Ralph as root starts it with spawn's uid/gid) is still stopped as
 * a whole tree at its deadline: the run's marker is found in /proc/<pid>/environ of the other
 * user's processes too, also for a grandchild that left the group and was re-parented to init.
 */
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAgentAccount } from "../../../src/agents/boundary/agent-account.js";
import type { RunAs } from "../../../src/agents/process-tree.js";
import { runSubprocess } from "../../../src/agents/subprocess.js";
import { CAN_MAKE_USERS, removeUser, uniqueUserName } from "../../support/os-users.js";
import { childPidFrom, deadlineAtChildPid, fixture, isAlive, untilGone } from "../helpers.js";

function uidOfPid(pid: number): number {
  return Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
}

describe.skipIf(!CAN_MAKE_USERS)("runSubprocess as another user", () => {
  const user = uniqueUserName();
  let runAs: RunAs;
  let dir: string;

  beforeAll(async () => {
    const account = await ensureAgentAccount({ kind: "root" }, user);
    runAs = { user, uid: account.uid, gid: account.gid, via: "root" };
    // A folder the account may enter, with the fixture in it.
    dir = mkdtempSync(join(tmpdir(), "ralph-run-as-"));
    chmodSync(dir, 0o777);
    copyFileSync(fixture("setsid-child.mjs"), join(dir, "setsid-child.mjs"));
  });

  afterAll(() => {
    removeUser(user);
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [label, args] of [
    ["a setsid child", []],
    ["a double-forked, re-parented grandchild", ["--double"]],
  ] as const) {
    it(`kills ${label} of the other user at the deadline`, async () => {
      let holderUid: number | null = null;
      // The deadline fires once the holder is running and its uid has been read, not after 4 s.
      const atPid = deadlineAtChildPid();
      const result = await runSubprocess({
        file: process.execPath,
        args: [join(dir, "setsid-child.mjs"), ...args, "--hang"],
        cwd: dir,
        env: { PATH: process.env.PATH ?? "", HOME: dir },
        stdin: "",
        timeoutMs: 0,
        deadline: atPid.deadline,
        killGraceMs: 300,
        drainMs: 300,
        runAs,
        onStdout: (chunk) => {
          const pid = /child-pid: (\d+)/.exec(chunk.toString())?.[1];
          if (pid !== undefined) holderUid = uidOfPid(Number(pid));
          atPid.onStdout(chunk);
        },
      });
      const child = childPidFrom(result.stdout);
      try {
        expect(result.timedOut).toBe(true);
        expect(holderUid).toBe(runAs.uid);
        await untilGone(child);
      } finally {
        if (isAlive(child)) process.kill(child, "SIGKILL");
      }
    }, 30_000);
  }
});
