import type { AgentResult } from "../core/events.js";
import { rejectionHeader } from "../core/rejection.js";
import type { MachineState } from "../core/state.js";
import { type PipelineContext, say } from "./context.js";
import { runImplementStep } from "./implement-step.js";
import { runRegressionStep } from "./regression-step.js";
import { readCandidate } from "./spec-files.js";
import {
  regressionStories,
  resumableCandidate,
  storyFor,
  toMachineResult,
} from "./story-step-inputs.js";
import { runVerifyStep } from "./verify-step.js";

/**
 * What an entry does around the one story step; everything else is the same for the Action and
 * the CLI (issue 12: one engine). The differences are only where state is kept.
 */
export interface StoryStepHooks {
  /** Before an implement agent run (the CLI: `--max-run-iterations`, its candidate cleared). */
  beforeImplement?: () => Promise<void>;
  /**
   * After the story commit (the Action pushes it with its candidate). Returns the commit the
   * verifier must judge, or null when nothing of the story is left.
   */
  afterImplement?: (storyId: string, commit: string) => Promise<string | null>;
  /** After a verdict on a story (the CLI drops its candidate: a verdict settles it). */
  afterVerdict?: () => Promise<void>;
}

export interface StoryStepOutcome {
  result: AgentResult;
  /** One line saying what happened (the Action's Step Summary). */
  summary: string;
}

/**
 * The step of the story loop the machine's state asks for (DESIGN §4.4): implement the current
 * story (or verify the candidate a dead runner left), verify it with the checks and the strict
 * verdict, or, with `finalCheck`, the regression gate over every story on the final tree.
 */
export function runStoryStep(
  pipe: PipelineContext,
  state: MachineState,
  step: "implement" | "verify",
  hooks: StoryStepHooks = {},
): Promise<StoryStepOutcome> {
  return step === "implement" ? implement(pipe, state, hooks) : verify(pipe, state, hooks);
}

async function implement(
  pipe: PipelineContext,
  state: MachineState,
  hooks: StoryStepHooks,
): Promise<StoryStepOutcome> {
  const found = await storyFor(pipe, state, "implement");
  if ("failure" in found) return { result: found.failure, summary: "no story to implement" };
  const { story, stored } = found;
  const recorded = resumableCandidate(await readCandidate(pipe), stored);
  if (recorded !== null && (await pipe.git.containsCommit(recorded))) {
    say(
      pipe,
      `  candidate ${recorded.slice(0, 12)} for ${story.id} is on the branch: verifying it instead of implementing again`,
    );
    return {
      result: { step: "implement", kind: "implemented", storyId: story.id, commit: recorded },
      summary: `resumed candidate ${recorded.slice(0, 12)} (no agent run)`,
    };
  }
  await hooks.beforeImplement?.();
  // A run that makes no story commit drops its leftovers itself (runImplementStep).
  const result = await runImplementStep(pipe, {
    story,
    attempt: stored.attempts + 1,
    feedback: state.verifierFeedback,
  });
  if (result.kind === "implemented") {
    const commit = hooks.afterImplement
      ? await hooks.afterImplement(story.id, result.commit)
      : result.commit;
    if (commit === null) {
      return {
        result: { step: "implement", kind: "no_progress", storyId: story.id },
        summary: "only workflow changes (posted as a patch)",
      };
    }
    return {
      result: toMachineResult({ ...result, commit }),
      summary: `commit ${commit.slice(0, 12)}`,
    };
  }
  return {
    result: toMachineResult(result),
    summary: result.kind === "no_progress" ? "no change" : describeFailure(result),
  };
}

async function verify(
  pipe: PipelineContext,
  state: MachineState,
  hooks: StoryStepHooks,
): Promise<StoryStepOutcome> {
  if (state.finalCheck) return regressionGate(pipe, state);
  const found = await storyFor(pipe, state, "verify");
  if ("failure" in found) return { result: found.failure, summary: "no story to verify" };
  const { story, stored } = found;
  if (stored.commit === null) {
    const message = `story ${story.id} has no implementation commit to verify`;
    return { result: { step: "verify", kind: "crash", message }, summary: "no commit" };
  }
  const result = await runVerifyStep(pipe, {
    story,
    commit: stored.commit,
    attempt: Math.max(1, stored.attempts),
    previousVerdictProblem: state.verdictProblem,
  });
  if (result.kind !== "verdict") return { result, summary: describeFailure(result) };
  await hooks.afterVerdict?.();
  const how = result.problem
    ? ` not accepted: ${result.problem}`
    : result.invalidation !== null
      ? " (PLAN_INVALIDATION)"
      : result.verdict === "FAIL"
        ? `: ${rejectionHeader(result.rejectedBy ?? { by: "verifier" }, { commit: result.commit })}`
        : ` on commit ${result.commit.slice(0, 7)}`;
  return { result: toMachineResult(result), summary: `verdict ${result.verdict}${how}` };
}

/** DESIGN §4.4 regression gate: every story re-verified on the final tree, before done. */
async function regressionGate(
  pipe: PipelineContext,
  state: MachineState,
): Promise<StoryStepOutcome> {
  const all = await regressionStories(pipe, state);
  if ("failure" in all) return { result: all.failure, summary: "no stories to re-check" };
  const result = await runRegressionStep(pipe, {
    ...all,
    previousVerdictProblem: state.verdictProblem,
  });
  if (result.kind !== "regression") return { result, summary: describeFailure(result) };
  const summary =
    result.problem !== null
      ? `final re-check not accepted: ${result.problem}`
      : result.regressed.length === 0
        ? "every story holds on the final tree"
        : regressionSummary(result);
  return { result, summary };
}

/** The stories the regression gate sent back, and who found it (a check, or its verifier). */
export function regressionSummary(result: Extract<AgentResult, { kind: "regression" }>): string {
  const ids = result.regressed.map((r) => r.storyId).join(", ");
  const by = result.regressed[0]?.rejectedBy ?? { by: "regression" as const };
  const who =
    by.by === "regression"
      ? "the verifier"
      : rejectionHeader(by, { commit: result.commit, finalTree: true });
  return `no longer holding on the final tree: ${ids} (${who})`;
}

/** A failed step's result in a few words. */
export function describeFailure(result: AgentResult): string {
  switch (result.kind) {
    case "crash":
      return `crash: ${result.message}`;
    case "invalid_output":
      return `invalid output: ${result.errors.join("; ")}`;
    case "usage_limit":
      return "usage limit";
    case "timeout":
      return "timed out";
    default:
      return result.kind;
  }
}
