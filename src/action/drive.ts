import { AgentConfigError } from "../agents/create-agent.js";
import { backoffDelayMs, USAGE_LIMIT_SLACK_SECONDS } from "../core/completion.js";
import type { AgentResult, AgentUsage, MachineEvent } from "../core/events.js";
import { transition } from "../core/machine/index.js";
import { type AgentStep, isAgentPhase, type MachineState } from "../core/state.js";
import { PushRejectedError } from "../git/repository.js";
import { isNotFound } from "../github/client.js";
import { postComment } from "../github/comments.js";
import { loadStatus, StateConflictError } from "../github/status.js";
import { FORK_REFUSAL, FORK_REFUSAL_KEY } from "../reconcile/issue-info.js";
import { type CheckpointResult, checkpoint } from "./checkpoint.js";
import type { ActionPhase } from "./inputs.js";
import { type IssueSession, persist } from "./session.js";
import type { StepContext, StepOutcome } from "./steps.js";
import { ForkRefusedError } from "./target.js";

export interface DriveOptions {
  /** The `phase` input: an explicit step is checked against what the state asks for. */
  phase: ActionPhase;
  /** Builds what a step needs (workspace, target, co-authors); may throw ForkRefusedError. */
  prepareStep: (state: MachineState) => Promise<StepContext>;
  runStep: (ctx: StepContext, state: MachineState, step: AgentStep) => Promise<StepOutcome>;
  /** Hands the rest of the work to a new run (deadline reached). */
  continueLater: (step: AgentStep) => Promise<void>;
}

/** More steps than any budget allows: a guard against a machine that keeps dispatching. */
const MAX_STEPS_PER_RUN = 200;

/** Usage-limit waits one run sits out before the result goes to the machine as a failure. */
const MAX_USAGE_WAITS_PER_RUN = 3;

/**
 * The Action's loop (DESIGN §6): checkpoint → run the step the state asks for → feed its result to
 * the machine → save → effects, until a human gate, a terminal phase, or the deadline.
 */
export async function driveIssue(session: IssueSession, options: DriveOptions): Promise<void> {
  let checkedPhaseInput = options.phase === "auto";
  const waits = { usage: 0 };
  for (let steps = 0; ; steps++) {
    const cp = await checkpoint(session);
    if (cp.kind === "stop") {
      session.record.state = cp.state ?? session.record.state;
      if (cp.state !== null) await session.phases?.observe(cp.state);
      session.record.notes.push(cp.reason);
      if (session.record.state === null) session.record.refusal = cp.reason;
      return;
    }
    const state = cp.lookup.state;
    session.record.state = state;
    await session.phases?.observe(state);
    const step = state.pendingStep;
    if (!isAgentPhase(state.phase) || step === null) return;
    if (!checkedPhaseInput) {
      checkedPhaseInput = true;
      if (options.phase !== step) {
        session.log.warn(
          `dispatched for the ${options.phase} step, but the issue's state asks for ${step}: running ${step}`,
        );
        session.record.notes.push(
          `Dispatched for \`${options.phase}\`; the state asked for \`${step}\`, which ran instead.`,
        );
      }
    }
    if (steps >= MAX_STEPS_PER_RUN || session.clock.now().getTime() >= session.deadline) {
      await options.continueLater(step);
      session.record.notes.push(
        `Time budget of this run used up (limits.phase_timeout_minutes); the ${step} step continues in a new run.`,
      );
      return;
    }
    if (state.breaker.count > 0) {
      // The last run(s) failed the same way: back off before trying again (DESIGN §4.5).
      const ms = backoffDelayMs(state.breaker.count, session.backoff);
      session.log.info(
        `the previous ${step} attempt failed (${state.breaker.signature}); waiting ${Math.round(ms / 1000)}s`,
      );
      await session.clock.sleep(ms);
    }
    if (!(await runOne(session, options, cp, step, waits))) return;
  }
}

