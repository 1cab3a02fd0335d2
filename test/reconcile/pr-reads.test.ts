/**
 * What Ralph reads on its finished pull request (src/reconcile/ci-read.ts, base-read.ts; DESIGN
 * §2.3): the checks on its head while it waits in `ci` (on a done PR only for a CI event about
 * it), the failing jobs' logs only for a red verdict not acted on yet, and the PR's mergeability
 * before them. Each case says what is read, on the fake GitHub, and what is not.
 */
import { afterEach, describe, expect, it } from "vitest";
import { defaultConfig, type RalphConfig } from "../../src/core/config.js";
import type { MachineEvent } from "../../src/core/events.js";
import { initialState, type MachineState } from "../../src/core/state.js";
import type { GitHubContext } from "../../src/github/client.js";
import { baseUnmergeableEvent, pullRequestReads } from "../../src/reconcile/base-read.js";
import { ciResultEvent } from "../../src/reconcile/ci-read.js";
import type { Signal } from "../../src/reconcile/signals.js";
import { OWNER, REPO } from "../fixtures/webhooks/index.js";
import { cleanNock, withFake } from "../github/helpers.js";
import type { MergeabilitySeed } from "../support/fake-github/ci-model.js";
import type { FakeGitHub } from "../support/fake-github/index.js";

afterEach(cleanNock);

const PR = 40;
const HEAD = "a".repeat(40);
const NEWER = "b".repeat(40);
const NOW = Date.parse("2024-06-01T10:00:00Z");
const PULL_PATH = `/repos/${OWNER}/${REPO}/pulls/${PR}`;
const CHECKS_PATH = (sha: string) => `/repos/${OWNER}/${REPO}/commits/${sha}/check-runs`;

function holding(phase: MachineState["phase"], patch: Partial<MachineState> = {}): MachineState {
  return {
    ...initialState(12),
    phase,
    prNumber: PR,
    prd: { revision: "r1", number: 1, branchName: "ralph/12-x", commentId: 5, stories: [] },
    ...patch,
  };
}

function seedPull(fake: FakeGitHub, state = "open", sha = HEAD) {
  fake.addPull({
    number: PR,
    title: "x",
    body: "Closes #12",
    state,
    head: { ref: "ralph/12-x", sha },
  });
}

const gate = (ci: "gate" | "off" = "gate"): RalphConfig => {
  const config = defaultConfig();
  return { ...config, verify: { ...config.verify, ci } };
};

const paths = (fake: FakeGitHub) => fake.requests.map((r) => r.path);

/** The CI gate's read with the gate on, at the test clock; `head`: as a read a moment ago saw it. */
const ciRead = (gh: GitHubContext, state: MachineState, signal: Signal, head?: string | null) =>
  ciResultEvent({
    gh,
    state,
    signal,
    config: gate(),
    now: () => NOW,
    ...(head === undefined ? {} : { head }),
  });

/** The base's read on a fresh fake holding the PR (`pull`: its state there) and its mergeability. */
async function baseRead(
  state: MachineState,
  signal: Signal,
  merge: MergeabilitySeed | null,
  options: { pull?: string; sleep?: (ms: number) => Promise<void> } = {},
) {
  const { fake, gh } = withFake();
  seedPull(fake, options.pull);
  if (merge !== null) fake.ci.setMergeability(PR, merge);
  const sleep = options.sleep ?? (async () => {});
  const read = await baseUnmergeableEvent({
    gh,
    state,
    signal,
    config: gate(),
    now: () => NOW,
    sleep,
  });
  return { fake, read };
}
const DIRTY: MergeabilitySeed = { mergeable: false, state: "dirty" };

