import type { Prd } from "../core/prd.js";
import type { MachineState } from "../core/state.js";
import { type PipelineContext, pathsOf } from "../pipeline/context.js";
import { readPrd, writePrd } from "../pipeline/spec-files.js";

/**
 * The stories of a new PRD whose verdict the machine keeps from the previous revision (see onPrd
 * in src/core/machine/planning.ts): Ralph verified them before, and id and title are unchanged.
 */
export function carriedOverStories(state: MachineState, prd: Prd): string[] {
  const verified = new Map(
    (state.prd?.stories ?? []).filter((s) => s.status === "passed").map((s) => [s.id, s.title]),
  );
  return prd.userStories.filter((s) => verified.get(s.id) === s.title).map((s) => s.id);
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
 * what Ralph decided), committed on its own. Does nothing when the file already agrees.
 */
export async function syncVerifiedStories(
  pipe: PipelineContext,
  state: MachineState,
): Promise<void> {
  const passed = (state.prd?.stories ?? []).filter((s) => s.status === "passed").map((s) => s.id);
  if (!(await markPasses(pipe, passed))) return;
  await pipe.git.commitAll(`ralph(${pipe.spec.id}): PRD marks the verified stories as passing`, {
    author: pipe.botIdentity,
    coAuthors: pipe.coAuthors,
    paths: [pathsOf(pipe).prd],
  });
}
