import * as z from "zod";
import type { AgentResult } from "../core/events.js";
import type { UserStory } from "../core/prd.js";
import type { MachineState } from "../core/state.js";
import { isAncestor } from "../git/base-merge.js";
import { withPushAuth } from "../git/git-auth.js";
import { git } from "../git/git-exec.js";
import type { PipelineContext } from "../pipeline/context.js";
import { type Lane, laneBranch } from "../pipeline/parallel-stories.js";
import type { UsageMeter } from "./step-outcome.js";
import type { StepContext } from "./steps.js";

/**
 * Seed 002 parallel groups as a job matrix (`parallel-runners`): each story of a batch runs in a
 * runner of its own, which pushes its short-lived branch (`ralph-parallel/<spec>/<story>`) with
 * one more commit of Ralph's on top, an empty one whose message carries the story's real results
 * (this record). The combine job reads it back: a runner's agent never holds the token, so only
 * Ralph's code in that runner can have pushed the branch, and the record is checked against the
 * dispatch (story, base) and the branch itself (the implement commit is the record's parent).
 */
const TRAILER = "Ralph-Parallel-Result";

const usageSchema = z.strictObject({
  runs: z.number().int().min(0),
  tokens: z.number().int().min(0),
  costUsd: z.number().min(0),
});

const laneRecordSchema = z.discriminatedUnion("ok", [
  z.strictObject({
    v: z.literal(1),
    story: z.string(),
    base: z.string(),
    ok: z.literal(true),
    implemented: z.custom<Extract<AgentResult, { kind: "implemented" }>>(
      (v) => (v as { kind?: unknown } | null)?.kind === "implemented",
    ),
    verdict: z.custom<Extract<AgentResult, { kind: "verdict" }>>(
      (v) => (v as { kind?: unknown } | null)?.kind === "verdict",
    ),
    usage: usageSchema,
  }),
  z.strictObject({
    v: z.literal(1),
    story: z.string(),
    base: z.string(),
    ok: z.literal(false),
    reason: z.string(),
    usage: usageSchema,
  }),
]);

export type LaneRecord = z.infer<typeof laneRecordSchema>;
export type LaneUsage = z.infer<typeof usageSchema>;

export function usageOf(meter: UsageMeter): LaneUsage {
  return { runs: meter.runs, tokens: meter.tokens, costUsd: meter.costUsd };
}

/** The commit message of the record commit: a line for humans, the record as a trailer. */
export function laneRecordMessage(specId: string, record: LaneRecord, group: unknown): string {
  const outcome = record.ok ? "PASS" : `not passed (${record.reason})`;
  const encoded = Buffer.from(JSON.stringify(record), "utf8").toString("base64");
  return `ralph(${specId}): ${record.story} ${outcome} in its own runner (parallel group ${String(group)})\n\n${TRAILER}: ${encoded}\n`;
}