describe("ciResultEvent: the CI gate's read", () => {
  const touch: Signal = { kind: "touch" };
  const ciOn = (pr: number, sha: string): Signal => ({ kind: "ci", pr, sha });

  it("waiting in ci: the checks on the PR's head, with the clock's time and who pushed", async () => {
    const { fake, gh } = withFake();
    seedPull(fake);
    fake.ci.addCheckRun({ sha: HEAD, name: "test", conclusion: "success" });
    const event = await ciRead(gh, holding("ci"), touch);
    expect(event).toMatchObject({
      type: "ci_result",
      sha: HEAD,
      at: "2024-06-01T10:00:00.000Z",
      verdict: { kind: "green", total: 1 },
      pushedBy: gh.botLogin,
    });
    expect(event !== null && "failures" in event).toBe(false);
    expect(paths(fake)).toContain(PULL_PATH);
  });

  it("the head known from a read a moment ago: the PR is not read again", async () => {
    const { fake, gh } = withFake();
    seedPull(fake);
    const event = await ciRead(gh, holding("ci"), touch, NEWER);
    expect(event).toMatchObject({ type: "ci_result", sha: NEWER });
    expect(paths(fake)).not.toContain(PULL_PATH);
    expect(paths(fake)).toContain(CHECKS_PATH(NEWER));
  });

  it("no head known (null): the PR is read for it", async () => {
    const { fake, gh } = withFake();
    seedPull(fake);
    const event = await ciRead(gh, holding("ci"), touch, null);
    expect(event).toMatchObject({ type: "ci_result", sha: HEAD });
    expect(paths(fake)).toContain(PULL_PATH);
  });

  it("Ralph's own workflow's checks are not the repository's CI", async () => {
    const { fake, gh } = withFake();
    seedPull(fake);
    fake.ci.addCheckRun({ sha: HEAD, name: "test", conclusion: "success" });
    fake.ci.addCheckRun({
      sha: HEAD,
      name: "ralph",
      conclusion: "failure",
      workflowPath: ".github/workflows/ralph.yml",
    });
    const event = await ciRead(gh, holding("ci"), touch, HEAD);
    expect(event).toMatchObject({ verdict: { kind: "green", total: 1 } });
  });

  it("a CI event about the PR: its commit, without reading the PR", async () => {
    const { fake, gh } = withFake();
    seedPull(fake);
    const event = await ciRead(gh, holding("ci"), ciOn(PR, NEWER), HEAD);
    expect(event).toMatchObject({ sha: NEWER });
    expect(paths(fake)).not.toContain(PULL_PATH);
  });

  it("a CI event about another PR while waiting: the PR's own head", async () => {
    const { fake, gh } = withFake();
    seedPull(fake);
    const event = await ciRead(gh, holding("ci"), ciOn(PR + 1, NEWER));
    expect(event).toMatchObject({ sha: HEAD });
  });

  it("done: only a CI event about its PR is read (a check that turns red later)", async () => {
    const { fake, gh } = withFake();
    seedPull(fake);
    const done = holding("done");
    expect(await ciRead(gh, done, ciOn(PR, HEAD))).toMatchObject({ sha: HEAD });
    const before = fake.requests.length;
    // Another event, a CI event about another PR, a sweep's conflict signal about this one.
    const others: Signal[] = [touch, ciOn(PR + 1, HEAD), { kind: "base", pr: PR }];
    for (const signal of others) {
      expect(await ciRead(gh, done, signal)).toBeNull();
    }
    expect(fake.requests.length).toBe(before);
  });

  it.each([
    ["verify.ci off", holding("ci"), gate("off")],
    ["the PR merged or closed", holding("ci", { prClosed: { number: PR, merged: true } }), gate()],
    ["no PR", holding("ci", { prNumber: null }), gate()],
    ["another phase", holding("implementing"), gate()],
  ])("%s: nothing read", async (_name, state, config) => {
    const { fake, gh } = withFake();
    seedPull(fake);
    expect(
      await ciResultEvent({ gh, state, signal: ciOn(PR, HEAD), config, now: () => NOW }),
    ).toBeNull();
    expect(fake.requests).toEqual([]);
  });

  it("the PR closed on GitHub (not yet in the state): no verdict", async () => {
    const { fake, gh } = withFake();
    seedPull(fake, "closed");
    expect(await ciRead(gh, holding("ci"), touch)).toBeNull();
    expect(paths(fake)).toEqual([PULL_PATH]);
  });

  it("red: the failing jobs' logs come with the verdict, unless that commit's red was taken in already", async () => {
    const { fake, gh } = withFake();
    seedPull(fake);
    fake.ci.addCheckRun({
      sha: HEAD,
      name: "test",
      conclusion: "failure",
      workflowPath: ".github/workflows/ci.yml",
      log: "boom\n",
    });
    const red = await ciRead(gh, holding("ci"), touch, HEAD);
    expect(red).toMatchObject({ verdict: { kind: "red" } });
    const failures = red !== null && "failures" in red ? red.failures : undefined;
    expect(failures?.map((f) => [f.name, f.source, f.log])).toEqual([["test", "job_log", "boom"]]);
    const seen = holding("ci", {
      followUp: { rounds: 1, current: null, queued: [], triggers: [`ci:${HEAD}`], since: null },
    });
    const again = await ciRead(gh, seen, touch, HEAD);
    expect(again).toMatchObject({ verdict: { kind: "red" } });
    expect(again !== null && "failures" in again).toBe(false);
  });
});