/**
 * Seed 001 usage limits on GitHub: a limit whose reset is within `limits.max_usage_wait_minutes`
 * is a wait, not a failure. The agent run already waited for a reset within this run's time;
 * what it hands back resets later, so this run sits out the wait (up to its deadline) with no
 * result for the machine — no attempt, no breaker count — and the step runs again, here or, past
 * the deadline, in a new run (continueLater). Returns the milliseconds to wait, or null when the
 * result goes to the machine: a research run (which never blocks), an unknown or too distant
 * reset, or a run that already waited MAX_USAGE_WAITS_PER_RUN times.
 */
function usageLimitWait(
  session: IssueSession,
  result: AgentResult,
  waits: { usage: number },
): number | null {
  if (result.kind !== "usage_limit" || result.step === "research") return null;
  const reset = result.retryAfterSeconds;
  if (reset === null || reset > session.config.limits.max_usage_wait_minutes * 60) return null;
  if (waits.usage >= MAX_USAGE_WAITS_PER_RUN) return null;
  waits.usage += 1;
  const left = Math.max(0, session.deadline - session.clock.now().getTime());
  return Math.min((reset + USAGE_LIMIT_SLACK_SECONDS) * 1000, left);
}

async function runOne(
  session: IssueSession,
  options: DriveOptions,
  cp: Extract<CheckpointResult, { kind: "ok" }>,
  step: AgentStep,
  waits: { usage: number },
): Promise<boolean> {
  const state = cp.lookup.state;
  const storyId = step === "implement" || step === "verify" ? state.currentStory : null;
  const started = session.clock.now().getTime();
  session.log.info(
    `#${session.issue.number}: running the ${step} step${storyId === null ? "" : ` for ${storyId}`}`,
  );
  let event: MachineEvent;
  let summary: string;
  let followUps: MachineEvent[] = [];
  try {
    const ctx = await options.prepareStep(state);
    const outcome = await options.runStep(ctx, state, step);
    if (outcome.handOff !== undefined) {
      session.record.steps.push({
        step,
        storyId,
        outcome: outcome.summary,
        durationMs: session.clock.now().getTime() - started,
      });
      return !(await saveHandOff(session, cp, outcome.handOff));
    }
    const wait = usageLimitWait(session, outcome.result, waits);
    if (wait !== null) {
      const minutes = Math.ceil(wait / 60_000);
      session.log.info(
        `the ${step} step hit the agent's usage limit; waiting ${minutes} min for the reset (not a failure)`,
      );
      session.record.steps.push({
        step,
        storyId,
        outcome: `usage limit: waited ${minutes} min for the reset`,
        durationMs: session.clock.now().getTime() - started,
      });
      await session.clock.sleep(wait);
      return true;
    }
    event = resultEvent(session, outcome.result, outcome.usage);
    followUps = (outcome.followUps ?? []).map((f) => resultEvent(session, f.result, f.usage));
    summary = outcome.summary;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof PushRejectedError) {
      // Permanent for this run: the branch changed on GitHub while the step ran.
      const reason = `Ralph could not push to \`${error.branch}\`: the branch changed on GitHub while the ${step} step ran (someone pushed to it, deleted it, or protected it). Ralph never overwrites commits it did not make, so this step's work was not pushed. Fix the branch if needed, then comment \`/ralph run\` to continue from the branch as it is now.`;
      session.log.error(`the ${step} step failed: ${message}`);
      event = { type: "run_failed", conclusion: reason, runUrl: session.runUrl };
      summary = `push rejected: ${message}`;
    } else if (error instanceof ForkRefusedError || error instanceof AgentConfigError) {
      // Permanent: retrying cannot help, so the run ends the issue's work with the reason.
      if (error instanceof ForkRefusedError) {
        await postComment(session.gh, session.issue.number, FORK_REFUSAL, {
          key: FORK_REFUSAL_KEY,
        });
      }
      event = { type: "run_failed", conclusion: `refused: ${message}`, runUrl: session.runUrl };
      summary = `refused: ${message}`;
    } else {
      session.log.error(`the ${step} step failed: ${message}`);
      event = resultEvent(session, { step, kind: "crash", message }, {});
      summary = `crash: ${message}`;
    }
  }
  session.record.steps.push({
    step,
    storyId,
    outcome: summary,
    durationMs: session.clock.now().getTime() - started,
  });
  await applyResult(session, event, cp);
  // A parallel batch settled several stories: their results, in the machine's order, each on
  // the state the one before saved (read afresh).
  for (const next of followUps) await applyResult(session, next);
  return true;
}