/** The record a message carries, or null when it carries none or a malformed one. */
export function parseLaneRecord(message: string): LaneRecord | null {
  const match = new RegExp(`^${TRAILER}: ([A-Za-z0-9+/=]+)$`, "m").exec(message);
  if (match?.[1] === undefined) return null;
  try {
    const parsed = laneRecordSchema.safeParse(
      JSON.parse(Buffer.from(match[1], "base64").toString("utf8")),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type Dispatch = NonNullable<MachineState["parallelDispatch"]>;

/**
 * Fetches a story's short branch (with the token, as pushes are: the checkout keeps no
 * credentials); its tip, or null when no runner pushed it.
 */
export async function fetchLane(
  ctx: Pick<StepContext, "ws">,
  pipe: PipelineContext,
  branch: string,
): Promise<string | null> {
  try {
    await withPushAuth(pipe.git.root, ctx.ws.auth, () => pipe.git.fetch("origin", branch));
  } catch {
    return null;
  }
  return pipe.git.resolve(`refs/remotes/origin/${branch}`);
}

/**
 * The lanes of a dispatched batch as the combine job finds them: one per story, in batch order,
 * read from the branches the matrix pushed. A branch that is missing (its runner failed before
 * pushing, was cancelled or never started) or whose record does not hold is a lane that did not
 * pass. Every agent run the runners report goes on `meter`, passed or not (the run budget).
 */
export async function dispatchedLanes(
  ctx: Pick<StepContext, "ws">,
  pipe: PipelineContext,
  batch: readonly UserStory[],
  dispatch: Dispatch,
  meter: UsageMeter,
): Promise<Lane[]> {
  const root = pipe.git.root;
  const legs = batch.map((story) => ({ story, branch: laneBranch(pipe, story) }));
  const branches = legs.map((leg) => leg.branch);
  // Every lane in one round trip. git refuses the whole fetch when one branch is not on origin (a
  // leg that pushed nothing): then each lane on its own.
  const together =
    branches.length > 0 &&
    (await withPushAuth(root, ctx.ws.auth, () => pipe.git.fetch("origin", ...branches)).then(
      () => true,
      () => false,
    ));
  const lanes: Lane[] = [];
  for (const { story, branch } of legs) {
    const failed = (reason: string): Lane => ({
      story,
      ok: false,
      tree: null,
      reason,
      inRunner: true,
    });
    const tip = together
      ? await pipe.git.resolve(`refs/remotes/origin/${branch}`)
      : await fetchLane(ctx, pipe, branch);
    if (tip === null) {
      lanes.push(failed("its runner pushed no result (it failed, was cancelled or never ran)"));
      continue;
    }
    const [author = "", ...body] = (await git(root, ["log", "-1", "--format=%ae%n%B", tip])).split(
      "\n",
    );
    const record = author === pipe.botIdentity.email ? parseLaneRecord(body.join("\n")) : null;
    if (record === null || record.story !== story.id || record.base !== dispatch.base) {
      lanes.push(failed("its branch carries no result of Ralph's for this batch"));
      continue;
    }
    meter.runs += record.usage.runs;
    meter.tokens += record.usage.tokens;
    meter.costUsd += record.usage.costUsd;
    if (!record.ok) {
      lanes.push(failed(`in its runner, ${record.reason}`));
      continue;
    }
    const commit = record.implemented.commit;
    const parent = (await git(root, ["rev-parse", `${tip}^`]).catch(() => "")).trim();
    const onBase = () => isAncestor(root, dispatch.base, commit).catch(() => false);
    if (parent !== commit || !(await onBase())) {
      lanes.push(failed("its branch does not hold the commit its result names"));
      continue;
    }
    lanes.push({
      story,
      ok: true,
      tree: null,
      ref: commit,
      implemented: record.implemented,
      verdict: record.verdict,
      inRunner: true,
    });
  }
  return lanes;
}

/**
 * Deletes the short branches of `stories` that exist on origin (best effort: a branch left
 * behind is only clutter, and a later combine or story runner replaces it).
 */
export async function deleteLaneBranches(
  ctx: Pick<StepContext, "ws" | "log">,
  pipe: PipelineContext,
  stories: readonly string[],
): Promise<void> {
  const root = pipe.git.root;
  for (const id of stories) {
    const branch = laneBranch(pipe, { id });
    const listed = await withPushAuth(root, ctx.ws.auth, () =>
      git(root, ["ls-remote", "--heads", "origin", branch]),
    ).catch(() => "");
    if (listed.trim() === "") continue;
    try {
      await withPushAuth(root, ctx.ws.auth, () =>
        git(root, ["push", "origin", `:refs/heads/${branch}`]),
      );
      await git(root, ["update-ref", "-d", `refs/remotes/origin/${branch}`]).catch(() => "");
    } catch (error) {
      ctx.log(`could not delete ${branch}: ${(error as Error).message}`);
    }
  }
}
