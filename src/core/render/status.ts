import { neutralizeCommandLines } from "../commands.js";
import { counted, thousands } from "../counted.js";
import { agentInline, agentMarkdown } from "../sanitize.js";
import { GITHUB_COMMENT_LIMIT } from "../split-comment.js";
import type { MachineState, Phase, StoryState } from "../state.js";
import { STATUS_HUMAN_MAX, STATUS_HUMAN_MIN, STATUS_MARGIN } from "../state-budget.js";
import { encodeStateBlock, STATUS_MARKER, StateBlockError } from "../state-codec.js";

export interface StatusRenderOptions {
  runUrl?: string | null;
  prUrl?: string | null;
  logsUrl?: string | null;
  /** `approvals.required` from the config; the state does not carry it. Default 1. */
  approvalsRequired?: number;
  /**
   * What this run says about the agent's boundary (DESIGN §7 rule 9): it ran as Ralph's user,
   * the firewall could not be set up, connections it blocked. Shown while the run's saves last.
   */
  boundary?: readonly string[];
  /** The PRD file on Ralph's branch: a story list cut to fit links it. */
  storiesUrl?: string | null;
}

const PHASE_WORDS: Record<Phase, string> = {
  idle: "Idle",
  planning: "Planning",
  questions: "Waiting for answers",
  decisions: "Waiting for decisions",
  consensus: "Reviewing the plan (architect and critic)",
  awaiting_approval: "Waiting for approval",
  run_gate: "Approved, waiting for `/ralph run`",
  implementing: "Implementing",
  verifying: "Verifying",
  plan_invalidated: "Plan invalidated, re-planning",
  ci: "Every story verified, waiting for the repository's CI",
  done: "Done: every story verified",
  failed: "Failed",
  stopped: "Stopped",
};

const NEXT_STEP: Record<Phase, string> = {
  idle: "Comment `/ralph plan` to start planning.",
  planning: "Ralph is working. Comment `/ralph stop` to stop after the current step.",
  questions:
    "Answer the questions in a new comment, or comment `/ralph skip` to let Ralph use its best judgment.",
  decisions:
    "Reply with one line per decision (e.g. `D1: 2`), or comment `/ralph skip` to take the recommendations.",
  consensus: "Ralph is working. Comment `/ralph stop` to stop after the current step.",
  awaiting_approval:
    "Approve with `/approve`, a 👍 on the PRD comment, or an approving review on the pull request. Comment `/ralph revise <feedback>` to change the plan.",
  run_gate: "Comment `/ralph run` to start implementing.",
  implementing: "Ralph is working. Comment `/ralph stop` to stop after the current step.",
  verifying: "Ralph is working. Comment `/ralph stop` to stop after the current step.",
  plan_invalidated:
    "Ralph is re-planning with the verifier's reason. Comment `/ralph stop` to stop after the current step.",
  ci: "Ralph marks the pull request ready once the repository's checks on its head commit pass (no runner waits meanwhile); a red check starts a follow-up round that fixes it. Comment `/ralph status` to read the checks again.",
  done: "The pull request is ready for review. Humans merge. A review requesting changes (or `/ralph fix <what to change>`) starts a follow-up round on the same pull request.",
  failed:
    "Fix the cause if needed, then comment `/ralph run` to resume (this resets the circuit breaker), or `/ralph plan` to start over.",
  stopped: "Comment `/ralph run` to resume, or `/ralph plan` to start over.",
};

const STORY_MARK: Record<StoryState["status"], string> = {
  passed: "✓",
  failed: "✗",
  running: "…",
  pending: "☐",
};

function storyLine(story: StoryState): string {
  const attempts = counted(story.attempts, "attempt");
  const word = {
    passed: "verified",
    failed: "failed",
    running: "running",
    pending: "pending",
  }[story.status];
  // The commit the last verdict judged (or the one waiting for it), as `git log --oneline` shows it.
  const commit =
    story.commit === null ? "" : `, \`${story.commit.replace(/[^0-9a-f]/gi, "").slice(0, 7)}\``;
  const detail = story.attempts > 0 ? `${word}, ${attempts}${commit}` : word;
  return `- ${STORY_MARK[story.status]} **${agentInline(story.id, 80)}** ${agentInline(story.title, 200)} (${detail})`;
}

/**
 * The checklist: the stories in execution order, as many as fit in `room` characters; the rest
 * are counted, with a link to the PRD on the branch when there is one.
 */
function storySection(state: MachineState, room: number, storiesUrl: string | null): string[] {
  const stories = state.prd?.stories ?? [];
  if (stories.length === 0) return [];
  const verified = stories.filter((s) => s.status === "passed").length;
  const lines = [`### Stories (${verified}/${stories.length} verified)`, ""];
  const more = (n: number) =>
    storiesUrl
      ? `- … and ${n} more: [all stories in the PRD on the branch](${storiesUrl})`
      : `- … and ${n} more`;
  let used = lines.join("\n").length + more(stories.length).length + 2;
  let shown = 0;
  for (const story of stories) {
    const line = storyLine(story);
    if (used + line.length + 1 > room) break;
    lines.push(line);
    used += line.length + 1;
    shown += 1;
  }
  if (shown < stories.length) lines.push(more(stories.length - shown));
  lines.push("");
  return lines;
}

