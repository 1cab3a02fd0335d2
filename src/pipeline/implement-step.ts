import { buildImplementerPrompt } from "../agents/prompts/implementer.js";
import type { AgentResult } from "../core/events.js";
import { homePaths } from "../core/plan-meta.js";
import type { UserStory } from "../core/prd.js";
import { isPathAllowed } from "../git/paths.js";
import { protectedRoots, runAgent } from "./agent-run.js";
import { type PipelineContext, pathsOf, redactForBranch, say } from "./context.js";
import { promptContext, promptPaths } from "./prompt-context.js";
import {
  readPlan,
  readPrd,
  readText,
  removeFile,
  SpecFileError,
  writeCandidate,
  writeText,
} from "./spec-files.js";

export interface ImplementStepInput {
  story: UserStory;
  /** 1-based attempt at this story. */
  attempt: number;
  /** The verifier's feedback on the previous attempt. */
  feedback?: string | null;
}

export type ImplementStepResult = Extract<
  AgentResult,
  { step: "implement" } | { kind: "timeout" | "usage_limit" | "crash" | "invalid_output" }
> & { revertedRalphFiles?: string[] };

/**
 * `ralph(<spec-id>): <story-id> <title>` (DESIGN §4.4); a retry says which attempt it is,
 * `ralph(<spec-id>): <story-id> attempt 2: <title>`, so `git log --oneline` tells the attempts
 * apart. The first attempt keeps the plain subject: most stories take one, and nothing reads the
 * subject back (resume goes by the candidate file and the state, parallel runners by a trailer).
 */
export function implementCommitMessage(
  specId: string,
  story: Pick<UserStory, "id" | "title">,
  attempt = 1,
): string {
  const title = story.title.replace(/\s+/g, " ").trim();
  const which = attempt > 1 ? ` attempt ${attempt}:` : "";
  return `ralph(${specId}): ${story.id}${which} ${title}`.slice(0, 200);
}

/**
 * Ralph's own state the implementer must not touch, as git path entries: each protected root
 * itself (a `done` folder replaced by a link is a change of that path) and everything below it.
 */
export function protectedPaths(ctx: PipelineContext): string[] {
  return protectedRoots(ctx).flatMap((root) => [root, `${root}/`]);
}

