/**
 * Issue 20 (16 in the design): a save that fails never leaves a claim that blocks the next
 * writer. Through the built action: GitHub refuses the edit of the status comment once (422, the
 * comment stands unwritten); the run's claim is marked released, and the next run, given a claim
 * grace far longer than this test may take, saves at once and carries the issue to done.
 */
import { describe, expect, it } from "vitest";
import { CLAIM_NAMESPACE } from "../../src/github/state-claim.js";
import { commentEvent, ISSUE, planThroughAction, seedIssue } from "./flows.js";
import { runAction, worldPerTest } from "./harness.js";

const PATCH = "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}";

describe("the built action: a save GitHub refused", { timeout: 180_000 }, () => {
  const newWorld = worldPerTest();

  it("leaves no claim to wait for: the next run saves at once and reaches done", async () => {
    const w = await newWorld();
    seedIssue(w);
    await planThroughAction(w);
    const planned = w.fake.stateOf(ISSUE);
    const approve = commentEvent(w, "/approve");

    w.fake.inject({ route: PATCH, status: 422, times: 1 });
    const refused = await runAction(w, { eventName: "issue_comment", payload: approve });
    expect(refused.code, refused.stdout.slice(-3000)).not.toBe(0);
    // Nothing was saved, and the claim of the refused save is marked released by its writer.
    expect(w.fake.stateOf(ISSUE)).toMatchObject({
      phase: "awaiting_approval",
      revision: planned?.revision,
    });
    const refs = [...w.fake.refs.keys()].filter((r) =>
      r.startsWith(`${CLAIM_NAMESPACE}/issue-${ISSUE}/`),
    );
    expect(refs.filter((r) => r.endsWith("-released"))).toHaveLength(1);
    expect(refused.stdout).toContain("the next writer need not wait for it");

    // A grace of an hour: a claim left blocking would hold this run past the test's timeout.
    const next = await runAction(w, {
      eventName: "issue_comment",
      payload: approve,
      env: { RALPH_CLAIM_GRACE_SECONDS: "3600" },
    });
    expect(next.code, next.stdout.slice(-3000)).toBe(0);
    expect(next.outputs.phase).toBe("done");
    expect(next.stdout).not.toContain("was claimed but not saved");
  });
});
