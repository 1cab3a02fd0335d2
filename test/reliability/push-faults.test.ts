/**
 * Push rejected (issue 10) through the BUILT action: while the implementer works, a human pushes
 * to Ralph's branch (non-fast-forward for Ralph), deletes it, or protects it (the remote's
 * pre-receive hook declines, as GitHub's branch protection does). The run ends cleanly with a clear
 * message on the issue, nothing already on the branch is lost, and a later run resumes.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ISSUE } from "../action/flows.js";
import { type ActionRun, type World, worldPerTest } from "../action/harness.js";
import { withHostileAgent } from "./hostile-world.js";

const BRANCH = "ralph/1-add-greeting-files";

describe("pushes rejected in the built action", { timeout: 240_000 }, () => {
  const newWorld = worldPerTest();
  let w: World;
  let say: (body: string, env?: Record<string, string>) => Promise<ActionRun>;

  /** A fresh repository and issue for each case. */
  async function freshWorld(): Promise<void> {
    w = await newWorld();
    say = withHostileAgent(w).say;
  }

  for (const [mode, what] of [
    ["ahead", "a human pushes to Ralph's branch"],
    ["delete", "a human deletes Ralph's branch"],
    ["protect", "a human protects Ralph's branch"],
  ] as const) {
    it(`${what} while the implementer works: the issue fails naming the push, nothing is overwritten; /ralph run resumes`, async () => {
      await freshWorld();
      expect((await say("/ralph plan", { HOSTILE_PASS: "1" })).outputs.phase).toBe(
        "awaiting_approval",
      );
      const before = mode === "ahead" ? null : w.remoteGit("rev-parse", BRANCH);
      const run = await say("/approve", { HOSTILE_PUSH: mode, HOSTILE_PASS: "1" });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const state = w.fake.stateOf(ISSUE);
      expect(state?.phase).toBe("failed");
      expect(state?.lastError).toMatch(
        /could not push to `ralph\/1-add-greeting-files`: the branch changed on GitHub/,
      );
      expect(w.fake.botComments(ISSUE).some((c) => /could not push to/.test(c.body))).toBe(true);
      if (mode === "ahead") {
        // The human's commit is still the branch head: nothing was overwritten.
        expect(w.remoteGit("log", "-1", "--format=%s", BRANCH)).toBe("human edit");
      } else {
        expect(before).toMatch(/^[0-9a-f]{40}$/);
      }
      if (mode === "delete") {
        // Restore the branch as a human would (from the commit it had), then resume.
        w.remoteGit("update-ref", `refs/heads/${BRANCH}`, before ?? "");
      }
      if (mode === "protect") rmSync(join(w.remote, "hooks", "pre-receive"));
      const resumed = await say("/ralph run", { HOSTILE_PASS: "1" });
      expect(resumed.code, resumed.stdout + resumed.stderr).toBe(0);
      expect(w.fake.stateOf(ISSUE)?.phase).toBe("done");
      if (mode === "ahead") {
        expect(w.remoteGit("log", "--format=%s", BRANCH)).toContain("human edit");
      }
    });
  }
});