/**
 * One implementer run for one story (DESIGN §4.4). Ralph commits what changed as the bot with
 * `Co-authored-by:` trailers; a run that changed nothing is `no_progress`. Changes to Ralph's own
 * files are reverted first. On success the candidate file (seed 000) records the commit, so a
 * runner killed before verification resumes by verifying instead of implementing again.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one implementer run whose guards must run in this order (protect, run, revert Ralph's files, commit, record the candidate); split, the order would be easy to break.
export async function runImplementStep(
  ctx: PipelineContext,
  input: ImplementStepInput,
): Promise<ImplementStepResult> {
  const { story, attempt } = input;
  const plan = await readPlan(ctx);
  if (plan === null) throw new SpecFileError(`no active plan for ${ctx.spec.rel}`);
  const prd = await readPrd(ctx);
  const context = await promptContext(ctx);
  const prompt = buildImplementerPrompt({
    specId: ctx.spec.id,
    goal: context.goal,
    paths: promptPaths(ctx),
    plan,
    story,
    allStories: prd.ok ? prd.prd.userStories : [],
    attempt,
    maxAttempts: ctx.config.limits.max_attempts,
    previousFeedback: input.feedback ?? null,
    progress: context.progress,
    codebaseMap: context.codebaseMap,
    followUp: ctx.followUp?.data ?? null,
  });
  const baseSha = await ctx.git.headSha();
  const branch = await ctx.git.currentBranch();
  // The only scan before the run: the uncommitted state that is Ralph's (a crashed run's
  // candidate) and git's control files.
  const gitControl = await ctx.git.snapshotGitControl();
  const candidatePath = pathsOf(ctx).candidate;
  const candidateBefore = await readText(ctx, candidatePath);
  say(
    ctx,
    `  implement ${ctx.spec.id} ${story.id}: attempt ${attempt}/${ctx.config.limits.max_attempts}`,
  );
  const outcome = await runAgent(ctx, {
    step: "implement",
    role: "implement",
    prompt,
    env: { RALPH_STORY_ID: story.id, RALPH_ATTEMPT: String(attempt) },
    logName: `implement-${story.id}-attempt-${attempt}`,
  });

  // Before any other git command: a planted hook or config entry (core.fsmonitor, a filter)
  // would run inside Ralph's own git processes, which later hold push credentials.
  const planted = await ctx.git.restoreGitControl(gitControl);
  if (planted.length > 0) {
    say(ctx, `  implement ${story.id}: restored git's own files: ${planted.join(", ")}`);
  }
  // Whatever the agent committed, reset or checked out becomes uncommitted changes on Ralph's
  // branch at baseSha: Ralph makes the only commit, and the checks below see everything.
  if (await ctx.git.reattachHead(branch, baseSha)) {
    say(
      ctx,
      `  implement ${story.id}: the agent moved HEAD; its changes are re-based on ${branch}`,
    );
  }
  // runAgent already put the files back by content and type; what the agent committed or staged
  // there is still in the index, and must not ride along in Ralph's commit.
  const guarded = protectedPaths(ctx);
  // The only scan after the run: what it changed. (Uncommitted state from before the run, a
  // crashed run's candidate, is Ralph's and stays.)
  const after = await ctx.git.workingTreeChanges();
  const touched = after.filter((p) => isPathAllowed(p, guarded) && !gitControl.has(p));
  await ctx.git.revertPaths(touched);
  const left = after.filter((p) => !touched.includes(p));
  // A run that ends without a story commit must not leak its leftovers into the next attempt's.
  const dropLeftovers = () => ctx.git.revertPaths(left.filter((p) => !gitControl.has(p)));
  // The candidate file is back to its content before the run (a leftover of a crashed run is
  // Ralph's; anything the agent wrote there would choose the commit the verifier judges).
  if ((await readText(ctx, candidatePath)) !== candidateBefore) {
    if (candidateBefore === null) await removeFile(ctx, candidatePath);
    else await writeText(ctx, candidatePath, candidateBefore);
  }
  const reverted = [...new Set([...outcome.restoredProtected, ...touched])].sort();
  if (reverted.length > 0) {
    say(ctx, `  implement ${story.id}: reverted changes to Ralph's files: ${reverted.join(", ")}`);
  }
  if (!outcome.ok) {
    await dropLeftovers();
    return { ...outcome.failure, revertedRalphFiles: reverted };
  }

  // Progress = a diff since the run began (agent commits are uncommitted changes again by now).
  // The candidate file is Ralph's own; learnings in progress.md are welcome in the commit but
  // are not the story's work.
  const h = homePaths(ctx.config.ralph_home);
  const candidates = [`${h.candidatesDir}/`];
  const changes = left.filter((p) => !isPathAllowed(p, [...candidates, h.progress]));
  const noProgress = async () => {
    await dropLeftovers();
    return {
      step: "implement" as const,
      kind: "no_progress" as const,
      storyId: story.id,
      revertedRalphFiles: reverted,
    };
  };
  if (changes.length === 0) return noProgress();
  const message = redactForBranch(ctx, implementCommitMessage(ctx.spec.id, story, attempt));
  // Staged from the scan above: no second scan of the whole tree for the commit.
  const sha = await ctx.git.commitAll(message, {
    author: ctx.botIdentity,
    coAuthors: ctx.coAuthors,
    exclude: candidates,
    changed: left,
  });
  const commit = sha ?? baseSha;
  if (commit === baseSha) return noProgress();
  await writeCandidate(ctx, { commit, storyId: story.id, nowIso: ctx.clock.now().toISOString() });
  return {
    step: "implement",
    kind: "implemented",
    storyId: story.id,
    commit,
    revertedRalphFiles: reverted,
  };
}
