import { type Candidate, shouldVerifyCandidate } from "../core/candidate.js";
import type { AgentResult } from "../core/events.js";
import type { UserStory } from "../core/prd.js";
import type { MachineState, StoryState } from "../core/state.js";
import { type PipelineContext, pathsOf } from "./context.js";
import { readPrd, type StoryVerdictRow } from "./spec-files.js";

/**
 * What both entries' story steps share (the Action's steps and the CLI's local loop), so the one
 * engine's steps read the state the same way.
 */

/**
 * The seed-000 candidate rule across runs: a candidate for this story whose commit is not the
 * commit the state already has a verdict for was implemented by a runner that died before the
 * machine heard of it. It is verified instead of implemented again (if its commit is on the branch).
 */
export function resumableCandidate(
  candidate: Candidate | null,
  story: Pick<StoryState, "id" | "commit">,
): string | null {
  if (!shouldVerifyCandidate(candidate, { forced: false, storyId: story.id }) || candidate === null)
    return null;
  if (candidate.candidate_commit === story.commit) return null;
  return candidate.candidate_commit;
}

/** The state's current story, read from the PRD on the branch (its text is the branch's). */
export async function storyFor(
  pipe: PipelineContext,
  state: MachineState,
  step: "implement" | "verify",
): Promise<{ story: UserStory; stored: StoryState } | { failure: AgentResult }> {
  const id = state.currentStory;
  const stored = state.prd?.stories.find((s) => s.id === id);
  const prd = await readPrd(pipe);
  const story = prd.ok ? prd.prd.userStories.find((s) => s.id === id) : undefined;
  if (id === null || stored === undefined || story === undefined) {
    const why = prd.ok
      ? `story ${id ?? "(none)"} is not in ${pathsOf(pipe).prd}`
      : `the PRD on the branch is unreadable: ${prd.errors.join("; ")}`;
    return { failure: { step, kind: "crash", message: why } };
  }
  return { story, stored };
}

/**
 * The regression gate's stories: every story of the PRD on the branch, in the state's order, and
 * the commit the spec's work started from (the parent of the first story commit Ralph made).
 */
export async function regressionStories(
  pipe: PipelineContext,
  state: MachineState,
): Promise<{ stories: UserStory[]; firstCommit: string | null } | { failure: AgentResult }> {
  const prd = await readPrd(pipe);
  if (!prd.ok) {
    return {
      failure: {
        step: "verify",
        kind: "crash",
        message: `the PRD on the branch is unreadable: ${prd.errors.join("; ")}`,
      },
    };
  }
  const order = (state.prd?.stories ?? []).map((s) => s.id);
  const stories = [...prd.prd.userStories].sort(
    (a, b) => order.indexOf(a.id) - order.indexOf(b.id),
  );
  const firstCommit = state.prd?.stories.find((s) => s.commit !== null)?.commit ?? null;
  return { stories, firstCommit };
}

/**
 * The done marker's verification table, from what the machine decided (the titles and criteria
 * are filled in from the PRD and the stories sidecar on the branch: file-change.ts).
 */
export function doneRows(state: MachineState): StoryVerdictRow[] {
  return (state.prd?.stories ?? []).map((s) => ({
    id: s.id,
    title: s.title,
    verdict:
      s.status === "passed" ? "PASS" : s.status === "failed" ? "FAIL" : "not verified in this run",
    commit: s.commit,
    criteria: [],
  }));
}

/** Drops the pipeline's extra fields: the machine gets exactly an AgentResult. */
export function toMachineResult<T extends AgentResult>(
  result: T & {
    envelope?: unknown;
    attempt?: unknown;
    revertedRalphFiles?: unknown;
    violations?: unknown;
  },
): AgentResult {
  const { envelope: _e, attempt: _a, revertedRalphFiles: _r, violations: _v, ...rest } = result;
  return rest as AgentResult;
}
