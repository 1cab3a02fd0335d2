import { describe, expect, it } from "vitest";
import { initialState } from "../../src/core/state.js";
import { FORK_REFUSAL_KEY } from "../../src/reconcile/issue-info.js";
import { issueCommentCreated } from "../fixtures/webhooks/index.js";
import { REPO, user } from "../support/fake-github/index.js";
import { addSpecPr, dispatchEvent } from "./flows.js";
import { agentCalls, runAction, type World, worldPerTest } from "./harness.js";

const PR = 7;
const MAINTAINER = "octocat";

/** DESIGN §2.2 / §7.5: a spec PR from a fork is never pushed to and never run. */
describe("the built action and a spec PR from a fork", { timeout: 120_000 }, () => {
  const newWorld = worldPerTest();

  async function forkWorld(): Promise<World> {
    const w = await newWorld();
    w.fake.grant(MAINTAINER, "admin");
    addSpecPr(w, {
      number: PR,
      title: "Spec: greeting",
      body: "Adds a spec",
      author: "forker",
      head: { ref: "main", sha: "1".repeat(40), repo: `forker/${REPO}` },
      specs: [".ralph/specs/greeting.md"],
    });
    return w;
  }

  function remoteRefs(w: World): string[] {
    return w.remoteGit("for-each-ref", "--format=%(refname)").split("\n");
  }

  it("`/ralph plan` on it: an explanatory comment, no state, nothing pushed, status stopped", async () => {
    const w = await forkWorld();
    const comment = w.fake.addComment(PR, "/ralph plan", user(MAINTAINER));
    const payload = issueCommentCreated({
      issue: { number: PR, title: "Spec: greeting", author: "forker", pullRequest: true },
      comment: { id: comment.id, body: "/ralph plan", user: { login: MAINTAINER } },
    });
    const run = await runAction(w, { eventName: "issue_comment", payload });
    expect(run.stderr).toBe("");
    expect(run.code, run.stdout).toBe(0);
    expect(w.fake.unhandled).toEqual([]);

    const bot = w.fake.botComments(PR);
    expect(bot).toHaveLength(1);
    expect(bot[0]!.body).toContain(`ralph:key=${FORK_REFUSAL_KEY}`);
    expect(bot[0]!.body).toContain("does not work on pull requests from forks");
    expect(w.fake.stateOf(PR)).toBeNull();
    expect(remoteRefs(w)).toEqual(["refs/heads/main"]);
    expect(agentCalls(w)).toEqual([]);
    expect(w.fake.requestsMatching("POST", /\/pulls$/)).toEqual([]);
    expect(run.outputs.status).toBe("stopped");
    expect(run.outputs.reason).toContain("fork");
    expect(run.summary).toContain("Not run:");
  });

  it("a dispatched step for a spec-PR state whose PR is a fork: failed with the reason, nothing pushed", async () => {
    const w = await forkWorld();
    // A state from before the PR's head moved to a fork (or a hand-made dispatch).
    w.fake.seedState({
      ...initialState(PR, "spec_pr"),
      revision: 1,
      phase: "planning",
      pendingStep: "plan",
    });
    const run = await runAction(w, {
      eventName: "workflow_dispatch",
      payload: dispatchEvent(PR, "plan"),
      inputs: { issue: String(PR), phase: "plan" },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(w.fake.unhandled).toEqual([]);
    expect(agentCalls(w)).toEqual([]);
    expect(remoteRefs(w)).toEqual(["refs/heads/main"]);
    const state = w.fake.stateOf(PR)!;
    expect(state.phase).toBe("failed");
    expect(state.stopReason).toContain("comes from a fork");
    expect(
      w.fake.botComments(PR).some((c) => c.body.includes(`ralph:key=${FORK_REFUSAL_KEY}`)),
    ).toBe(true);
    expect(run.outputs).toMatchObject({ phase: "failed", status: "failed" });
    expect(run.outputs.reason).toContain("fork");
  });
});
