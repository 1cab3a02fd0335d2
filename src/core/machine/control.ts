import type { Actor } from "../events.js";
import { type AgentStep, isAgentPhase, type Phase } from "../state.js";
import {
  type Ctx,
  dispatch,
  emit,
  enter,
  findStory,
  PHASE_WORDS,
  reply,
  resetBreaker,
} from "./context.js";
import { startImplementation } from "./implementation.js";
import { startPlanning } from "./planning.js";

/** `/ralph stop` (DESIGN §3.1): remember where to resume, cancel queued work. */
export function stop(ctx: Ctx, actor: Actor): void {
  const s = ctx.s;
  if (s.phase === "idle" || s.phase === "done" || s.phase === "failed" || s.phase === "stopped") {
    reply(ctx, `There is nothing to stop: Ralph is ${PHASE_WORDS[s.phase]}.`);
    return;
  }
  const running = isAgentPhase(s.phase);
  s.resumePhase = s.phase;
  s.resumeStep = s.pendingStep;
  s.stopReason = `stopped by @${actor.login}`;
  enter(ctx, "stopped");
  if (running) emit(ctx, { type: "cancel_run" });
  reply(
    ctx,
    `Stopped by @${actor.login}${running ? " after the current agent step" : ""}. Comment \`/ralph run\` to resume.`,
  );
}

/** `/ralph run`: the run gate, or resume after stop / failure with a fresh circuit breaker. */
export function run(ctx: Ctx): void {
  const s = ctx.s;
  switch (s.phase) {
    case "run_gate":
      s.runGatePassed = true;
      startImplementation(ctx);
      return;
    case "stopped":
    case "failed":
      resume(ctx);
      return;
    case "awaiting_approval":
      reply(
        ctx,
        "The PRD is not approved yet: approve it first (`/approve`), then implementation starts.",
      );
      return;
    default:
      reply(
        ctx,
        isAgentPhase(s.phase)
          ? `Ralph is already running (${PHASE_WORDS[s.phase]}).`
          : `There is nothing to run: Ralph is ${PHASE_WORDS[s.phase]}.`,
      );
      return;
  }
}

const STEP_OF_PHASE: Partial<Record<Phase, AgentStep>> = {
  planning: "plan",
  consensus: "consensus",
  implementing: "implement",
  verifying: "verify",
  plan_invalidated: "plan",
};

function resume(ctx: Ctx): void {
  const s = ctx.s;
  const phase = s.resumePhase;
  const step = s.resumeStep ?? (phase === null ? undefined : STEP_OF_PHASE[phase]);
  Object.assign(s, { resumePhase: null, resumeStep: null, stopReason: null });
  resetBreaker(ctx);
  if (phase === null || phase === "failed" || phase === "stopped") {
    // Nothing recorded (an old or hand-edited state): pick up from what exists.
    if (s.prd !== null && s.approvedBy.length > 0) {
      startImplementation(ctx);
      return;
    }
    if (s.prd !== null) {
      enter(ctx, "awaiting_approval");
      return;
    }
    startPlanning(ctx, "", undefined);
    return;
  }
  if (step === undefined) {
    enter(ctx, phase);
    return;
  }
  const storyId =
    step === "implement" || step === "verify" ? (s.currentStory ?? undefined) : undefined;
  if (storyId === undefined && (step === "implement" || step === "verify")) {
    startImplementation(ctx);
    return;
  }
  const story = findStory(s, storyId ?? null);
  if (story !== undefined && story.status === "failed") {
    // A human looked at the failure and said go: the story gets a fresh set of attempts.
    story.status = "running";
    story.attempts = 0;
  }
  dispatch(ctx, isAgentPhase(phase) ? phase : "planning", step, storyId);
}

/** Phases an understand run may start from and come back to. */
const UNDERSTAND_FROM: readonly Phase[] = [
  "idle",
  "questions",
  "decisions",
  "awaiting_approval",
  "run_gate",
  "done",
];

/** `/ralph understand`: refresh the codebase map, then return to where Ralph was waiting. */
export function understand(ctx: Ctx): void {
  const s = ctx.s;
  if (!UNDERSTAND_FROM.includes(s.phase)) {
    reply(
      ctx,
      isAgentPhase(s.phase)
        ? `Ralph is busy (${PHASE_WORDS[s.phase]}); comment \`/ralph understand\` again when it waits for you.`
        : `Ralph is ${PHASE_WORDS[s.phase]}; comment \`/ralph run\` or \`/ralph plan\` first.`,
    );
    return;
  }
  const from = s.phase;
  if (dispatch(ctx, "planning", "understand")) s.returnPhase = from;
}

export function onUnderstood(ctx: Ctx): void {
  const s = ctx.s;
  resetBreaker(ctx);
  const back = s.returnPhase;
  s.returnPhase = null;
  if (back === null || isAgentPhase(back)) {
    dispatch(ctx, "planning", "plan");
    return;
  }
  enter(ctx, back);
}
