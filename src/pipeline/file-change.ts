import type { FileChange } from "../core/effects.js";
import { invalidatePlanInfo, type PlanInfo } from "../core/plan-meta.js";
import { type PipelineContext, pathsOf, redactForBranch } from "./context.js";
import {
  archivePlanFile,
  readPlanMeta,
  readPrd,
  readStoryVerdicts,
  renderDoneMarker,
  SpecFileError,
  type StoryVerdictRow,
  writePlanMeta,
  writePrd,
  writeStoryVerdicts,
  writeText,
} from "./spec-files.js";

export interface FileChangeResult {
  /** The commit made, or null when the files were already in that state. */
  commit: string | null;
  /** Repo-relative paths written. */
  paths: string[];
}

export interface FileChangeDetails {
  /** Verification table rows for the done marker (default: from the PRD's `passes` flags). */
  rows?: readonly StoryVerdictRow[];
}

async function commit(
  ctx: PipelineContext,
  message: string,
  paths: string[],
): Promise<FileChangeResult> {
  const sha = await ctx.git.commitAll(redactForBranch(ctx, message), {
    author: ctx.botIdentity,
    coAuthors: ctx.coAuthors,
    paths,
  });
  return { commit: sha, paths };
}

/**
 * `passes: false` again for the stories the regression gate found no longer holding, with the
 * gate's table rows for them in the stories sidecar.
 */
async function reopenStories(
  ctx: PipelineContext,
  change: Extract<FileChange, { kind: "reopen_stories" }>,
  now: string,
): Promise<FileChangeResult> {
  const prd = await readPrd(ctx);
  if (!prd.ok) throw new SpecFileError(`cannot reopen stories: ${prd.errors.join("; ")}`);
  const ids = new Set(change.storyIds);
  await writePrd(ctx, {
    ...prd.prd,
    userStories: prd.prd.userStories.map((s) => (ids.has(s.id) ? { ...s, passes: false } : s)),
  });
  const rowsOf = (id: string) =>
    (change.criteria ?? [])
      .filter((c) => c.story?.trim().toLowerCase() === id.toLowerCase())
      .map((c) => ({ criterion: c.criterion, pass: c.pass }));
  const sidecar = await writeStoryVerdicts(
    ctx,
    change.storyIds.map((id) => ({
      id,
      status: "reopened" as const,
      commit: null,
      at: now,
      criteria: rowsOf(id),
    })),
  );
  return commit(
    ctx,
    `ralph(${ctx.spec.id}): ${change.storyIds.join(", ")} no longer verified on the final tree`,
    [pathsOf(ctx).prd, sidecar],
  );
}

/**
 * The done marker's rows with what the branch knows better than the state: the PRD's full
 * titles, and from the stories sidecar the verified commit and the verifier's criteria.
 */
async function detailedRows(
  ctx: PipelineContext,
  rows: readonly StoryVerdictRow[],
): Promise<StoryVerdictRow[]> {
  const prd = await readPrd(ctx);
  const verdicts = await readStoryVerdicts(ctx);
  return rows.map((row) => {
    const story = prd.ok ? prd.prd.userStories.find((s) => s.id === row.id) : undefined;
    const verdict = verdicts?.stories.find((v) => v.id === row.id && v.status === "verified");
    return {
      ...row,
      title: story?.title ?? row.title,
      commit: row.commit ?? verdict?.commit ?? null,
      criteria: row.criteria.length > 0 ? row.criteria : (verdict?.criteria ?? []),
    };
  });
}

