/**
 * Issue 16 through the BUILT App on the fake GitHub: approvals outsiders cannot make expensive
 * (1,000 👍 from users without permission on the PRD comment) and a sweep that costs one search
 * per installation, not listings per repository.
 */
import { describe, expect, it } from "vitest";
import { INSTALLATION_ID } from "../fixtures/webhooks/index.js";
import { clusterPerTest } from "../security/built-app.js";
import {
  costSince,
  historyComment,
  OUTSIDER,
  seedAwaitingWithReactions,
  user,
} from "../support/history-scenarios.js";

const startCluster = clusterPerTest();

describe("cost flat in history (the built App)", { timeout: 120_000 }, () => {
  it("with 1,000 👍 from users without permission, any event and any sweep after the first cost ≤ 30 calls", async () => {
    const c = await startCluster();
    seedAwaitingWithReactions(c.fake, { reactions: 1_000 });
    const comment = async () => {
      const from = c.fake.requests.length;
      await c.receive("issue_comment", historyComment(c.fake, "Me too!", user(OUTSIDER)));
      return costSince(c.fake, from);
    };
    const sweep = async () => {
      const from = c.fake.requests.length;
      await c.replicas[0]?.ralph.sweep(INSTALLATION_ID);
      return costSince(c.fake, from);
    };
    // The first read meets every 👍 once (each reactor's permission looked up once) ...
    const first = await comment();
    expect(first.calls).toBeGreaterThan(1_000);
    // ... and remembers where it stopped: nothing after it depends on the 1,000.
    for (const next of [await comment(), await sweep(), await comment(), await sweep()]) {
      expect(next.calls).toBeLessThanOrEqual(30);
    }
    const state = c.stateOf(42);
    expect(state?.phase).toBe("awaiting_approval");
    expect(state?.approvals).toEqual([]);
    expect(state?.approvalReads?.denied.length).toBeLessThanOrEqual(100);
  });

  it("a 👍 given later by a maintainer is counted by the next sweep; removing it withdraws it", async () => {
    const c = await startCluster(1, { pollIntervalMs: 60_000 });
    const { prdId } = seedAwaitingWithReactions(c.fake, { reactions: 200 });
    c.fake.issueLabels.set(42, ["ralph:awaiting-approval"]);
    c.fake.grant("carol", "write");
    await c.replicas[0]?.ralph.sweep(INSTALLATION_ID);
    // Required approvals: 2 (so the gate stays open after carol's).
    const config = "approvals:\n  required: 2\n";
    c.fake.setFile(".github/ralph.yml", config);
    c.fake.react(prdId, "+1", user("carol"));
    const from = c.fake.requests.length;
    await c.replicas[0]?.ralph.sweep(INSTALLATION_ID);
    expect(costSince(c.fake, from).calls).toBeLessThanOrEqual(30);
    expect(c.stateOf(42)?.approvals.map((a) => [a.login, a.channel])).toEqual([
      ["carol", "reaction"],
    ]);
    c.fake.reactions.set(
      prdId,
      (c.fake.reactions.get(prdId) ?? []).filter((r) => r.user.login !== "carol"),
    );
    await c.replicas[0]?.ralph.sweep(INSTALLATION_ID);
    expect(c.stateOf(42)?.approvals).toEqual([]);
  });

  it("the sweep finds an installation's issues with one search, not listings per repository", async () => {
    const c = await startCluster();
    seedAwaitingWithReactions(c.fake, { reactions: 10 });
    const from = c.fake.requests.length;
    await c.replicas[0]?.ralph.sweep(INSTALLATION_ID);
    const routes = c.fake.requests.slice(from).map((r) => r.route);
    expect(routes.filter((r) => r === "GET /search/issues")).toHaveLength(1);
    expect(routes).not.toContain("GET /installation/repositories");
    expect(routes).not.toContain("GET /repos/{owner}/{repo}/issues");
  });
});
