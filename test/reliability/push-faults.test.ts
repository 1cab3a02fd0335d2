/**
 * Push rejected (issue 10) through the BUILT action: while the implementer works, a human pushes
 * to Ralph's branch (non-fast-forward for Ralph), deletes it, or protects it (the remote's
 * pre-receive hook declines, as GitHub's branch protection does). The run ends cleanly with a clear
 * message on the issue, nothing already on the branch is lost, and a later run resumes.
 */
import { mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ActionRun,
  bundleAction,
  createWorld,
  runAction,
  type World,
} from "../action/harness.js";
import { issueCommentCreated } from "../fixtures/webhooks/index.js";
import { user } from "../support/fake-github/index.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const AGENT = join(ROOT, "test/fixtures/security/hostile-agent.mjs");
const ISSUE = 1;
const MAINTAINER = "octocat";
const TITLE = "Add greeting files";
const BODY = "Please add two greeting files.";
const BRANCH = "ralph/1-add-greeting-files";

describe("pushes rejected in the built action", { timeout: 240_000 }, () => {
  let bundle: string;
  let w: World;
  let hostile: string;
  const worlds: World[] = [];
  beforeAll(async () => {
    bundle = await bundleAction();
  });
  afterAll(async () => {
    for (const world of worlds) await world.fake.close();
  });

  /** A fresh repository and issue for each case. */
  async function freshWorld(): Promise<void> {
    w = await createWorld(bundle);
    worlds.push(w);
    w.fake.addIssue({ number: ISSUE, title: TITLE, body: BODY, user: user(MAINTAINER) });
    w.fake.grant(MAINTAINER, "write");
    hostile = join(w.base, "hostile");
    mkdirSync(hostile);
  }

  async function say(body: string, env: Record<string, string> = {}): Promise<ActionRun> {
    const comment = w.fake.addComment(ISSUE, body, user(MAINTAINER));
    return runAction(w, {
      eventName: "issue_comment",
      payload: issueCommentCreated({
        issue: { number: ISSUE, title: TITLE, body: BODY, author: MAINTAINER },
        comment: { id: comment.id, body, user: { login: MAINTAINER } },
      }),
      inputs: { "agent-command": `node ${AGENT}` },
      env: { HOSTILE_DIR: hostile, RALPH_BACKOFF_BASE_MS: "1", ...env },
    });
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