/** `passes: true` in the PRD, and the verified commit and criteria in the stories sidecar. */
async function markStoryPassed(
  ctx: PipelineContext,
  change: Extract<FileChange, { kind: "mark_story_passed" }>,
  now: string,
): Promise<FileChangeResult> {
  const paths = pathsOf(ctx);
  const prd = await readPrd(ctx);
  if (!prd.ok) throw new SpecFileError(`cannot mark ${change.storyId}: ${prd.errors.join("; ")}`);
  if (!prd.prd.userStories.some((s) => s.id === change.storyId)) {
    throw new SpecFileError(`story ${change.storyId} is not in ${paths.prd}`);
  }
  await writePrd(ctx, {
    ...prd.prd,
    userStories: prd.prd.userStories.map((s) =>
      s.id === change.storyId ? { ...s, passes: true } : s,
    ),
  });
  const sidecar = await writeStoryVerdicts(ctx, [
    {
      id: change.storyId,
      status: "verified",
      commit: change.commit ?? null,
      at: now,
      criteria: change.criteria ?? [],
    },
  ]);
  return commit(ctx, `ralph(${ctx.spec.id}): ${change.storyId} verified`, [paths.prd, sidecar]);
}

/**
 * Performs an Effect `commit_files` change (DESIGN §5) and commits exactly those files as the bot:
 * - mark_story_passed: `passes: true` for the story in `<rel>.prd.json`, its commit and criteria
 *   in `<rel>.stories.json`;
 * - archive_plan: `<rel>.md` → `<rel>.attempt-N.md`, meta `invalidated` with reason and time
 *   (N is the meta's attempt when a meta exists, so re-planning finds the archive; else
 *   `change.attempt`);
 * - done_marker: `done/<rel>.md` with the commit, time and verification table.
 */
export async function applyFileChange(
  ctx: PipelineContext,
  change: FileChange,
  details: FileChangeDetails = {},
): Promise<FileChangeResult> {
  const paths = pathsOf(ctx);
  const now = ctx.clock.now().toISOString();
  switch (change.kind) {
    case "mark_story_passed":
      return markStoryPassed(ctx, change, now);
    case "archive_plan": {
      const meta: PlanInfo = (await readPlanMeta(ctx)) ?? {
        spec_rel: ctx.spec.rel,
        spec_id: ctx.spec.id,
        status: "active",
        created_at_utc: now,
        invalidated_at_utc: null,
        invalidation_reason: null,
        attempt: change.attempt,
      };
      const archived = await archivePlanFile(ctx, meta.attempt);
      const reason = redactForBranch(ctx, change.reason).replace(/\s+/g, " ").trim();
      await writePlanMeta(ctx, invalidatePlanInfo(meta, reason, now));
      return commit(
        ctx,
        `ralph(${ctx.spec.id}): plan attempt ${meta.attempt} invalidated\n\nPLAN_INVALIDATION reason: ${reason}`,
        [paths.plan, paths.planMeta, ...(archived ? [archived] : [])],
      );
    }
    case "reopen_stories":
      return reopenStories(ctx, change, now);
    case "done_marker": {
      const prd = await readPrd(ctx);
      const meta = await readPlanMeta(ctx);
      const rows = await detailedRows(
        ctx,
        details.rows ??
          (prd.ok
            ? prd.prd.userStories.map<StoryVerdictRow>((s) => ({
                id: s.id,
                title: s.title,
                verdict: s.passes ? "PASS" : "not verified in this run",
                commit: null,
                criteria: [],
              }))
            : []),
      );
      // The criteria come from the verifier's output.
      await writeText(
        ctx,
        paths.done,
        redactForBranch(
          ctx,
          renderDoneMarker({
            specId: ctx.spec.id,
            specFile: ctx.spec.file,
            commit: change.commit,
            nowIso: now,
            planAttempt: meta?.attempt ?? null,
            rows,
          }),
        ),
      );
      return commit(ctx, `ralph(${ctx.spec.id}): done`, [paths.done]);
    }
  }
}

/**
 * Commits a fresh plan: the spec, plan, plan meta, PRD and progress notes (DESIGN §2.1 step 4).
 * Only those paths, so nothing else in the tree is swept into the commit.
 */
export async function commitPlanFiles(
  ctx: PipelineContext,
  attempt: number | null,
): Promise<FileChangeResult> {
  const paths = pathsOf(ctx);
  const files = [ctx.spec.file, paths.plan, paths.planMeta, paths.prd, paths.progress];
  const label = attempt === null ? "plan" : `plan attempt ${attempt}`;
  return commit(ctx, `ralph(${ctx.spec.id}): ${label}`, files);
}