const MAX_SPECS_SHOWN = 20;

/** A spec PR with several specs: which are done, which runs, which wait (DESIGN §2.2). */
function specLine(state: MachineState): string[] {
  if (state.kind !== "spec_pr") return [];
  const current =
    state.specId !== null && !state.specsDone.includes(state.specId) ? [state.specId] : [];
  const left = state.specsLeft.filter((id) => !state.specsDone.includes(id) && id !== state.specId);
  const name = (id: string) => `\`${agentInline(id, 100).replace(/`/g, "")}\``;
  const all = [
    ...state.specsDone.map((id) => `✓ ${name(id)}`),
    ...current.map((id) => `… ${name(id)}`),
    ...left.map((id) => `☐ ${name(id)}`),
  ];
  if (all.length < 2) return [];
  const more = all.length > MAX_SPECS_SHOWN ? ` · … and ${all.length - MAX_SPECS_SHOWN} more` : "";
  return [
    `**Specs:** ${state.specsDone.length} of ${all.length} done: ${all.slice(0, MAX_SPECS_SHOWN).join(" · ")}${more}`,
    "",
  ];
}

function linkLines(state: MachineState, options: StatusRenderOptions): string[] {
  const links: string[] = [];
  const runUrl = options.runUrl ?? state.runUrl;
  if (runUrl) links.push(`[current run](${runUrl})`);
  if (options.logsUrl) links.push(`[logs](${options.logsUrl})`);
  if (options.prUrl) links.push(`[pull request](${options.prUrl})`);
  else if (state.prNumber !== null) links.push(`pull request #${state.prNumber}`);
  if (state.branch) links.push(`branch \`${agentInline(state.branch, 120).replace(/`/g, "")}\``);
  return links.length > 0 ? [`**Links:** ${links.join(" · ")}`, ""] : [];
}

/** A batch handed to a job matrix (seed 002, `parallel-runners`), until its combine settles it. */
function dispatchLine(state: MachineState): string[] {
  const d = state.parallelDispatch;
  if (d === undefined) return [];
  const ids = d.stories.map((id) => `**${agentInline(id, 80)}**`).join(", ");
  const run = d.runUrl === null ? "" : ` ([run](${d.runUrl}))`;
  return [
    `**Parallel runners:** ${ids} run at the same time, one runner each, from \`${d.base.slice(0, 12)}\`${run}; Ralph combines them when all have ended.`,
    "",
  ];
}

/** Follow-up rounds on Ralph's pull request (DESIGN §2.3): the one running, and how many so far. */
/** FU stories the round's line names; the checklist lists them all (as far as it fits). */
const MAX_ROUND_STORIES_SHOWN = 10;

function followUpLine(state: MachineState): string[] {
  const f = state.followUp;
  if (f === null || f.rounds === 0) return [];
  const round = f.current;
  const waiting =
    f.queued.length > 0 ? ` · ${counted(f.queued.length, "more request")} waiting` : "";
  if (round === null) {
    return [`**Follow-up rounds:** ${f.rounds} done${waiting}`, ""];
  }
  const who = round.by === null ? "" : ` by @${agentInline(round.by, 40)}`;
  const named = round.stories
    .slice(0, MAX_ROUND_STORIES_SHOWN)
    .map((st) => `**${agentInline(st.id, 40)}**`);
  const more = round.stories.length - named.length;
  if (more > 0) named.push(`… and ${more} more`);
  const stories = named.length > 0 ? `: ${named.join(", ")}` : "";
  const threads = round.feedback.threads.length;
  const answering = threads > 0 ? ` (answering ${counted(threads, "review thread")})` : "";
  return [
    `**Follow-up round ${round.number}** (${round.source}${who})${stories}${answering}${waiting}`,
    "",
  ];
}

/** What the CI gate said when it let the pull request go (no check appeared, checks unfinished). */
function ciNoteLine(state: MachineState): string[] {
  const note = state.ci?.note ?? null;
  if (note === null || state.phase !== "done") return [];
  return [`**CI:** ${agentInline(note, 1_000)}`, ""];
}

function usageLine(state: MachineState): string[] {
  const { agentRuns, tokens, costUsd, replans } = state.counters;
  if (agentRuns === 0) return [];
  const parts = [counted(agentRuns, "agent run")];
  if (tokens > 0) parts.push(`${thousands(tokens)} tokens`);
  if (costUsd > 0) parts.push(`$${costUsd.toFixed(2)}`);
  if (replans > 0) parts.push(`${replans} re-plan${replans === 1 ? "" : "s"}`);
  return [`**Usage:** ${parts.join(" · ")}`, ""];
}

