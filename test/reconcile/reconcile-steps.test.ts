/**
 * The steps of one reconcile (src/reconcile/reconcile.ts `reconcileOnce`, DESIGN §6.1), end to end
 * on the fake GitHub: the reports that end it early, the order new comments and reviews are taken
 * in (by time, then id), a pull request closing, what a run that just posted the PRD does not read,
 * and which comments nobody answers are recorded as read when it saves. The App runs all of these
 * steps, but a mutation pass found its tests would pass with most of them undone.
 */
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/core/config.js";
import { isCommentSeen } from "../../src/core/seen-comments.js";
import type { MachineState } from "../../src/core/state.js";
import type { Review } from "../../src/github/pulls.js";
import { triggerWanted } from "../../src/reconcile/reconcile.js";
import type { Signal } from "../../src/reconcile/signals.js";
import { awaitingApproval, prd, prdCommentBody, stateAt } from "../app/states.js";
import { user } from "../support/fake-github/index.js";
import { loginWorld, PR, SHA } from "./login-world.js";

const BROKEN = "<!-- ralph:status -->\nPhase: planning\n<!-- ralph:state v1 bm90IGpzb24= -->";
const trigger = (label: string): Signal => ({ kind: "trigger", sender: user("alice"), label });
/** A time `seconds` from `at`, as GitHub writes it. */
const shifted = (at: string, seconds: number) =>
  new Date(Date.parse(at) + seconds * 1000).toISOString().replace(/\.000Z$/, "Z");

describe("reconcileIssue: the reports that end a reconcile early", () => {
  it.each<[string, (w: ReturnType<typeof loginWorld>) => Promise<unknown>, string]>([
    [
      "a broken .github/ralph.yml",
      (w) => {
        w.fake.setFile(".github/ralph.yml", "trigger: [oops");
        return w.run(w.say("/ralph plan").signal);
      },
      "config_error",
    ],
    [
      "Ralph's status comment unreadable",
      (w) => {
        w.fake.addComment(42, BROKEN, w.fake.bot());
        return w.run(w.say("/ralph plan").signal);
      },
      "broken_state",
    ],
    ["a label the config does not trigger on", (w) => w.run(trigger("bug")), "ignored"],
    ["a bot's command", (w) => w.run(w.say("/ralph plan", "ci[bot]").signal), "ignored"],
    [
      "a command on Ralph's own pull request",
      (w) => w.run(w.say("/ralph plan", "alice", PR).signal, { issue: PR }),
      "refused",
    ],
  ])("%s: its report, nothing saved", async (_name, act, outcome) => {
    const world = loginWorld(null);
    expect(await act(world)).toMatchObject({ outcome, state: null, saved: false });
  });

  it("the label the config triggers on: planning starts", async () => {
    const world = loginWorld(null);
    expect(await world.run(trigger("ralph"))).toMatchObject({ outcome: "reconciled", saved: true });
    expect(world.fake.stateOf(42)).toMatchObject({ phase: "planning" });
  });
});

describe("reconcileIssue: a `/ralph fix` written inline on Ralph's PR", () => {
  // The inline comment counts as its writer's command: a writer starts a fix round of the
  // finished issue, a reader's changes nothing.
  it.each<[string, string, MachineState["phase"], boolean]>([
    ["a writer's starts a fix round of the finished issue", "alice", "planning", true],
    ["a reader's leaves the issue done, nothing saved", "carol", "done", false],
  ])("%s", async (_name, login, phase, saved) => {
    const world = loginWorld(awaitingApproval(prd(), 1, { phase: "done" }));
    const inline = world.fake.addReviewComment(PR, {
      reviewId: 2,
      body: "/ralph fix rename x",
      path: "a.ts",
      line: 2,
      user: user(login),
    });
    const report = await world.run({ kind: "review_comment", pr: PR, comment: inline });
    expect(report).toMatchObject({ outcome: "reconciled", saved });
    expect(world.fake.stateOf(42)).toMatchObject({ phase });
  });
});

describe("reconcileIssue: new comments and reviews are taken in oldest first, then by id", () => {
  // Alice asks for a revision; bob's approving review arrives with its webhook. Whichever the
  // machine takes first wins: an approval first starts the implementation, a revision first
  // sends the plan back and the approval of the old revision is of no use.
  it.each<[string, number, number, MachineState["phase"], string[]]>([
    ["the review is older (and newer by id)", -5, 1000, "implementing", ["bob"]],
    ["the review is newer", 5, 1000, "planning", []],
    ["the same second, the review first by id", 0, -1, "implementing", ["bob"]],
    ["the same second, the comment first by id", 0, 1000, "planning", []],
  ])("%s", async (_name, seconds, idOffset, phase, approvedBy) => {
    const world = loginWorld(awaitingApproval(prd(), 1));
    const { comment, signal: _said } = world.say("/ralph revise make it blue");
    const review: Review = {
      id: comment.id + idOffset,
      user: user("bob"),
      body: "",
      state: "APPROVED",
      commit_id: SHA,
      submitted_at: shifted(comment.created_at, seconds),
    };
    const report = await world.run({ kind: "review", pr: PR, review });
    expect(report.state).toMatchObject({ phase, approvedBy });
  });
});

