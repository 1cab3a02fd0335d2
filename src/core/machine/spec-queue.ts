import type { MachineState } from "../state.js";
import { type Ctx, dispatch, emit, freshRound, reply, resetBreaker } from "./context.js";

/**
 * DESIGN §2.2: a spec PR plans and runs each of its specs, in path order, one after the other.
 * The plan step names the specs still to come (`specsLeft`); the next is the first not done.
 */
export function nextSpec(s: MachineState): string | null {
  if (s.kind !== "spec_pr") return null;
  return s.specsLeft.find((id) => id !== s.specId && !s.specsDone.includes(id)) ?? null;
}

const code = (id: string) => `\`${id.replace(/`/g, "")}\``;

/**
 * Every story of the current spec is verified and another spec waits: its done marker is
 * committed, then planning starts for the next spec, which needs its own approval. `specId` and
 * the PRD stay those of the finished spec until the next plan arrives, so the done marker (an
 * effect run on the saved state) is written for the spec that finished.
 */
export function advanceToSpec(ctx: Ctx, next: string, lastCommit: string): void {
  const s = ctx.s;
  const finished = s.specId ?? `issue-${s.issue}`;
  const stories = s.prd?.stories.length ?? 0;
  if (s.specId !== null && !s.specsDone.includes(s.specId)) s.specsDone.push(s.specId);
  const total = new Set([...s.specsDone, ...s.specsLeft]).size;
  Object.assign(s, {
    ...freshRound(),
    feedback: [],
    understandAdvice: null,
  } satisfies Partial<MachineState>);
  resetBreaker(ctx);
  emit(ctx, {
    type: "commit_files",
    change: { kind: "done_marker", commit: lastCommit },
    message: `ralph(${finished}): all stories verified`,
  });
  reply(
    ctx,
    `All ${stories} ${stories === 1 ? "story" : "stories"} of spec ${code(finished)} ${stories === 1 ? "is" : "are"} verified (spec ${s.specsDone.length} of ${total} in this pull request). Ralph now plans the next spec, ${code(next)}; its PRD needs its own approval.`,
  );
  dispatch(ctx, "planning", "plan");
}