describe("baseUnmergeableEvent: a moving base's read", () => {
  const touch: Signal = { kind: "touch" };

  it("waiting in ci, conflicting: base_unmergeable with the heads read", async () => {
    const { read } = await baseRead(holding("ci"), touch, DIRTY);
    expect(read.event).toMatchObject({ type: "base_unmergeable", pr: PR, sha: HEAD });
    expect(read.event !== null && "baseSha" in read.event && typeof read.event.baseSha).toBe(
      "string",
    );
    expect(read.head).toBe(HEAD);
  });

  it("mergeable: no event, the head it read", async () => {
    const { read } = await baseRead(holding("ci"), touch, { mergeable: true, state: "clean" });
    expect(read).toEqual({ event: null, head: HEAD });
  });

  it("still computed after one pause: no event, left to the next one", async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
    };
    const { read } = await baseRead(
      holding("ci"),
      touch,
      { ...DIRTY, computingReads: 5 },
      { sleep },
    );
    expect(read.event).toBeNull();
    expect(slept).toEqual([1_000]);
  });

  it("closed on GitHub: nothing", async () => {
    const { read } = await baseRead(holding("ci"), touch, null, { pull: "closed" });
    expect(read).toEqual({ event: null, head: null });
  });

  it.each([
    ["done, a sweep found it conflicting", { kind: "base", pr: PR } as Signal, true],
    ["done, a CI event about it", { kind: "ci", pr: PR, sha: HEAD } as Signal, true],
    ["done, a sweep about another PR", { kind: "base", pr: PR + 1 } as Signal, false],
    ["done, another event", touch, false],
    ["done, another event about it", { kind: "pr_reopened", pr: PR } as Signal, false],
  ])("%s: read %s", async (_name, signal, reads) => {
    const { fake, read } = await baseRead(holding("done"), signal, DIRTY);
    expect(read.event !== null).toBe(reads);
    expect(fake.requests.length > 0).toBe(reads);
  });

  it.each([
    ["no PR", holding("ci", { prNumber: null })],
    ["the PR closed", holding("ci", { prClosed: { number: PR, merged: false } })],
    ["no PRD", holding("ci", { prd: null })],
    ["another phase", holding("verifying")],
  ])("%s: nothing read", async (_name, state) => {
    const { fake, read } = await baseRead(state, { kind: "base", pr: PR }, DIRTY);
    expect(read).toEqual({ event: null, head: null });
    expect(fake.requests).toEqual([]);
  });
});

describe("pullRequestReads: the base first, then the CI of the head it read", () => {
  it("a conflict and the checks: both events in that order, the PR read once", async () => {
    const { fake, gh } = withFake();
    seedPull(fake);
    fake.ci.setMergeability(PR, { mergeable: false, state: "dirty" });
    const stepped: MachineEvent[] = [];
    await pullRequestReads(
      { gh, signal: { kind: "touch" }, config: gate(), now: () => NOW, sleep: async () => {} },
      { state: holding("ci"), step: (e) => stepped.push(e) },
    );
    expect(stepped.map((e) => e.type)).toEqual(["base_unmergeable", "ci_result"]);
    expect(paths(fake).filter((p) => p === PULL_PATH)).toHaveLength(1);
  });

  it("nothing to say: no event", async () => {
    const { fake, gh } = withFake();
    seedPull(fake);
    const stepped: MachineEvent[] = [];
    await pullRequestReads(
      { gh, signal: { kind: "touch" }, config: gate(), now: () => NOW },
      { state: holding("implementing"), step: (e) => stepped.push(e) },
    );
    expect(stepped).toEqual([]);
  });
});
