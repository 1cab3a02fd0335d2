/**
 * Issue 16 (cost flat in history), through the built action on the fake GitHub, which paginates
 * as GitHub does: an event costs what is new on the issue, not what it has accumulated, and the
 * status comment is found wherever it sits. Histories are seeded straight into the fake.
 */
import { describe, expect, it } from "vitest";
import { decodeStateBlock } from "../../src/core/state-codec.js";
import {
  costSince,
  HISTORY_ISSUE,
  historyComment,
  MAINTAINER,
  OUTSIDER,
  seedAwaitingWithReactions,
  seedDoneWithHistory,
  user,
} from "../support/history-scenarios.js";
import { commentEvent, ISSUE, planThroughAction, seedIssue } from "./flows.js";
import { agentCalls, runAction, type World, worldPerTest } from "./harness.js";

describe("cost flat in history (the built action)", { timeout: 240_000 }, () => {
  const newWorld = worldPerTest();

  async function status(world: World): Promise<number> {
    const from = world.fake.requests.length;
    const run = await runAction(world, {
      eventName: "issue_comment",
      payload: historyComment(world.fake, "/ralph status", user(MAINTAINER)),
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.phase, run.stdout).toBe("done");
    return costSince(world.fake, from).calls;
  }

  it("a second `/ralph status` right after a first costs the same (± 2) at 10, 3,000 and 10,000 comments", async () => {
    const second = new Map<number, number>();
    for (const size of [10, 3_000, 10_000]) {
      const world = await newWorld();
      seedDoneWithHistory(world.fake, { total: size });
      await status(world);
      second.set(size, await status(world));
      await world.fake.close();
    }
    const small = second.get(10) ?? 0;
    expect(second.get(3_000)).toBeGreaterThanOrEqual(small - 2);
    expect(second.get(3_000)).toBeLessThanOrEqual(small + 2);
    expect(second.get(10_000)).toBeGreaterThanOrEqual(small - 2);
    expect(second.get(10_000)).toBeLessThanOrEqual(small + 2);
  });

  it("a status comment at #5,200 of 6,000, saved by the previous version, is found", async () => {
    const world = await newWorld();
    const statusComment = seedDoneWithHistory(world.fake, { total: 6_000, before: 5_199 });
    const position = world.fake.commentsOn(HISTORY_ISSUE.number).indexOf(statusComment) + 1;
    expect(position).toBe(5_200);
    await status(world);
    // The same comment holds the next revisions; no second status comment appeared.
    const state = decodeStateBlock(world.fake.comments.get(statusComment.id)?.body ?? "");
    expect(state.phase).toBe("done");
    expect(state.revision).toBeGreaterThan(3);
    const statuses = world.fake
      .botComments(HISTORY_ISSUE.number)
      .filter((c) => c.body.includes("<!-- ralph:status -->"));
    expect(statuses.map((c) => c.id)).toEqual([statusComment.id]);
  });

  it("a `/ralph stop` posted as comment #5,500 while a story runs stops the run after that story", async () => {
    const world = await newWorld();
    seedIssue(world);
    world.fake.seedComments(ISSUE, 5_198);
    await planThroughAction(world);
    const status = world.fake.statusComment(ISSUE);
    expect(status).toBeDefined();
    const before = world.fake.commentsOn(ISSUE).length;
    expect(world.fake.commentsOn(ISSUE).indexOf(status!) + 1).toBeGreaterThanOrEqual(5_200);
    world.fake.seedComments(ISSUE, 5_498 - before);
    const run = await runAction(world, {
      eventName: "issue_comment",
      payload: commentEvent(world, "/approve"),
      env: { SCRIPTED_STOP_DURING: "implement:US-1", SCRIPTED_HUMAN: "octocat" },
    });
    expect(run.code, run.stdout).toBe(0);
    const stop = world.fake.commentsOn(ISSUE).find((c) => c.body === "/ralph stop");
    expect(world.fake.commentsOn(ISSUE).indexOf(stop!) + 1).toBe(5_500);
    expect(run.outputs).toMatchObject({ phase: "stopped", status: "stopped" });
    expect(agentCalls(world).map((c) => `${c.phase}:${c.story}`)).toEqual([
      "plan:null",
      "implement:US-1",
    ]);
    // The draft PR stays a draft: nothing after the stopped story ran.
    expect(world.fake.pulls.get(2)?.draft).toBe(true);
  });

  it("with 1,000 👍 from users without permission, any run and any sweep after the first cost ≤ 30 calls", async () => {
    const world = await newWorld();
    seedAwaitingWithReactions(world.fake, { reactions: 1_000 });
    const run = async (eventName: string, payload: Record<string, unknown>) => {
      const from = world.fake.requests.length;
      const done = await runAction(world, { eventName, payload });
      expect(done.code, done.stdout).toBe(0);
      return costSince(world.fake, from).calls;
    };
    const comment = () => run("issue_comment", historyComment(world.fake, "+1", user(OUTSIDER)));
    const sweep = () => run("schedule", { schedule: "*/15 * * * *" });
    expect(await comment()).toBeGreaterThan(1_000);
    for (const next of [await comment(), await sweep(), await comment(), await sweep()]) {
      expect(next).toBeLessThanOrEqual(30);
    }
    expect(world.fake.stateOf(HISTORY_ISSUE.number)?.approvals).toEqual([]);
  });

  it("the schedule sweep reads every issue awaiting approval, past the 500 it stopped at", async () => {
    const world = await newWorld();
    // The approved one is the oldest: the last page of GitHub's newest-first listing.
    const { prdId } = seedAwaitingWithReactions(world.fake, { reactions: 0 });
    world.fake.react(prdId, "+1", user(MAINTAINER));
    for (let n = 1_000; n < 1_520; n++) {
      world.fake.addIssue({ number: n, title: `Issue ${n}`, labels: ["ralph:awaiting-approval"] });
    }
    const done = await runAction(world, {
      eventName: "schedule",
      payload: { schedule: "*/15 * * * *" },
    });
    expect(done.code, done.stdout).toBe(0);
    expect(world.fake.dispatches.map((d) => d.body)).toEqual([
      { ref: "main", inputs: { issue: String(HISTORY_ISSUE.number), phase: "implement" } },
    ]);
  });
});
