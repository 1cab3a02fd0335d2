import * as z from "zod";
import { formatZodIssues } from "./zod-errors.js";

/**
 * Seed 000 plan metadata (`specs/plans/<rel>.json`) and the DESIGN §5 file layout under
 * `ralph_home`. Pure: paths are repo-relative POSIX strings; callers do the I/O.
 */

export const planStatusSchema = z.enum(["active", "invalidated"]);
export type PlanStatus = z.infer<typeof planStatusSchema>;

/**
 * Missing `status` / `attempt` / nullable fields default the way seed 001's `load_plan_info` reads
 * them (`raw.get("status", "active")`, `raw.get("attempt", 1)`), so older or hand-made files load.
 */
export const planInfoSchema = z.object({
  spec_rel: z.string().min(1),
  spec_id: z.string().min(1),
  status: planStatusSchema.default("active"),
  created_at_utc: z.string().min(1),
  invalidated_at_utc: z.string().nullable().default(null),
  invalidation_reason: z.string().nullable().default(null),
  attempt: z.number().int().min(1).default(1),
});
export type PlanInfo = z.infer<typeof planInfoSchema>;

export class SpecPathError extends Error {
  override name = "SpecPathError";
}

export interface HomePaths {
  home: string;
  specsDir: string;
  plansDir: string;
  doneDir: string;
  candidatesDir: string;
  /**
   * The CLI's local files, never committed and hidden from git by their own `.gitignore`:
   * `ralph plan`'s resumable state and transcript, the draft spec (issue 18).
   */
  localDir: string;
  /** The CLI's run logs and `ralph.log`, hidden the same way. */
  runsDir: string;
  progress: string;
  codebaseMap: string;
}

export interface SpecPaths {
  spec: string;
  plan: string;
  planMeta: string;
  prd: string;
  /**
   * The stories' verdicts next to the PRD (`<rel>.stories.json`, core/story-verdicts.ts): per
   * story the commit verified, when, and the verifier's criterion table (DESIGN §5, §6.4).
   */
  verdicts: string;
  /** Seed 002 research findings (`research.json`), one per spec. */
  research: string;
  /** Seed 002 decisions (`decisions.json`), one per spec. */
  decisions: string;
  /** Seed 004 consensus round in progress (removed when the loop ends). */
  consensus: string;
  /** Archived invalidated plan of the given attempt (seed 000 `<rel>.attempt-N.md`). */
  archive: (attempt: number) => string;
  done: string;
  candidate: string;
  progress: string;
  codebaseMap: string;
}

function normalizeHome(ralphHome: string): string {
  const home = ralphHome
    .replace(/\\/g, "/")
    .replace(/^(\.\/)+/, "")
    .replace(/\/+$/, "");
  if (home === "" || home === ".") return ".";
  return home;
}

function join(home: string, rest: string): string {
  return home === "." ? rest : `${home}/${rest}`;
}

export function homePaths(ralphHome: string): HomePaths {
  const home = normalizeHome(ralphHome);
  const specsDir = join(home, "specs");
  return {
    home,
    specsDir,
    plansDir: `${specsDir}/plans`,
    doneDir: `${specsDir}/done`,
    candidatesDir: `${specsDir}/candidates`,
    localDir: join(home, "local"),
    runsDir: join(home, "runs"),
    progress: join(home, "progress.md"),
    codebaseMap: join(home, "codebase_map.md"),
  };
}

/**
 * Rejects spec paths that could escape `specs/` or collide with Ralph's own folders: the rel comes
 * from branch contents (spec PRs), so it is untrusted.
 */
export function checkSpecRel(rel: string): string {
  const r = rel.replace(/\\/g, "/");
  const parts = r.split("/");
  if (r === "" || r.startsWith("/") || /^[a-zA-Z]:/.test(r)) {
    throw new SpecPathError(`spec path must be relative to specs/: "${rel}"`);
  }
  if (parts.some((p) => p === "" || p === "." || p === "..")) {
    throw new SpecPathError(`spec path has an empty, "." or ".." segment: "${rel}"`);
  }
  if (["plans", "done", "candidates", "sessions"].includes(parts[0]!) && parts.length > 1) {
    throw new SpecPathError(`spec path is inside a folder Ralph manages: "${rel}"`);
  }
  return r;
}

function withoutMd(rel: string): string {
  return rel.endsWith(".md") ? rel.slice(0, -3) : rel;
}

/** Seed 001: `Path(rel).stem` — the file name without its `.md`. */
export function specIdFromRel(rel: string): string {
  const base = rel.replace(/\\/g, "/").split("/").pop() ?? rel;
  return withoutMd(base);
}

