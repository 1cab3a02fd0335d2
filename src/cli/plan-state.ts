import { appendFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import * as z from "zod";
import { uncertaintySchema } from "../core/prd.js";

/**
 * Seed 003 planner artifacts in `<ralph_home>/local/`, a folder git never shows: `plan_state.json`
 * (machine-readable, resumable; it holds the checkout's absolute path) and the append-only
 * `plan_transcript.md`. Both were directly under ralph_home before (issue 18): a state found there
 * is read once and moved.
 */
export const planStateSchema = z.object({
  schemaVersion: z.literal(1),
  root: z.string(),
  goal: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The spec this goal becomes (relative to `<ralph_home>/specs`). */
  specRel: z.string(),
  qa: z.array(
    z.object({ id: z.string(), question: z.string(), answer: z.string(), askedAt: z.string() }),
  ),
  uncertainties: z.array(uncertaintySchema),
  recommendUnderstand: z
    .object({ shouldRun: z.boolean(), reasons: z.array(z.string()) })
    .nullable(),
  lastPrdDraft: z.unknown().nullable(),
  approvedPrdAt: z.string().nullable(),
});
export type PlanState = z.infer<typeof planStateSchema>;

export interface PlanFiles {
  state: string;
  /** Where the state was kept before: read when `state` is missing, removed on save. */
  legacyState: string;
  transcript: string;
}

/** The old, repo-relative place of `plan_state.json` (directly under ralph_home). */
export function legacyPlanState(home: string): string {
  return `${home}/plan_state.json`;
}

export function planFiles(root: string, home: string): PlanFiles {
  return {
    state: join(root, home, "local", "plan_state.json"),
    legacyState: join(root, legacyPlanState(home)),
    transcript: join(root, home, "local", "plan_transcript.md"),
  };
}

async function readState(file: string): Promise<PlanState | null> {
  try {
    const parsed = planStateSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The saved state when it is for the same goal (resume), else null. */
export async function loadPlanState(files: PlanFiles, goal: string): Promise<PlanState | null> {
  const state = (await readState(files.state)) ?? (await readState(files.legacyState));
  return state !== null && state.goal === goal ? state : null;
}

export async function savePlanState(files: PlanFiles, state: PlanState): Promise<void> {
  await mkdir(dirname(files.state), { recursive: true });
  await writeFile(files.state, `${JSON.stringify(state, null, 2)}\n`, "utf8");
  await rm(files.legacyState, { force: true });
}

export async function appendTranscript(files: PlanFiles, markdown: string): Promise<void> {
  await mkdir(dirname(files.transcript), { recursive: true });
  await appendFile(files.transcript, `${markdown.replace(/\s+$/, "")}\n\n`, "utf8");
}

export function codeBlock(text: string, lang = ""): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${lang}\n${text.replace(/\s+$/, "")}\n${fence}`;
}
