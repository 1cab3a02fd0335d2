/**
 * A state claim left behind by a runner killed between claiming a revision and saving it (issue
 * 10), through the BUILT action: the next run waits out the grace, moves past the claim, saves,
 * and says so in its log and on the issue; nothing saved before is lost.
 */
import { describe, expect, it } from "vitest";
import { initialState, type MachineState } from "../../src/core/state.js";
import { isStatusComment } from "../../src/core/state-codec.js";
import { claimRef, firstClaimRef } from "../../src/github/state-claim.js";
import { commentEvent, ISSUE, seedIssue } from "../action/flows.js";
import { MOVE_PAST_GRACE_SECONDS, runAction, type World, worldPerTest } from "../action/harness.js";

describe("a claim left by a killed runner (built action)", { timeout: 120_000 }, () => {
  const newWorld = worldPerTest();
  let w: World;

  const grace = { RALPH_CLAIM_GRACE_SECONDS: MOVE_PAST_GRACE_SECONDS };
  const notes = () =>
    w.fake.botComments(ISSUE).filter((c) => c.body.includes("moved past an unfinished save"));

  it("the next run moves past the claim after the grace: saved, logged, noted, nothing lost", async () => {
    w = await newWorld();
    seedIssue(w);
    const seeded: MachineState = {
      ...initialState(ISSUE),
      phase: "questions",
      revision: 3,
      claimed: true,
      openQuestions: ["Which greetings?"],
      questionRounds: 1,
      planNotes: ["keep it short"],
    };
    const status = w.fake.seedState(seeded);
    // The killed runner claimed revision 4 and died before its write.
    const orphan = claimRef(ISSUE, status.id, 4);
    w.fake.refs.set(orphan, "e".repeat(40));
    const run = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, "/ralph stop"),
      env: grace,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain(`${orphan} was claimed but not saved`);
    const state = w.fake.stateOf(ISSUE);
    expect(state).toMatchObject({ phase: "stopped", revision: 5, claimed: true });
    expect(state?.planNotes).toEqual(["keep it short"]);
    expect(notes()).toHaveLength(1);
    expect(notes()[0]?.body).toContain(orphan);
    expect(w.fake.unhandled).toEqual([]);
  });

  it("a first status comment's claim left behind: the next /ralph plan creates the status", async () => {
    w = await newWorld();
    seedIssue(w);
    const payload = commentEvent(w, "/ralph plan");
    const said = (payload.comment as { id: number }).id;
    const orphan = firstClaimRef(ISSUE, said);
    w.fake.refs.set(orphan, "e".repeat(40));
    const run = await runAction(w, { eventName: "issue_comment", payload, env: grace });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const status = w.fake.botComments(ISSUE).filter((c) => isStatusComment(c.body));
    expect(status).toHaveLength(1);
    expect(w.fake.stateOf(ISSUE)?.phase).toBe("awaiting_approval");
    expect(w.fake.refs.has(firstClaimRef(ISSUE, said, 1))).toBe(true);
    expect(notes()).toHaveLength(1);
    expect(w.fake.unhandled).toEqual([]);
  });
});
