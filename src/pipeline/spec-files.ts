import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative } from "node:path";
import type * as z from "zod";
import { type Candidate, newCandidate, parseCandidate } from "../core/candidate.js";
import { homePaths, type PlanInfo, planInfoSchema, resumeAction } from "../core/plan-meta.js";
import { type Prd, validatePrd } from "../core/prd.js";
import {
  recordVerdicts,
  type StoryVerdict,
  type StoryVerdicts,
  storyVerdictsSchema,
} from "../core/story-verdicts.js";
import { abs, type PipelineContext, pathsOf } from "./context.js";

/** Seed 000 files of one spec under `ralph_home` (DESIGN §5). All I/O of the pipeline's state. */

type Ctx = Pick<PipelineContext, "workspace" | "config" | "spec">;

export class SpecFileError extends Error {
  override readonly name = "SpecFileError";
}

export async function readText(ctx: Pick<Ctx, "workspace">, path: string): Promise<string | null> {
  try {
    return await readFile(abs(ctx, path), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function writeText(
  ctx: Pick<Ctx, "workspace">,
  path: string,
  content: string,
): Promise<void> {
  const file = abs(ctx, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content, "utf8");
}

export async function removeFile(ctx: Pick<Ctx, "workspace">, path: string): Promise<void> {
  await rm(abs(ctx, path), { force: true });
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export async function readSpecText(ctx: Ctx): Promise<string> {
  const text = await readText(ctx, ctx.spec.file);
  if (text === null) throw new SpecFileError(`spec file ${ctx.spec.file} does not exist`);
  return text;
}

/** The active plan's text, or null when missing or empty (seed 001 load_plan_content). */
export async function readPlan(ctx: Ctx): Promise<string | null> {
  const text = await readText(ctx, pathsOf(ctx).plan);
  return text === null || text.trim() === "" ? null : text;
}

/**
 * A JSON file Ralph wrote itself, or null when it is missing, not JSON or not of `schema`'s shape:
 * such a file counts as absent, and nothing blocks on it.
 */
export async function readJsonFile<T>(
  ctx: Ctx,
  path: string,
  schema: z.ZodType<T>,
): Promise<T | null> {
  const text = await readText(ctx, path);
  if (text === null) return null;
  try {
    return schema.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    return null;
  }
}

export function readPlanMeta(ctx: Ctx): Promise<PlanInfo | null> {
  return readJsonFile(ctx, pathsOf(ctx).planMeta, planInfoSchema);
}

export async function writePlanMeta(ctx: Ctx, info: PlanInfo): Promise<void> {
  await writeText(ctx, pathsOf(ctx).planMeta, json(info));
}

/**
 * Seed 000 resume decision for this spec, from the files on disk. A plan still under consensus
 * review (no plan meta yet, `<rel>.consensus.json` present: a crash mid-round) is not a
 * hand-written plan to adopt: planning goes on, and the consensus loop resumes its round.
 */
export async function resumeFor(ctx: Ctx) {
  const paths = pathsOf(ctx);
  const plan = await readText(ctx, paths.plan);
  const resume = resumeAction({
    metaJson: await readText(ctx, paths.planMeta),
    planMdExists: plan !== null,
    planMdNonEmpty: plan !== null && plan.trim() !== "",
  });
  if (resume.kind === "adopt_handwritten" && (await readText(ctx, paths.consensus)) !== null) {
    return resumeAction({ metaJson: null, planMdExists: false, planMdNonEmpty: false });
  }
  return resume;
}

/** Renames the active plan to `<rel>.attempt-N.md`; returns the archive path (null: no plan). */
export async function archivePlanFile(ctx: Ctx, attempt: number): Promise<string | null> {
  const paths = pathsOf(ctx);
  const target = paths.archive(attempt);
  try {
    await rename(abs(ctx, paths.plan), abs(ctx, target));
    return target;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function readArchivedPlan(ctx: Ctx, attempt: number): Promise<string | null> {
  return readText(ctx, pathsOf(ctx).archive(attempt));
}

export type PrdRead = { ok: true; prd: Prd } | { ok: false; missing: boolean; errors: string[] };

export async function readPrd(ctx: Ctx): Promise<PrdRead> {
  const raw = await readText(ctx, pathsOf(ctx).prd);
  if (raw === null) return { ok: false, missing: true, errors: ["PRD file does not exist"] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { ok: false, missing: false, errors: [`PRD is not valid JSON: ${String(error)}`] };
  }
  const result = validatePrd(value);
  return result.ok
    ? { ok: true, prd: result.value }
    : { ok: false, missing: false, errors: result.errors };
}

export async function writePrd(ctx: Ctx, prd: Prd): Promise<void> {
  await writeText(ctx, pathsOf(ctx).prd, json(prd));
}

export function readStoryVerdicts(ctx: Ctx): Promise<StoryVerdicts | null> {
  return readJsonFile(ctx, pathsOf(ctx).verdicts, storyVerdictsSchema);
}

/** Records `entries` in the stories sidecar (core/story-verdicts.ts); returns its path. */
export async function writeStoryVerdicts(
  ctx: Ctx,
  entries: readonly StoryVerdict[],
): Promise<string> {
  const path = pathsOf(ctx).verdicts;
  await writeText(
    ctx,
    path,
    json(recordVerdicts(await readStoryVerdicts(ctx), ctx.spec.id, entries)),
  );
  return path;
}

export async function readCandidate(ctx: Ctx): Promise<Candidate | null> {
  const raw = await readText(ctx, pathsOf(ctx).candidate);
  if (raw === null) return null;
  const parsed = parseCandidate(raw);
  return parsed.ok ? parsed.value : null;
}

export async function writeCandidate(
  ctx: Ctx,
  args: { commit: string; storyId: string; nowIso: string },
): Promise<Candidate> {
  const candidate = newCandidate({
    specRel: ctx.spec.rel,
    specId: ctx.spec.id,
    commit: args.commit,
    nowIso: args.nowIso,
    storyId: args.storyId,
  });
  await writeText(ctx, pathsOf(ctx).candidate, json(candidate));
  return candidate;
}

export async function clearCandidate(ctx: Ctx): Promise<void> {
  await removeFile(ctx, pathsOf(ctx).candidate);
}

/**
 * Done is read from Ralph's own records, never by following a link (DESIGN §4.4): the marker is
 * a regular file reached through real folders only, and the PRD, when there is one, has every
 * story passing. A `done` folder an agent replaced by a link to another spec's is not done.
 */
export async function isDone(ctx: Ctx): Promise<boolean> {
  const marker = pathsOf(ctx).done;
  const parts = marker.split("/");
  for (let i = 1; i <= parts.length; i++) {
    const info = await lstat(abs(ctx, parts.slice(0, i).join("/"))).catch(() => null);
    if (info === null) return false;
    if (i < parts.length ? !info.isDirectory() : !info.isFile()) return false;
  }
  const prd = await readPrd(ctx);
  if (prd.ok) return prd.prd.userStories.every((s) => s.passes);
  return prd.missing;
}

/** One row of the done marker's verification table. */
export interface StoryVerdictRow {
  id: string;
  title: string;
  verdict: "PASS" | "FAIL" | "not verified in this run";
  commit: string | null;
  criteria: { criterion: string; pass: boolean }[];
}

function cell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|").trim();
}

export function renderDoneMarker(args: {
  specId: string;
  specFile: string;
  commit: string;
  nowIso: string;
  planAttempt: number | null;
  rows: readonly StoryVerdictRow[];
}): string {
  const lines = [
    `# Done: ${args.specId}`,
    "",
    `- Spec: \`${args.specFile}\``,
    `- Commit: ${args.commit}`,
    `- Verified at: ${args.nowIso}`,
    ...(args.planAttempt === null ? [] : [`- Plan attempt: ${args.planAttempt}`]),
    "",
    "| Story | Title | Verdict | Commit | Criteria |",
    "|---|---|---|---|---|",
    ...args.rows.map((r) => {
      const passed = r.criteria.filter((c) => c.pass).length;
      const criteria = r.criteria.length === 0 ? "-" : `${passed}/${r.criteria.length} pass`;
      const commit = r.commit === null ? "-" : r.commit.slice(0, 12);
      return `| ${cell(r.id)} | ${cell(r.title)} | ${r.verdict} | ${commit} | ${criteria} |`;
    }),
  ];
  const detailed = args.rows.filter((r) => r.criteria.length > 0);
  if (detailed.length > 0) {
    lines.push("", "## Acceptance criteria");
    for (const r of detailed) {
      lines.push("", `### ${cell(r.id)}`, "", "| Criterion | Result |", "|---|---|");
      for (const c of r.criteria)
        lines.push(`| ${cell(c.criterion)} | ${c.pass ? "pass" : "fail"} |`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Seed 000 spec discovery: every `*.md` under `<ralph_home>/specs` (or only under `under`, a
 * repo-relative folder inside it), in path order, except Ralph's own folders (plans/, candidates/,
 * done/, sessions/). Returns rels (relative to `<ralph_home>/specs`).
 */
export async function discoverSpecs(
  workspace: string,
  ralphHome: string,
  under?: string,
): Promise<string[]> {
  const root = join(workspace, homePaths(ralphHome).specsDir);
  const start = under === undefined ? root : join(workspace, under);
  const fromRoot = relative(root, start).split("\\").join("/");
  if (fromRoot.startsWith("..") || isAbsolute(fromRoot)) {
    throw new SpecFileError(`${under} is not inside ${homePaths(ralphHome).specsDir}`);
  }
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = join(dir, entry.name);
      const rel = relative(root, full).split("\\").join("/");
      if (entry.isDirectory()) {
        if (dir === root && RALPH_DIRS.includes(entry.name)) continue;
        await walk(full);
      } else if (entry.isFile() && entry.name.endsWith(".md")) {
        out.push(rel);
      }
    }
  };
  if (RALPH_DIRS.includes(fromRoot.split("/")[0] ?? "")) return [];
  // `--specs .ralph/specs/greet.md`: the one spec, not a folder that does not exist.
  if ((await lstat(start).catch(() => null))?.isFile()) {
    return start.endsWith(".md") ? [fromRoot] : [];
  }
  await walk(start);
  return out.sort();
}

const RALPH_DIRS = ["plans", "candidates", "done", "sessions"];
