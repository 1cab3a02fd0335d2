/**
 * The CI gate in the machine (DESIGN §2.3): once every story passed and the branch was pushed,
 * Ralph's pull request waits in phase `ci` (label `ralph:ci`) for the repository's own checks on
 * its head commit. The wait holds no runner: the state waits in the status comment, and every
 * later event (a check suite or a workflow run completing, the sweep, a command) reads the checks
 * and brings a `ci_result`. Green (or no check within `verify.ci_wait_minutes`) marks the pull
 * request ready; red starts a follow-up round Ralph forms itself from the failures, within
 * `limits.max_ci_fixes`, and the round ends here again. A check that turns red later on a pull
 * request Ralph still holds (done, not merged or closed) gets the same follow-up.
 */
import { ciGateDecision } from "../ci-gate.js";
import { type CiFailure as CheckFailure, checkList, failureOf } from "../ci-verdict.js";
import type { MachineEvent } from "../events.js";
import type { CiFailure, FollowUpDraftInput } from "../followup.js";
import { logTail } from "../log-tail.js";
import { neutralizeVerdictLines } from "../sanitize.js";
import type { MachineState } from "../state.js";
import { type Ctx, emit, enter, fail, reply } from "./context.js";
import { requestFollowUp } from "./followup-requests.js";
import { statePullRequest } from "./pr-closed.js";

type CiResult = Extract<MachineEvent, { type: "ci_result" }>;
type CiWait = NonNullable<MachineState["ci"]>;

/** The log tail one failure keeps in the state (its feedback file and prompts read it from there). */
export const CI_LOG_TAIL_CHARS = 1_900;

/** Does the end of the story loop wait for the repository's CI? Only on a pull request Ralph holds. */
export function ciGated(ctx: Ctx): boolean {
  const s = ctx.s;
  return ctx.config.verify.ci === "gate" && statePullRequest(s) !== null && s.prClosed === null;
}

/**
 * Every story passed and the done marker is on its way to the branch: wait for CI. The head
 * commit and the start of the wait are set by the first CI read after the push (the reader has
 * the clock and the pushed commit; the machine has neither).
 */
export function awaitCi(ctx: Ctx): void {
  ctx.s.ci = { sha: null, since: null, fixes: ctx.s.ci?.fixes ?? 0, note: null };
  enter(ctx, "ci");
}

export function onCiResult(ctx: Ctx, ev: CiResult): void {
  const s = ctx.s;
  if (s.prClosed !== null || statePullRequest(s) === null) return;
  if (s.phase === "done") {
    // A check that turns red later (a re-run, a base merge): the same follow-up, within the budget.
    if (ctx.config.verify.ci === "gate" && ev.verdict.kind === "red") ciFix(ctx, ev, null);
    return;
  }
  if (s.phase !== "ci") return;
  const wait = ciWaitOf(s);
  if (wait.sha !== ev.sha || wait.since === null) {
    // A new head commit (the first read after Ralph's push, or a maintainer's push): the window
    // for a first check starts now.
    wait.sha = ev.sha;
    wait.since = ev.at;
  }
  const decision = ciGateDecision({
    config: ctx.config,
    verdict: ev.verdict,
    waitingSince: wait.since,
    now: Date.parse(ev.at),
    pushedBy: ev.pushedBy,
    sha: ev.sha,
  });
  switch (decision.kind) {
    case "wait":
      return;
    case "off":
      // The gate was turned off while Ralph waited: it read no check, so it says nothing of CI.
      markReady(ctx, null, false);
      return;
    case "green":
    case "no_checks":
      markReady(ctx, decision.note);
      return;
    case "red":
      ciFix(ctx, ev, decision.note);
      return;
  }
}

function ciWaitOf(s: MachineState): CiWait {
  s.ci ??= { sha: null, since: null, fixes: 0, note: null };
  return s.ci;
}

/**
 * CI passed (or there is none, or the gate is off: `ciRead` false): today's ready step, with what
 * the gate had to say.
 */
function markReady(ctx: Ctx, note: string | null, ciRead = true): void {
  const wait = ciWaitOf(ctx.s);
  wait.note = note;
  enter(ctx, "done");
  emit(ctx, { type: "mark_pr_ready" });
  const ci = !ciRead
    ? ""
    : note === null
      ? ` The repository's CI passed on \`${(wait.sha ?? "").slice(0, 12)}\`.`
      : `\n\n${note}\n\n`;
  replyReady(ctx, ci);
}

/**
 * The last reply of verified work, with or without the CI gate: the stories, the specs of a pull
 * request of several, what the gate read (`ci`: a sentence, or a note between blank lines), and
 * the pull request that is now ready.
 */
export function replyReady(ctx: Ctx, ci = ""): void {
  const s = ctx.s;
  const stories = s.prd?.stories.length ?? 0;
  const specs =
    s.specsDone.length > 1 ? ` All ${s.specsDone.length} specs of this pull request are done.` : "";
  const pr = statePullRequest(s);
  reply(
    ctx,
    `All ${stories} ${stories === 1 ? "story is" : "stories are"} verified.${specs}${ci}${ci.endsWith("\n") ? "" : " "}${pr === null ? "The pull request" : `#${pr}`} is ready for review.`,
  );
}

/**
 * Red checks: a follow-up round whose story Ralph forms itself from the failures (no planner
 * run), once per head commit, within `limits.max_ci_fixes`; past it a named stop.
 */
function ciFix(ctx: Ctx, ev: CiResult, note: string | null): void {
  const s = ctx.s;
  const trigger = `ci:${ev.sha}`;
  if (s.followUp?.triggers.includes(trigger)) return;
  const wait = ciWaitOf(s);
  wait.note = note;
  const failing = ev.verdict.kind === "red" ? ev.verdict.failing : [];
  const failures: CheckFailure[] = ev.failures ?? failing.map((c) => failureOf(c));
  const max = ctx.config.limits.max_ci_fixes;
  if (wait.fixes >= max) {
    fail(
      ctx,
      `CI fix limit reached: ${checkList(failing)} still failing on \`${ev.sha.slice(0, 12)}\` after ${wait.fixes} of ${max} follow-up rounds for red checks (limits.max_ci_fixes)`,
      { phase: "ci", step: null },
    );
    return;
  }
  wait.fixes += 1;
  requestFollowUp(ctx, {
    source: "ci",
    actor: null,
    feedback: { ciFailures: failures.map(feedbackOf) },
    trigger,
    drafts: [ciDraft(failures, ev.sha)],
  });
}

function feedbackOf(f: CheckFailure): CiFailure {
  const tail = logTail(neutralizeVerdictLines(f.log), { maxChars: CI_LOG_TAIL_CHARS });
  return { check: f.name, conclusion: f.conclusion, logTail: tail, url: f.url };
}

/** The story of a CI round: each failing check's failure fixed, the rest still holding. */
export function ciDraft(failures: readonly CheckFailure[], sha: string): FollowUpDraftInput {
  const names = failures.map((f) => `\`${f.name.replace(/`/g, "'")}\``);
  const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? ", …" : "");
  return {
    title: `Make the failing check${names.length === 1 ? "" : "s"} pass: ${shown}`.slice(0, 200),
    acceptanceCriteria: [
      ...failures
        .slice(0, 10)
        .map(
          (f, i) =>
            `The cause of the ${f.conclusion} of the repository's check ${names[i]} (its log tail is in the round's feedback) is fixed in the code, so the check passes on the next commit`,
        ),
      "No test or check is removed, skipped or weakened to make a check pass",
    ],
    notes: `Ralph formed this story from the repository's CI on \`${sha.slice(0, 12)}\`.`,
  };
}