/** All files of one spec, `rel` being its path relative to `<ralphHome>/specs`. */
export function specPaths(ralphHome: string, rel: string): SpecPaths {
  const h = homePaths(ralphHome);
  const r = checkSpecRel(rel);
  const stem = withoutMd(r);
  return {
    spec: `${h.specsDir}/${r}`,
    plan: `${h.plansDir}/${stem}.md`,
    planMeta: `${h.plansDir}/${stem}.json`,
    prd: `${h.plansDir}/${stem}.prd.json`,
    verdicts: `${h.plansDir}/${stem}.stories.json`,
    research: `${h.plansDir}/${stem}.research.json`,
    decisions: `${h.plansDir}/${stem}.decisions.json`,
    consensus: `${h.plansDir}/${stem}.consensus.json`,
    archive: (attempt: number) => {
      if (!Number.isInteger(attempt) || attempt < 1) {
        throw new SpecPathError(`archive attempt must be a positive integer, got ${attempt}`);
      }
      return `${h.plansDir}/${stem}.attempt-${attempt}.md`;
    },
    done: `${h.doneDir}/${r}`,
    candidate: `${h.candidatesDir}/${stem}.json`,
    progress: h.progress,
    codebaseMap: h.codebaseMap,
  };
}

export type ResumeAction =
  /** Plan from scratch. `previous` is an active meta whose plan file is gone (keeps the attempt). */
  | { kind: "fresh"; corrupt: boolean; previous: PlanInfo | null; errors: string[] }
  | { kind: "active"; info: PlanInfo }
  /** Re-plan with the archived plan (`archive(info.attempt)`) and `info.invalidation_reason`. */
  | { kind: "replan"; info: PlanInfo }
  /** A hand-written plan without meta: treat as active and write meta via activatePlanInfo. */
  | { kind: "adopt_handwritten" };

export interface ResumeInput {
  /** The meta file: `null` when missing, its raw text, or an already parsed value. */
  metaJson: unknown;
  planMdExists: boolean;
  planMdNonEmpty: boolean;
}

function readMeta(metaJson: unknown): { info: PlanInfo } | { errors: string[] } {
  let raw = metaJson;
  if (typeof metaJson === "string") {
    try {
      raw = JSON.parse(metaJson);
    } catch (error) {
      return { errors: [`plan meta is not valid JSON: ${(error as Error).message}`] };
    }
  }
  const parsed = planInfoSchema.safeParse(raw);
  if (parsed.success) return { info: parsed.data };
  return { errors: formatZodIssues(parsed.error) };
}

/** Seed 000 "Resume Behavior". An empty plan file counts as no plan (seed 001 `load_plan_content`). */
export function resumeAction(input: ResumeInput): ResumeAction {
  const hasPlan = input.planMdExists && input.planMdNonEmpty;
  if (input.metaJson === null || input.metaJson === undefined) {
    if (hasPlan) return { kind: "adopt_handwritten" };
    return { kind: "fresh", corrupt: false, previous: null, errors: [] };
  }
  const meta = readMeta(input.metaJson);
  // Seed 001 load_plan_info returns None on a broken file, which means "plan again".
  if ("errors" in meta)
    return { kind: "fresh", corrupt: true, previous: null, errors: meta.errors };
  if (meta.info.status === "invalidated") return { kind: "replan", info: meta.info };
  if (hasPlan) return { kind: "active", info: meta.info };
  return { kind: "fresh", corrupt: false, previous: meta.info, errors: [] };
}

/** Seed 000 invalidation step 5; the caller renames the plan to `archive(info.attempt)`. */
export function invalidatePlanInfo(info: PlanInfo, reason: string, nowIso: string): PlanInfo {
  return {
    ...info,
    status: "invalidated",
    invalidated_at_utc: nowIso,
    invalidation_reason: reason.replace(/\s+/g, " ").trim(),
  };
}

/**
 * Meta for a newly written plan (seed 001 run_planner): first plan → attempt 1; re-plan after an
 * invalidation → attempt + 1; a plan re-written while still active keeps its attempt.
 */
export function activatePlanInfo(
  prev: PlanInfo | null,
  rel: string,
  specId: string,
  nowIso: string,
): PlanInfo {
  const attempt =
    prev === null ? 1 : prev.status === "invalidated" ? prev.attempt + 1 : prev.attempt;
  return {
    spec_rel: rel,
    spec_id: specId,
    status: "active",
    created_at_utc: nowIso,
    invalidated_at_utc: null,
    invalidation_reason: null,
    attempt,
  };
}
