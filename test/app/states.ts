import { type Prd, prdRevision } from "../../src/core/prd.js";
import { renderPrdComment } from "../../src/core/render/index.js";
import { initialState, type MachineState } from "../../src/core/state.js";
import type { FakeGitHub } from "../support/fake-github/index.js";

export const SPEC_ID = "issue-42-add-login";
export const BRANCH = "ralph/42-add-login";

export function prd(title = "Login form"): Prd {
  return {
    branchName: BRANCH,
    userStories: [
      {
        id: "US-001",
        title,
        acceptanceCriteria: ["A form with user and password fields is shown at /login"],
        priority: 1,
        passes: false,
        notes: "",
      },
    ],
  };
}

export const PLAN_TEXT = "## Analysis\nNo login yet.\n\n## Steps\n1. Add the form.\n";

export function revisionOf(p: Prd, plan = PLAN_TEXT): string {
  return prdRevision(p, plan);
}

/** Ralph's PRD comment for `p` (revision 1, one approval required). */
export function prdCommentBody(p: Prd = prd()): string {
  return renderPrdComment({
    prd: p,
    planText: PLAN_TEXT,
    revision: revisionOf(p),
    revisionNumber: 1,
    concerns: [],
    approvalsRequired: 1,
  });
}

/** A hand-built state at `phase` (DESIGN §6.1 shape), for seeding the status comment. */
export function stateAt(
  phase: MachineState["phase"],
  patch: Partial<MachineState> = {},
): MachineState {
  return { ...initialState(42), phase, revision: 3, ...patch };
}

/** State waiting for approval of `p`, with the PRD comment id filled in. */
export function awaitingApproval(
  p: Prd,
  prdCommentId: number,
  patch: Partial<MachineState> = {},
): MachineState {
  return stateAt("awaiting_approval", {
    specId: SPEC_ID,
    branch: BRANCH,
    prNumber: 77,
    prd: {
      revision: revisionOf(p),
      number: 1,
      branchName: BRANCH,
      commentId: prdCommentId,
      stories: p.userStories.map((s) => ({
        id: s.id,
        title: s.title,
        status: "pending" as const,
        attempts: 0,
        commit: null,
      })),
    },
    ...patch,
  });
}

/** The PRD and plan files as the Action commits them, at `ref` (a branch or a commit SHA). */
export function putPrdFiles(fake: FakeGitHub, p: Prd, ref: string, plan = PLAN_TEXT): void {
  fake.setFile(`.ralph/specs/plans/${SPEC_ID}.prd.json`, `${JSON.stringify(p, null, 2)}\n`, ref);
  fake.setFile(`.ralph/specs/plans/${SPEC_ID}.md`, plan, ref);
}