describe("reconcileIssue: the pull request closing", () => {
  it("is taken in: Ralph stops watching it", async () => {
    const world = loginWorld(awaitingApproval(prd(), 1));
    const report = await world.run({ kind: "pr_closed", pr: PR, merged: false });
    expect(report.state?.prClosed).toEqual({ number: PR, merged: false });
    expect(world.fake.stateOf(42)?.prClosed).toEqual({ number: PR, merged: false });
  });
});

describe("reconcileIssue: a run that just posted the PRD", () => {
  const graphqlReads = (world: ReturnType<typeof loginWorld>, field: string) =>
    world.fake.requests.filter(
      (r) => r.path === "/graphql" && JSON.stringify(r.body).includes(`${field}(`),
    ).length;

  it.each([
    [true, 0],
    [false, 1],
  ])("prdJustPosted %s: the PR's reviews and the PRD's 👍 read %i times", async (just, reads) => {
    const world = loginWorld(null);
    const posted = world.fake.addComment(42, prdCommentBody(), world.fake.bot());
    world.fake.seedState(awaitingApproval(prd(), posted.id));
    await world.run({ kind: "touch" }, { prdJustPosted: just });
    expect(graphqlReads(world, "reviews")).toBe(reads);
    expect(graphqlReads(world, "reactions")).toBe(reads);
  });
});

describe("reconcileIssue: comments nobody answers are recorded as read when it saves", () => {
  /** A bot's comment, then `said` by alice, then another bot's comment. */
  function between(state: MachineState, said: string, from?: number) {
    const world = loginWorld(state);
    const before = world.fake.addComment(42, "coverage 80%", user("ci[bot]", "Bot"));
    const { comment, signal } = world.say(said);
    const after = world.fake.addComment(42, "coverage 81%", user("ci[bot]", "Bot"));
    const seen = () => {
      const watermark = world.fake.stateOf(42)?.watermark;
      if (watermark === undefined) throw new Error("nothing saved");
      return [before, comment, after].map((c) => isCommentSeen(watermark, c.id));
    };
    return { world, seen, signal: from === undefined ? signal : { ...signal, from } };
  }

  it("all of them when every human comment was taken in", async () => {
    const { world, seen, signal } = between(awaitingApproval(prd(), 1), "/ralph revise more");
    await world.run(signal);
    expect(seen()).toEqual([true, true, true]);
  });

  it("none past a human comment left for the running job", async () => {
    // A command written on Ralph's PR while the planner runs: handed to the job, not taken in.
    const planning = stateAt("planning", { pendingStep: "plan", prNumber: PR });
    const { world, seen, signal } = between(planning, "/ralph status", PR);
    const report = await world.run(signal);
    expect(report.state?.routedCommands).toHaveLength(1);
    expect(seen()).toEqual([true, false, false]);
  });
});

describe("triggerWanted: does the config start planning on this trigger", () => {
  const config = parseConfig({
    trigger: { labels: ["Ralph", "agent"], assignees: ["Ralph-Bot", "helper"], on_open: true },
  });
  const closed = parseConfig({ trigger: { labels: ["ralph"], on_open: false } });
  it.each<[string, typeof config, { label: string | null; assignee?: string }, boolean]>([
    ["a listed label, any case", config, { label: "ralph" }, true],
    ["the second listed label", config, { label: "agent" }, true],
    ["another label", config, { label: "bug" }, false],
    ["a listed assignee, any case", config, { label: null, assignee: "ralph-bot" }, true],
    ["the second listed assignee", config, { label: null, assignee: "helper" }, true],
    [
      "another assignee, even with a listed label",
      config,
      { label: "ralph", assignee: "bob" },
      false,
    ],
    ["no assignee listed", closed, { label: null, assignee: "ralph" }, false],
    ["an opened issue, with on_open", config, { label: null }, true],
    ["an opened issue, without on_open", closed, { label: null }, false],
  ])("%s", (_name, cfg, signal, wanted) => {
    expect(triggerWanted(cfg, signal)).toBe(wanted);
  });
});
