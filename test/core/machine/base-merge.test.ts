/**
 * A moving base in the machine (DESIGN §2.3): `/ralph update` and GitHub's "unmergeable" start
 * the `merge_base` step on a finished pull request; its result decides what follows — nothing
 * (up to date), the regression gate on the merged tree (clean), or a follow-up round of source
 * `conflict` with a story Ralph formed itself (conflicts).
 */
import { describe, expect, it } from "vitest";
import type { AgentResult, MachineEvent } from "../../../src/core/events.js";
import {
  conflictDraft,
  mergeBeforeReady,
  onBaseMerged,
} from "../../../src/core/machine/base-merge.js";
import { makeCtx } from "../../../src/core/machine/context.js";
import { type MachineState, machineStateSchema } from "../../../src/core/state.js";
import {
  alice,
  checkedStep,
  cmd,
  config,
  GATE_HELD,
  PHASE_FIXTURES,
  reader,
  replyOf,
  result,
  verdict,
} from "./fixtures.js";

const GATED = config({ verify: { ci: "gate" } });
const HEAD = "d00d000000000000000000000000000000000001";
const BASE = "ba5e000000000000000000000000000000000001";

const step = (state: MachineState, event: MachineEvent, cfg = GATED) =>
  checkedStep(state, event, cfg);
const replies = replyOf;

type BaseMerged = Extract<AgentResult, { kind: "base_merged" }>;
/** The merge step's result: `main` merged into the branch as commit HEAD. */
const mergeResult = (outcome: BaseMerged["outcome"], files: string[] = []): BaseMerged => ({
  step: "merge_base",
  kind: "base_merged",
  outcome,
  head: HEAD,
  base: "main",
  files,
});
const merged = (outcome: BaseMerged["outcome"], files: string[] = []) =>
  result(mergeResult(outcome, files), { runs: 0 });

const unmergeable = (sha = HEAD, baseSha = BASE): MachineEvent => ({
  type: "base_unmergeable",
  pr: 7,
  sha,
  baseSha,
});

/** The merge step running, started by `/ralph update` on `from`. */
function merging(from: "done" | "ci"): MachineState {
  return step(PHASE_FIXTURES[from], cmd("update")).state;
}

describe("what starts a base merge", () => {
  it.each([
    { name: "/ralph update on done", state: PHASE_FIXTURES.done, event: cmd("update"), go: true },
    {
      name: "/ralph update while waiting for CI",
      state: PHASE_FIXTURES.ci,
      event: cmd("update"),
      go: true,
    },
    {
      name: "GitHub reports a conflict on done",
      state: PHASE_FIXTURES.done,
      event: unmergeable(),
      go: true,
    },
    {
      name: "GitHub reports a conflict in ci",
      state: PHASE_FIXTURES.ci,
      event: unmergeable(),
      go: true,
    },
    {
      name: "/ralph update while implementing",
      state: PHASE_FIXTURES.implementing,
      event: cmd("update"),
      go: false,
    },
    {
      name: "/ralph update before a PRD",
      state: PHASE_FIXTURES.idle,
      event: cmd("update"),
      go: false,
    },
    {
      name: "a conflict report while implementing",
      state: PHASE_FIXTURES.implementing,
      event: unmergeable(),
      go: false,
    },
    {
      name: "a conflict report about another pull request",
      state: PHASE_FIXTURES.done,
      event: { ...unmergeable(), pr: 8 } as MachineEvent,
      go: false,
    },
    {
      name: "a conflict report after the pull request was merged",
      state: { ...PHASE_FIXTURES.done, prClosed: { number: 7, merged: true } },
      event: unmergeable(),
      go: false,
    },
  ])("$name → merge: $go", ({ state, event, go }) => {
    const out = step(state, event);
    const dispatched = out.effects.some((e) => e.type === "dispatch" && e.step === "merge_base");
    expect(dispatched).toBe(go);
    if (go) {
      expect(out.state).toMatchObject({ phase: "verifying", pendingStep: "merge_base" });
      expect(out.state.baseMerge?.from).toBe(state.phase);
    }
  });

  it("a read-only user's /ralph update changes nothing", () => {
    const out = step(PHASE_FIXTURES.done, cmd("update", "", reader));
    expect(out.state.phase).toBe("done");
    expect(out.effects.some((e) => e.type === "dispatch")).toBe(false);
    expect(out.state.baseMerge).toBeNull();
  });

  it("/ralph update with nothing to update says why", () => {
    const out = step(PHASE_FIXTURES.implementing, cmd("update", "", alice));
    expect(replies(out.effects)).toContain("Nothing to update");
    expect(out.state.phase).toBe("implementing");
  });

  it("the same conflict report (head and base) starts one merge; a moved base another", () => {
    const first = step(PHASE_FIXTURES.done, unmergeable());
    const back = step(first.state, merged("up_to_date")).state;
    expect(back.phase).toBe("done");
    const again = step(back, unmergeable());
    expect(again.kinds).toBe("");
    const moved = step(back, unmergeable(HEAD, "ba5e000000000000000000000000000000000002"));
    expect(moved.state.pendingStep).toBe("merge_base");
  });
});

