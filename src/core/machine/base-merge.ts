/**
 * A moving base (DESIGN §2.3): Ralph merges the default branch into its branch — a merge commit,
 * never a rebase or a force-push of a branch people have reviewed — before it marks the work
 * ready (the runner of the last verify run saw the base move: `baseAhead`), on `/ralph update`,
 * or when GitHub reports its pull request unmergeable while Ralph holds it (done, or in CI). The
 * merge runs as the `merge_base` step in the runner that has the checkout (no agent); its result:
 * - up to date: back where it was, nothing changed;
 * - clean: `verify.checks` and the regression gate on the merged tree, then the CI gate again;
 * - conflicts: the merge commit with the markers is on the branch, and a follow-up round (source
 *   `conflict`) with a story Ralph forms itself resolves them; its verification fails on any
 *   marker left in those files (a check Ralph runs, pipeline/conflict-check.ts).
 */
import type { AgentResult, MachineEvent } from "../events.js";
import type { FollowUpDraftInput } from "../followup.js";
import type { MachineState } from "../state.js";
import { ciGated } from "./ci-wait.js";
import { type Ctx, dispatch, enter, PHASE_WORDS, reply } from "./context.js";
import { finishRound } from "./followup.js";
import { requestFollowUp } from "./followup-requests.js";
import { markWorkReady, startRegressionGate } from "./implementation.js";
import { statePullRequest } from "./pr-closed.js";
import { code } from "./text.js";

type BaseMerged = Extract<AgentResult, { kind: "base_merged" }>;
type Unmergeable = Extract<MachineEvent, { type: "base_unmergeable" }>;
type Reason = NonNullable<MachineState["baseMerge"]>["reason"];

/** Where a base merge may start: Ralph holds a finished pull request (done, or waiting for CI). */
function mayMerge(s: MachineState): boolean {
  return (
    statePullRequest(s) !== null &&
    s.prClosed === null &&
    s.prd !== null &&
    (s.phase === "done" || s.phase === "ci")
  );
}

/** `/ralph update`: merge the default branch now (write users; the command table says so). */
export function updateCommand(ctx: Ctx): void {
  const s = ctx.s;
  if (!mayMerge(s)) {
    const why =
      statePullRequest(s) === null
        ? "there is no pull request of Ralph's on this issue yet"
        : `Ralph is ${PHASE_WORDS[s.phase]}; it merges the default branch into a finished pull request (\`ralph:done\` or \`ralph:ci\`)`;
    reply(ctx, `Nothing to update: ${why}.`);
    return;
  }
  startMerge(ctx, "command", null);
}

/**
 * GitHub says the pull request conflicts with its base: merge it, once per report (head and base
 * commits): a report GitHub has not recomputed since Ralph's merge starts nothing again.
 */
export function onBaseUnmergeable(ctx: Ctx, ev: Unmergeable): void {
  const s = ctx.s;
  if (!mayMerge(s) || ev.pr !== statePullRequest(s)) return;
  const report = `${ev.sha}..${ev.baseSha}`;
  if (s.baseMerge?.report === report) return;
  startMerge(ctx, "unmergeable", report);
}

/**
 * Every story passed (a follow-up round's too) and the done marker is written, but the runner of
 * the last verify run saw the default branch move past the branch: merge it before the pull
 * request is marked ready. Up to date (no `baseAhead`), nothing happens here and nothing is spent.
 */
export function mergeBeforeReady(ctx: Ctx): boolean {
  if (ctx.baseAhead === null || !mayMerge(ctx.s)) return false;
  startMerge(ctx, "ready", null);
  return true;
}

const MERGE_WORDS: Record<Reason, string> = {
  command: "Ralph merges the default branch into its branch (a merge commit, never a rebase).",
  unmergeable:
    "GitHub reports that the pull request conflicts with the default branch: Ralph merges the default branch into its branch (a merge commit, never a rebase).",
  ready:
    "The default branch moved while Ralph worked: before the pull request is marked ready, Ralph merges it into its branch (a merge commit, never a rebase).",
};

function startMerge(ctx: Ctx, reason: Reason, report: string | null): void {
  const s = ctx.s;
  const from = s.phase;
  if (!dispatch(ctx, "verifying", "merge_base")) return;
  s.baseMerge = { reason, from, report: report ?? s.baseMerge?.report ?? null };
  reply(ctx, MERGE_WORDS[reason]);
}

export function onBaseMerged(ctx: Ctx, r: BaseMerged): void {
  const s = ctx.s;
  const from = s.baseMerge?.from ?? "done";
  const beforeReady = s.baseMerge?.reason === "ready";
  const merge = code(r.head.slice(0, 12));
  const base = code(r.base);
  switch (r.outcome) {
    case "up_to_date": {
      enter(ctx, from === "ci" ? "ci" : "done");
      reply(ctx, `The branch already holds everything of ${base}: nothing to merge.`);
      if (beforeReady) markWorkReady(ctx);
      return;
    }
    case "clean": {
      reply(
        ctx,
        `Ralph merged ${base} into its branch without conflict (${merge}). Every story is re-verified on the merged tree (\`verify.checks\` and the regression gate)${ciGated(ctx) ? ", then the repository's CI is waited for again" : ""}.`,
      );
      startRegressionGate(ctx);
      return;
    }
    case "conflicts": {
      // The round starts from where the work stood (done / ci), as any follow-up does.
      enter(ctx, from === "ci" ? "ci" : "done");
      // Before ready, a follow-up round whose stories all passed ends first; its pull request
      // waits for the conflict round.
      if (beforeReady) finishRound(ctx, "conflicts");
      requestFollowUp(ctx, {
        source: "conflict",
        actor: null,
        feedback: { conflicts: r.files },
        // `base:<sha>` fits the state's trigger cap (48 characters) whole.
        trigger: `base:${r.head}`,
        drafts: [conflictDraft(r.files, r.base, r.head)],
      });
      return;
    }
  }
}

/** The story of a conflict round: every conflicted file in its final form, no marker left. */
export function conflictDraft(
  files: readonly string[],
  base: string,
  head: string,
): FollowUpDraftInput {
  const names = files.map((f) => `\`${f.replace(/`/g, "'")}\``);
  const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? ", …" : "");
  return {
    title: `Resolve the conflicts with ${base}: ${shown}`.slice(0, 200),
    acceptanceCriteria: [
      `Every conflicted file (${names.slice(0, 20).join(", ")}${names.length > 20 ? ", …" : ""}) keeps the intent of both sides: the changes of ${code(base)} and those of this branch`,
      // The pipe is escaped where Ralph asks for the verdict table and read back either way.
      "No conflict marker line (seven `<`, `|`, `=` or `>` signs at the start of a line) is left in those files",
      "No test or check is removed, skipped or weakened to resolve a conflict",
    ],
    notes: `Ralph formed this story from merging \`${base}\` into its branch (merge commit \`${head.slice(0, 12)}\`, which holds the markers in git's diff3 style).`,
  };
}