/**
 * Records in the state that a parallel batch went to a job matrix (seed 002, `parallel-runners`)
 * and sets the outputs the matrix reads; this run then ends. The status comment shows it, so a
 * matrix that never reaches its combine is visible, and the next run that takes the step runs
 * the batch itself. Returns false when someone saved the state meanwhile: nothing was handed
 * over, and the loop reads the state again.
 */
async function saveHandOff(
  session: IssueSession,
  cp: Extract<CheckpointResult, { kind: "ok" }>,
  handOff: { stories: string[]; base: string },
): Promise<boolean> {
  const next: MachineState = {
    ...cp.lookup.state,
    parallelDispatch: { ...handOff, runUrl: session.runUrl },
  };
  try {
    await persist(session, cp.lookup, next, [], cp.comments);
  } catch (error) {
    if (!(error instanceof StateConflictError)) throw error;
    session.log.info(
      `state changed while handing the batch over; reading it again (${error.message})`,
    );
    return false;
  }
  session.record.parallel = handOff;
  session.record.notes.push(
    `Stories ${handOff.stories.join(", ")} handed to ${handOff.stories.length} parallel runners (the \`story\` matrix); the \`combine\` job merges and verifies them.`,
  );
  return true;
}

function resultEvent(session: IssueSession, result: AgentResult, usage: AgentUsage): MachineEvent {
  return {
    type: "agent_result",
    result,
    usage,
    ...(session.runUrl === null ? {} : { runUrl: session.runUrl }),
  };
}

/**
 * A human deleted (or broke) the status comment while a step ran: the step's result has nowhere to
 * go. Say so on the issue — once per run — instead of failing the job with a log line nobody reads;
 * what was pushed stays on the branch, and `/ralph plan` starts over.
 */
async function reportLostStatus(session: IssueSession, what: string): Promise<void> {
  const branch = session.record.state?.branch ?? null;
  const message = `**Ralph stopped**: its status comment on this issue ${what} while a step ran, so the step's result was not recorded${branch === null ? "" : `; what was already pushed stays on \`${branch}\``}. Comment \`/ralph plan\` to start over.`;
  session.record.notes.push(message);
  await postComment(session.gh, session.issue.number, message, {
    key: `status-lost:${session.runUrl ?? "run"}`,
  });
}

/**
 * The result goes to the freshest state: the App may have applied `/ralph stop` while the agent
 * ran, and the machine then keeps the step's result but starts nothing new. The first attempt
 * starts from the checkpoint's state without listing the comments again (issue 11): the save
 * re-reads the status comment and throws StateConflictError when anyone saved meanwhile, and the
 * retry then starts from a fresh read.
 */
async function applyResult(
  session: IssueSession,
  event: MachineEvent,
  cp?: Extract<CheckpointResult, { kind: "ok" }>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const fromCheckpoint = attempt === 1 ? cp : undefined;
    const lookup = fromCheckpoint?.lookup ?? (await loadStatus(session.gh, session.issue.number));
    if (lookup.kind !== "ok") {
      await reportLostStatus(session, lookup.kind === "none" ? "was deleted" : "became unreadable");
      return;
    }
    const next = transition(lookup.state, event, session.config);
    // A result is the step taken: a batch handed to parallel runners is settled (or abandoned).
    const { parallelDispatch: _settled, ...nextState } = next.state;
    // Keyed replies deduplicate against the checkpoint's list: a reply an earlier, crashed run
    // posted is in it; nothing of this run was written since.
    const known = fromCheckpoint?.comments;
    try {
      const saved = await persist(session, lookup, nextState, next.effects, known);
      session.record.state = saved.state;
      await session.phases?.observe(saved.state);
      return;
    } catch (error) {
      // The status comment the checkpoint read is gone (deleted meanwhile): a fresh read says so.
      if (fromCheckpoint !== undefined && isNotFound(error)) continue;
      if (!(error instanceof StateConflictError) || attempt >= 3) throw error;
      session.log.info(`state changed while saving the step's result; retrying (${error.message})`);
    }
  }
}
