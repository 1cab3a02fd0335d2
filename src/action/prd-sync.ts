import type { MachineState } from "../core/state.js";
import { type PipelineContext, pathsOf } from "../pipeline/context.js";
import { readPrd, writePrd } from "../pipeline/spec-files.js";

/**
 * The stories the machine has as verified: a re-plan keeps the verdict of those that come back
 * with the same id and title (onPrd in src/core/machine/planning.ts), and runPlanStep writes them
 * as passing (`keepVerified`).
 */
export function verifiedStories(state: MachineState): { id: string; title: string }[] {
  return (state.prd?.stories ?? [])
    .filter((s) => s.status === "passed")
    .map((s) => ({ id: s.id, title: s.title }));
}

/** `passes: true` for `ids` in the PRD file; returns whether the file changed. */
export async function markPasses(pipe: PipelineContext, ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const read = await readPrd(pipe);
  if (!read.ok) return false;
  const wanted = new Set(ids);
  const stale = read.prd.userStories.some((s) => wanted.has(s.id) && !s.passes);
  if (!stale) return false;
  await writePrd(pipe, {
    ...read.prd,
    userStories: read.prd.userStories.map((s) => (wanted.has(s.id) ? { ...s, passes: true } : s)),
  });
  return true;
}

/**
 * Makes the PRD file say `passes: true` for every story the state has as verified (the state is
 * what Ralph decided), committed on its own before the done marker. Does nothing when the file
 * already agrees; it does not when a commit outside Ralph (a maintainer's edit of the PRD) reset
 * a verified story's `passes`.
 */
export async function syncVerifiedStories(
  pipe: PipelineContext,
  state: MachineState,
): Promise<void> {
  if (
    !(await markPasses(
      pipe,
      verifiedStories(state).map((s) => s.id),
    ))
  )
    return;
  await pipe.git.commitAll(`ralph(${pipe.spec.id}): PRD marks the verified stories as passing`, {
    author: pipe.botIdentity,
    coAuthors: pipe.coAuthors,
    paths: [pathsOf(pipe).prd],
  });
}
