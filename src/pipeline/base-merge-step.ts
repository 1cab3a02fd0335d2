/**
 * A moving base in the pipeline (DESIGN §2.3): the `merge_base` step merges the default branch
 * into Ralph's branch in this checkout (git/base-merge.ts: a merge commit, conflicts committed with
 * their markers), and a conflict round's verification runs one more check Ralph owns: no conflict
 * marker may be left in the files the merge conflicted in.
 */

import { counted } from "../core/counted.js";
import type { AgentResult } from "../core/events.js";
import type { Rejection } from "../core/rejection.js";
import { mergeDefaultBranch } from "../git/base-merge.js";
import { describeMarkers, findConflictMarkers } from "../git/conflict-markers.js";
import { type PipelineContext, say } from "./context.js";

export type BaseMergedResult = Extract<AgentResult, { kind: "base_merged" }>;

/** Merges `base` (the default branch's name on origin) into the checked-out branch; no push. */
export async function runBaseMergeStep(
  ctx: PipelineContext,
  input: { base: string },
): Promise<BaseMergedResult> {
  const merged = await mergeDefaultBranch(ctx.workspace, {
    base: input.base,
    identity: ctx.botIdentity,
  });
  const files = merged.kind === "conflicts" ? merged.files.map((f) => f.path) : [];
  say(
    ctx,
    `  merge ${input.base}: ${merged.kind.replace(/_/g, " ")}${files.length > 0 ? ` (${files.join(", ")})` : ""}`,
  );
  return {
    step: "merge_base",
    kind: "base_merged",
    outcome: merged.kind,
    head: merged.head,
    base: input.base,
    files,
  };
}

/** The command the rejection names: what Ralph ran, said in the review and the feedback. */
export const MARKER_CHECK = "no conflict markers left";

/**
 * In a round that resolves a base merge's conflicts (its feedback names the files): a marker
 * left in one of them fails the verification, as a failing `verify.checks` command does, before
 * any verifier run. Null when there is nothing to look for or nothing was found.
 */
export async function conflictMarkerFailure(
  ctx: PipelineContext,
): Promise<{ rejectedBy: Rejection; feedback: string } | null> {
  const files = ctx.followUp?.data.conflicts ?? [];
  if (files.length === 0) return null;
  const markers = await findConflictMarkers(ctx.workspace, { paths: files });
  if (markers.length === 0) return null;
  say(ctx, `  ${counted(markers.length, "conflict marker")} left in ${files.join(", ")}`);
  return {
    rejectedBy: { by: "check", command: MARKER_CHECK, exitCode: 1, timedOut: false },
    feedback: [
      "Resolve every conflict of the base merge: Ralph looks for conflict markers in the conflicted files on every attempt, before the verifier, and found these:",
      "",
      describeMarkers(markers),
    ].join("\n"),
  };
}