describe("the merge step's result", () => {
  it.each(["done", "ci"] as const)("up to date: back to %s, nothing else", (from) => {
    const out = step(merging(from), merged("up_to_date"));
    expect(out.state.phase).toBe(from);
    expect(out.state.pendingStep).toBeNull();
    expect(out.effects.some((e) => e.type === "dispatch" || e.type === "mark_pr_ready")).toBe(
      false,
    );
    expect(replies(out.effects)).toContain("nothing to merge");
  });

  it("clean: the regression gate on the merged tree (checks and every story), then the CI gate", () => {
    const out = step(merging("done"), merged("clean"));
    expect(out.state).toMatchObject({
      phase: "verifying",
      pendingStep: "verify",
      finalCheck: true,
    });
    expect(out.effects.at(-1)).toEqual({ type: "dispatch", step: "verify" });
    expect(replies(out.effects)).toContain("without conflict");
    const held = step(out.state, {
      type: "agent_result",
      result: {
        step: "verify",
        kind: "regression",
        commit: HEAD,
        regressed: [],
        criteria: [],
        problem: null,
      },
    });
    expect(held.state.phase).toBe("ci");
    expect(held.effects.some((e) => e.type === "mark_pr_ready")).toBe(false);
  });

  it.each(["done", "ci"] as const)(
    "conflicts from %s: a conflict round whose story Ralph formed, the files as feedback",
    (from) => {
      const files = ["src/greet.ts", "README.md"];
      const out = step(merging(from), merged("conflicts", files));
      expect(out.state).toMatchObject({ phase: "planning", pendingStep: "amend" });
      const round = out.state.followUp?.current;
      expect(round?.source).toBe("conflict");
      expect(round?.by).toBeNull();
      expect(round?.feedback.conflicts).toEqual(files);
      expect(round?.drafts).toHaveLength(1);
      const draft = round?.drafts[0];
      expect(draft?.title).toContain("`src/greet.ts`");
      expect(draft?.acceptanceCriteria.join("\n")).toContain("No conflict marker");
      // A pipe in a criterion (the diff3 marker): the verdict table escapes and reads it back.
      expect(draft?.acceptanceCriteria.join("\n")).toContain("`|`");
      expect(out.state.followUp?.triggers).toContain(`base:${HEAD}`);
      expect(replies(out.effects)).toContain("conflict with the default branch");
    },
  );

  it("a merge result while not merging changes nothing", () => {
    const out = step(PHASE_FIXTURES.done, merged("conflicts", ["a.ts"]));
    expect(out.state.followUp).toBeNull();
    expect(out.state.phase).toBe("done");
  });
});

