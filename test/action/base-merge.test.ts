/**
 * A moving base through the BUILT action (Actions-only mode), on the shared fake GitHub with a
 * real bare remote: the default branch moved after Ralph finished. A clean change: `/ralph
 * update` merges it (a merge commit on Ralph's branch), re-verifies every story on the merged
 * tree and passes the CI gate again, on the same pull request. A conflicting change: GitHub
 * reports the pull request unmergeable (the fake computes it with git), Ralph merges with the
 * markers committed, a conflict round's story FU-1 resolves them — its first attempt leaves
 * markers and Ralph's own check turns it down — and no marker is left. A read-only user's
 * `/ralph update` changes nothing.
 */

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { issueCommentCreated } from "../fixtures/webhooks/index.js";
import { user } from "../support/fake-github/index.js";
import * as flows from "./flows.js";
import { BODY, BRANCH, commentEvent, dispatchEvent, ISSUE, MAINTAINER, TITLE } from "./flows.js";
import { doneWorld, expectPhase, PR } from "./followup-flows.js";
import { agentCalls, pushFiles, runAction, type World, worldPerTest } from "./harness.js";

const head = (w: World) => w.remoteGit("rev-parse", BRANCH);
const parents = (w: World, rev = BRANCH) =>
  w.remoteGit("rev-list", "--parents", "-n", "1", rev).split(" ").slice(1);
const pullsOpened = (w: World) =>
  w.fake.requests.filter((r) => r.route === "POST /repos/{owner}/{repo}/pulls").length;
const calls = (w: World, from: number) =>
  agentCalls(w)
    .slice(from)
    .map((c) => `${c.phase}:${c.story ?? "-"}`);

/** main is merged in (a merge commit, never a rebase) and the conflict resolved: both sides kept. */
function expectResolved(w: World): void {
  expect(w.remoteGit("merge-base", BRANCH, "main")).toBe(w.remoteGit("rev-parse", "main"));
  expect(w.remoteGit("rev-list", "--merges", "-n", "1", BRANCH)).not.toBe("");
  const text = w.remoteGit("show", `${BRANCH}:greeting-US-1.txt`);
  expect(text).not.toMatch(/^(<{7}|={7}|>{7}|\|{7})/m);
  expect(text).toContain("hello from main");
  expect(text).toContain("hello from US-1");
}

/** A world with the maintainer's issue planned, waiting for `/approve`. */
async function plannedWorld(make: () => Promise<World>): Promise<World> {
  const w = await make();
  flows.seedIssue(w);
  await expectPhase(w, "awaiting_approval", {
    eventName: "issue_comment",
    payload: commentEvent(w, "/ralph plan"),
  });
  return w;
}

/** `/approve`, with main moved to `next-main` while US-2 is implemented (a maintainer's push). */
function approveMovingBase(w: World): Parameters<typeof runAction>[1] {
  return {
    eventName: "issue_comment",
    payload: commentEvent(w, "/approve"),
    env: { SCRIPTED_MOVE_BASE: `implement:US-2:${w.remote}:next-main` },
  };
}