function approvalLine(state: MachineState, required: number): string[] {
  const prd = state.prd;
  if (!prd || !["awaiting_approval", "run_gate"].includes(state.phase)) return [];
  const logins = [
    ...new Set(state.approvals.filter((a) => a.revision === prd.revision).map((a) => a.login)),
  ];
  const who =
    logins.length > 0 ? ` (${logins.map((l) => `@${agentInline(l, 40)}`).join(", ")})` : "";
  return [
    `**Approvals:** ${logins.length} of ${required} for PRD revision ${prd.number} (\`${prd.revision.slice(0, 12)}\`)${who}`,
    "",
  ];
}

function boundaryLines(options: StatusRenderOptions): string[] {
  const notes = options.boundary ?? [];
  if (notes.length === 0) return [];
  return ["**Agent boundary:**", "", ...notes.map((n) => `- ${agentInline(n, 2_000)}`), ""];
}

function problemLines(state: MachineState): string[] {
  const lines: string[] = [];
  if (state.phase === "plan_invalidated" && state.invalidation) {
    lines.push(
      `**Plan invalidated** (attempt ${state.invalidation.attempt}): ${agentInline(state.invalidation.reason, 500)}`,
      "",
    );
  }
  if (state.phase === "stopped" && state.stopReason) {
    lines.push(`**Stopped because:** ${agentInline(state.stopReason, 500)}`, "");
  }
  // Why the current story's last attempt was rejected: the feedback's first line names who.
  const rejected = state.verifierFeedback?.trim().split("\n")[0] ?? "";
  if (state.currentStory !== null && rejected !== "" && state.phase !== "done") {
    lines.push(
      `**Last rejection (${agentInline(state.currentStory, 80)}):** ${agentInline(rejected, 500)}`,
      "",
    );
  }
  if (state.lastError) {
    const quoted = agentMarkdown(state.lastError, 2_000)
      .split("\n")
      .map((l) => `> ${l}`)
      .join("\n");
    lines.push("**Last error:**", "", quoted, "");
  }
  return lines;
}

/** Ralph's pull request was merged or closed: the heading and the next step say so. */
function closedPr(state: MachineState): { heading: string; next: string } | null {
  const closed = state.prClosed;
  if (closed === null) return null;
  const over = "comment `/ralph plan` to start over on this issue with a new pull request.";
  const watch = `Ralph no longer watches #${closed.number} and starts nothing more for it.`;
  return closed.merged
    ? { heading: `Done: pull request #${closed.number} merged`, next: `${watch} To go on, ${over}` }
    : {
        heading: `Stopped: pull request #${closed.number} closed`,
        next: `${watch} Reopen it and comment \`/ralph run\` to go on with it, or ${over}`,
      };
}

function humanPart(
  state: MachineState,
  options: StatusRenderOptions,
  budget: number | null,
): string {
  const closed = closedPr(state);
  const lines = [
    STATUS_MARKER,
    `## Ralph: ${closed?.heading ?? PHASE_WORDS[state.phase]}`,
    "",
    `**Next:** ${closed?.next ?? NEXT_STEP[state.phase]}`,
    "",
  ];
  if (budget !== null) {
    lines.push(...problemLines(state));
    lines.push(...approvalLine(state, options.approvalsRequired ?? 1));
    lines.push(...specLine(state));
    lines.push(...followUpLine(state));
    lines.push(...ciNoteLine(state));
    const after = [
      ...dispatchLine(state),
      ...linkLines(state, options),
      ...usageLine(state),
      ...boundaryLines(options),
    ];
    const room = budget - [...lines, ...after].join("\n").length - 1;
    lines.push(...storySection(state, room, options.storiesUrl ?? null));
    lines.push(...after);
  }
  return neutralizeCommandLines(lines.join("\n"));
}

/**
 * Characters the human part may take next to a state block of `blockLength`: what the comment
 * leaves (with STATUS_MARGIN to spare), within STATUS_HUMAN_MIN..STATUS_HUMAN_MAX.
 */
export function humanBudget(blockLength: number): number {
  const left = GITHUB_COMMENT_LIMIT - STATUS_MARGIN - blockLength - 2;
  return Math.max(STATUS_HUMAN_MIN, Math.min(STATUS_HUMAN_MAX, left));
}

/**
 * The status comment (DESIGN §3.2): what a human needs at a glance, then the machine state. Both
 * parts are bounded (core/state-budget.ts): the state by its budget, the human part by what the
 * block leaves, its story list cut to fit with a link to the PRD on the branch. So it always fits
 * one GitHub comment; if a state ever did not, only the details would go, and the state block is
 * never cut.
 */
export function renderStatusComment(
  state: MachineState,
  options: StatusRenderOptions = {},
): string {
  const block = encodeStateBlock(state);
  const limit = GITHUB_COMMENT_LIMIT;
  const compose = (human: string) => `${human}\n${block}\n`;
  const full = compose(humanPart(state, options, humanBudget(block.length)));
  if (full.length <= limit) return full;
  const bare = compose(humanPart(state, options, null));
  if (bare.length <= limit) return bare;
  throw new StateBlockError(
    `state block too large for one comment: ${block.length} characters (limit ${limit})`,
  );
}