describe("before ready: a base that moved while Ralph worked is merged first", () => {
  const gate: MachineState = {
    ...PHASE_FIXTURES.done,
    phase: "verifying",
    pendingStep: "verify",
    finalCheck: true,
  };
  /** A verify result (the gate held, by default) as the runner reports it, base moved or not. */
  const withBase = (r: AgentResult, baseAhead?: string): MachineEvent =>
    result(baseAhead === undefined ? r : ({ ...r, baseAhead } as AgentResult));
  const held = (baseAhead?: string) =>
    withBase((GATE_HELD as Extract<MachineEvent, { type: "agent_result" }>).result, baseAhead);
  const passed = (baseAhead?: string) => withBase(verdict("US-1", "c1", "PASS"), baseAhead);
  const OFF = config({ verify: { ci: "off" } });
  const mergingBeforeReady = (cfg = GATED) => step(gate, held(BASE), cfg).state;

  it.each([
    { name: "the base did not move, CI gate", base: undefined, cfg: GATED, phase: "ci", kinds: "" },
    {
      name: "the base did not move, no CI gate",
      base: undefined,
      cfg: OFF,
      phase: "done",
      kinds: "mark_pr_ready",
    },
    { name: "the base moved", base: BASE, cfg: GATED, phase: "verifying", kinds: "merge_base" },
  ])("the regression gate holds, $name → $phase", ({ base, cfg, phase, kinds }) => {
    const out = step(gate, held(base), cfg);
    expect(out.state.phase).toBe(phase);
    // The done marker is written either way; only a moved base adds a step, and nothing else.
    expect(out.effects.some((e) => e.type === "commit_files")).toBe(true);
    expect(out.effects.some((e) => e.type === "mark_pr_ready")).toBe(kinds === "mark_pr_ready");
    const merge = out.effects.some((e) => e.type === "dispatch" && e.step === "merge_base");
    expect(merge).toBe(kinds === "merge_base");
    if (merge) {
      expect(out.state.baseMerge).toMatchObject({ reason: "ready", from: "done" });
      expect(replies(out.effects)).toContain("moved while Ralph worked");
      expect(replies(out.effects)).not.toContain("ready for review");
    }
  });

  it("the last story's PASS (one story, no gate) with a moved base merges it", () => {
    const one: MachineState = {
      ...PHASE_FIXTURES.verifying,
      prd: {
        ...(PHASE_FIXTURES.verifying.prd as NonNullable<MachineState["prd"]>),
        stories: [{ id: "US-1", title: "One", status: "running", attempts: 1, commit: "c1" }],
      },
    };
    expect(step(one, passed(BASE)).state.pendingStep).toBe("merge_base");
    expect(step(one, passed()).state.phase).toBe("ci");
  });

  it("a moved base on a verify result that does not end the loop, or with no pull request, changes nothing", () => {
    const next = step(PHASE_FIXTURES.verifying, passed(BASE));
    expect(next.state).toMatchObject({ phase: "implementing", currentStory: "US-2" });
    const noPr = step({ ...gate, prNumber: null }, held(BASE), OFF);
    expect(noPr.state.phase).toBe("done");
    expect(noPr.effects.some((e) => e.type === "mark_pr_ready")).toBe(true);
  });

  it("clean: the gate on the merged tree, then the CI gate (the base no longer ahead)", () => {
    const gateAgain = step(mergingBeforeReady(), merged("clean"));
    expect(gateAgain.state).toMatchObject({ pendingStep: "verify", finalCheck: true });
    const after = step(gateAgain.state, held());
    expect(after.state.phase).toBe("ci");
    expect(after.state.pendingStep).toBeNull();
  });

  it.each([
    { cfg: GATED, phase: "ci", ready: false },
    { cfg: OFF, phase: "done", ready: true },
  ])("up to date after all (a shallow checkout's guess): on to ready, phase $phase", (c) => {
    const out = step(mergingBeforeReady(c.cfg), merged("up_to_date"), c.cfg);
    expect(out.state.phase).toBe(c.phase);
    expect(out.effects.some((e) => e.type === "mark_pr_ready")).toBe(c.ready);
    expect(out.effects.some((e) => e.type === "dispatch")).toBe(false);
  });

  it("conflicts: the conflict round, the pull request still a draft", () => {
    const out = step(mergingBeforeReady(), merged("conflicts", ["README.md"]));
    expect(out.state).toMatchObject({ phase: "planning", pendingStep: "amend" });
    expect(out.state.followUp?.current?.source).toBe("conflict");
    expect(out.effects.some((e) => e.type === "mark_pr_ready")).toBe(false);
  });

  it("a follow-up round that ends on a moved base: the round ends once the merge decided", () => {
    const round = step(PHASE_FIXTURES.done, cmd("fix", "rename the flag")).state;
    const inRound: MachineState = {
      ...gate,
      followUp: round.followUp,
    };
    expect(inRound.followUp?.current).not.toBeNull();
    const merging = step(inRound, held(BASE));
    expect(merging.state.pendingStep).toBe("merge_base");
    // Not said done yet: the merge may still need a round of its own.
    expect(merging.state.followUp?.current).not.toBeNull();
    const conflicts = step(merging.state, merged("conflicts", ["README.md"]));
    expect(replies(conflicts.effects)).toContain(
      "once the conflicts with the default branch are resolved",
    );
    expect(conflicts.state.followUp?.current?.source).toBe("conflict");
    expect(conflicts.state.followUp?.rounds).toBe((round.followUp?.rounds ?? 0) + 1);
  });
});

/** The merge step running on `from` (started by `/ralph update`), with `fields` besides. */
function mergingWith(from: "done" | "ci", fields: Record<string, unknown>): MachineState {
  return machineStateSchema.parse({ ...merging(from), ...fields });
}