describe("a moving base through the built action", { timeout: 300_000 }, () => {
  const makeWorld = worldPerTest();

  it("main moves while the stories run: merged before ready (both parents), the gate on the merged tree, the CI gate, ready; a later clean change: /ralph update merges it, same pull request", async () => {
    const w = await plannedWorld(makeWorld);
    pushFiles(w, "next-main", { "NEWS.md": "A maintainer's change.\n" });
    await expectPhase(w, "done", approveMovingBase(w));
    const main = w.remoteGit("rev-parse", "main");
    const first = w.remoteGit("rev-list", "--merges", "-n", "1", BRANCH);
    expect(parents(w, first)[1]).toBe(main);
    // The stories, the gate (base moved: merge, no agent), the gate again on the merged tree.
    expect(calls(w, 0).slice(-4)).toEqual([
      "implement:US-2",
      "verify:US-2",
      "verify:US-1,US-2",
      "verify:US-1,US-2",
    ]);
    const gateCommit = agentCalls(w).at(-1)?.commit ?? "";
    expect(w.remoteGit("merge-base", gateCommit, "main")).toBe(main);
    expect(w.fake.pulls.get(PR)?.draft).toBe(false);
    const said = w.fake.botComments(ISSUE).map((c) => c.body);
    expect(said.some((b) => b.includes("moved while Ralph worked"))).toBe(true);
    expect(said.some((b) => b.includes("The repository's CI passed on"))).toBe(true);

    const before = head(w);
    const opened = pullsOpened(w);
    const agents = agentCalls(w).length;
    pushFiles(w, "main", { "NEWS.md": "A second change.\n" });
    await expectPhase(w, "done", {
      eventName: "issue_comment",
      payload: commentEvent(w, "/ralph update"),
    });
    // The merge commit (Ralph's head first, the base second) is on the branch, the done marker after it.
    const merge = w.remoteGit("rev-list", "--merges", "-n", "1", BRANCH);
    expect(parents(w, merge)).toEqual([before, w.remoteGit("rev-parse", "main")]);
    expect(w.remoteGit("show", `${BRANCH}:NEWS.md`)).toBe("A second change.");
    // No agent wrote it: the regression gate alone ran on the merged tree.
    expect(calls(w, agents)).toEqual(["verify:US-1,US-2"]);
    expect(pullsOpened(w)).toBe(opened);
    expect(w.fake.stateOf(ISSUE)).toMatchObject({ phase: "done", prNumber: PR });
    const later = w.fake.botComments(ISSUE).map((c) => c.body);
    expect(later.some((b) => b.includes("merged `main` into its branch without conflict"))).toBe(
      true,
    );
  });

  it("main moves with a conflicting change while the stories run: the merge, a conflict round, no marker left, ready", async () => {
    const w = await plannedWorld(makeWorld);
    pushFiles(w, "next-main", { "greeting-US-1.txt": "hello from main\n" });
    await expectPhase(w, "done", approveMovingBase(w));
    expect(calls(w, 0).slice(-4)).toEqual([
      "verify:US-1,US-2",
      "implement:FU-1",
      "verify:FU-1",
      "verify:US-1,US-2,FU-1",
    ]);
    expectResolved(w);
    expect(w.fake.pulls.get(PR)?.draft).toBe(false);
    const said = w.fake
      .botComments(ISSUE)
      .map((c) => c.body)
      .join("\n");
    expect(said).toContain("moved while Ralph worked");
    expect(said).toContain("The repository's CI passed on");
  });

  it("a conflicting change on main, no CI event: the schedule sweep reads the pull request's mergeability, Ralph merges, a conflict story FU-1 resolves it, no marker left, the gate passes", async () => {
    const w = await doneWorld(makeWorld);
    const agents = agentCalls(w).length;
    const env = { SCRIPTED_KEEP_MARKERS_ONCE: join(w.base, "kept-markers") };
    const sweep = { eventName: "schedule", payload: { schedule: "*/15 * * * *" }, env };
    const pullReads = () =>
      w.fake.requests.filter((r) => r.route?.startsWith("GET /repos/{owner}/{repo}/pulls")).length;

    // While the pull request merges cleanly a sweep costs the listing and one read, starts nothing.
    const reads = pullReads();
    await expectPhase(w, "idle", sweep);
    expect(pullReads() - reads).toBe(2);
    expect(w.fake.dispatches).toEqual([]);
    expect(w.fake.stateOf(ISSUE)?.phase).toBe("done");

    pushFiles(w, "main", { "greeting-US-1.txt": "hello from main\n" });
    await expectPhase(w, "idle", sweep);
    expect(w.fake.stateOf(ISSUE)).toMatchObject({ phase: "verifying", pendingStep: "merge_base" });
    expect(w.fake.dispatches).toHaveLength(1);
    expect(agentCalls(w)).toHaveLength(agents);

    const run = await runAction(w, {
      eventName: "workflow_dispatch",
      payload: dispatchEvent(ISSUE, "merge_base"),
      inputs: { issue: String(ISSUE), phase: "merge_base" },
      env,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.phase, run.stdout).toBe("done");
    expect(run.stdout).toMatch(/ [2-9] conflict markers left in greeting-US-1\.txt/);
    // The merge with markers, then FU-1: its first attempt kept them and Ralph's check said no
    // (no verifier run), the second resolved them; every story re-verified.
    expect(calls(w, agents)).toEqual([
      "implement:FU-1",
      "implement:FU-1",
      "verify:FU-1",
      "verify:US-1,US-2,FU-1",
    ]);
    expectResolved(w);
    const state = w.fake.stateOf(ISSUE);
    expect(state?.followUp?.rounds).toBe(1);
    expect(state?.prd?.stories.map((s) => [s.id, s.status])).toEqual([
      ["US-1", "passed"],
      ["US-2", "passed"],
      ["FU-1", "passed"],
    ]);
    const said = w.fake
      .botComments(ISSUE)
      .map((c) => c.body)
      .join("\n");
    expect(said).toContain("conflict with the default branch");
    // Ralph's check turned the first attempt down, said in the review on the pull request.
    const reviews = (w.fake.reviews.get(PR) ?? []).map((r) => r.body ?? "").join("\n");
    expect(reviews).toContain("no conflict markers left");
    expect(reviews).toContain("greeting-US-1.txt:1: <<<<<<<");
    expect(said).toContain("Follow-up round 1 is done");
  });

  it("a read-only user's /ralph update changes nothing", async () => {
    const w = await doneWorld(makeWorld);
    w.fake.grant("rita", "read");
    pushFiles(w, "main", { "NEWS.md": "A maintainer's change.\n" });
    const before = head(w);
    const state = w.fake.stateOf(ISSUE);
    const agents = agentCalls(w).length;
    const comment = w.fake.addComment(ISSUE, "/ralph update", user("rita"));
    const run = await runAction(w, {
      eventName: "issue_comment",
      payload: issueCommentCreated({
        issue: { number: ISSUE, title: TITLE, body: BODY, author: MAINTAINER },
        comment: { id: comment.id, body: comment.body, user: { login: "rita" } },
      }),
    });
    expect(run.code, run.stdout).toBe(0);
    expect(head(w)).toBe(before);
    expect(agentCalls(w)).toHaveLength(agents);
    expect(w.fake.stateOf(ISSUE)?.phase).toBe("done");
    expect(w.fake.stateOf(ISSUE)?.baseMerge).toEqual(state?.baseMerge);
    expect(w.fake.dispatches).toEqual([]);
  });
});