describe("/ralph update with nothing to update", () => {
  it.each([
    [
      "no pull request yet",
      PHASE_FIXTURES.idle,
      "Nothing to update: there is no pull request of Ralph's on this issue yet.",
    ],
    [
      "a PRD waiting for approval",
      { ...PHASE_FIXTURES.awaiting_approval, prNumber: 7 },
      "Nothing to update: Ralph is waiting for approval of the PRD; it merges the default branch into a finished pull request (`ralph:done` or `ralph:ci`).",
    ],
    [
      // A re-plan's questions, with the draft pull request of the first plan open: Ralph's words
      // for the phase, as every other reply has them, not the phase's name.
      "a re-plan asking its questions",
      { ...PHASE_FIXTURES.questions, prNumber: 7 },
      "Nothing to update: Ralph is waiting for answers to its questions; it merges the default branch into a finished pull request (`ralph:done` or `ralph:ci`).",
    ],
  ])("%s", (_name, state, said) => {
    const out = step(state, cmd("update"), GATED);
    expect(out.kinds).toBe("acknowledge,reply");
    expect(replyOf(out.effects)).toBe(said);
  });
});

describe("mergeBeforeReady: only on a finished pull request Ralph holds", () => {
  it.each([
    ["merged already", { prClosed: { number: 7, merged: true } }],
    ["no PRD", { prd: null }],
  ])("%s: no merge", (_name, fields) => {
    const state = machineStateSchema.parse({ ...PHASE_FIXTURES.done, ...fields });
    const ctx = makeCtx(state, GATED);
    ctx.baseAhead = BASE;
    expect(mergeBeforeReady(ctx)).toBe(false);
    expect(ctx.effects).toEqual([]);
  });
});

describe("what a merge result says", () => {
  const CLEAN =
    "Ralph merged `main` into its branch without conflict (`d00d00000000`). Every story is re-verified on the merged tree (`verify.checks` and the regression gate)";

  it.each([
    ["with the CI gate", GATED, `${CLEAN}, then the repository's CI is waited for again.`],
    ["without it", config(), `${CLEAN}.`],
  ])("clean, %s", (_name, cfg, said) => {
    const out = step(merging("done"), merged("clean"), cfg);
    expect(replyOf(out.effects)).toBe(said);
  });

  it("up to date, with no merge on record: back to done", () => {
    const ctx = makeCtx(mergingWith("ci", { baseMerge: null }), GATED);
    onBaseMerged(ctx, mergeResult("up_to_date"));
    expect(ctx.s.phase).toBe("done");
    expect(replyOf(ctx.effects)).toBe(
      "The branch already holds everything of `main`: nothing to merge.",
    );
  });

  it.each(["done", "ci"] as const)(
    "conflicts from %s past limits.max_followups: the stop resumes there",
    (from) => {
      const spent = { followUp: { rounds: 5 } };
      const conflicts = merged("conflicts", ["a.ts"]);
      const out = step(mergingWith(from, spent), conflicts, GATED);
      expect(out.state).toMatchObject({ phase: "failed", resumePhase: from, resumeStep: null });
    },
  );
});

const KEEP_BOTH = (shown: string) =>
  `Every conflicted file (${shown}) keeps the intent of both sides: the changes of \`main\` and those of this branch`;
const NO_MARKER =
  "No conflict marker line (seven `<`, `|`, `=` or `>` signs at the start of a line) is left in those files";
const NO_WEAKENING = "No test or check is removed, skipped or weakened to resolve a conflict";

describe("conflictDraft: the story of a conflict round", () => {
  const files = (n: number) => Array.from({ length: n }, (_, i) => `f${i + 1}.ts`);
  const listed = (names: string[]) => names.map((f) => `\`${f}\``).join(", ");

  it("one file with a backtick in its name", () => {
    expect(conflictDraft(["we`ird.ts"], "main", HEAD)).toEqual({
      title: "Resolve the conflicts with main: `we'ird.ts`",
      acceptanceCriteria: [KEEP_BOTH("`we'ird.ts`"), NO_MARKER, NO_WEAKENING],
      notes:
        "Ralph formed this story from merging `main` into its branch (merge commit `d00d00000000`, which holds the markers in git's diff3 style).",
    });
  });

  it.each([
    [5, listed(files(5)), listed(files(5))],
    [6, `${listed(files(5))}, …`, listed(files(6))],
    [20, `${listed(files(5))}, …`, listed(files(20))],
    [21, `${listed(files(5))}, …`, `${listed(files(20))}, …`],
  ])("%i files: the title names five, the criterion twenty", (n, title, criterion) => {
    const draft = conflictDraft(files(n), "main", HEAD);
    expect(draft.title).toBe(`Resolve the conflicts with main: ${title}`.slice(0, 200));
    expect(draft.acceptanceCriteria[0]).toBe(KEEP_BOTH(criterion));
  });

  it("a title of long names is cut at 200 characters", () => {
    const title = conflictDraft(["y".repeat(300)], "main", HEAD).title;
    expect(title).toBe(`Resolve the conflicts with main: \`${"y".repeat(200)}`.slice(0, 200));
  });
});
