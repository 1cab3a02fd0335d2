import type { PipelineContext } from "../pipeline/context.js";
import { specRef } from "../pipeline/context.js";
import * as specFiles from "../pipeline/spec-files.js";
import type { CommonArgs } from "./args.js";
import { EXIT_OK } from "./errors.js";
import type { CliIo } from "./io.js";
import { setup } from "./setup.js";

export interface SpecStatusLine {
  rel: string;
  state: "not started" | "planned" | "plan invalidated" | "candidate" | "done";
  planAttempt: number | null;
  stories: { passed: number; total: number } | null;
  detail: string;
}

/** Seed 000 state model, read from the files: done > candidate > planned > not started. */
export async function specStatus(ctx: PipelineContext): Promise<SpecStatusLine> {
  const meta = await specFiles.readPlanMeta(ctx);
  const prd = await specFiles.readPrd(ctx);
  const stories = prd.ok
    ? {
        passed: prd.prd.userStories.filter((s) => s.passes).length,
        total: prd.prd.userStories.length,
      }
    : null;
  const base = { rel: ctx.spec.rel, planAttempt: meta?.attempt ?? null, stories };
  if (await specFiles.isDone(ctx)) return { ...base, state: "done", detail: "" };
  const candidate = await specFiles.readCandidate(ctx);
  if (candidate && candidate.status === "candidate") {
    const story = candidate.story_id ? ` for ${candidate.story_id}` : "";
    return {
      ...base,
      state: "candidate",
      detail: `commit ${candidate.candidate_commit.slice(0, 12)}${story} awaits verification`,
    };
  }
  if (meta?.status === "invalidated") {
    return { ...base, state: "plan invalidated", detail: meta.invalidation_reason ?? "" };
  }
  if (meta !== null || (await specFiles.readPlan(ctx)) !== null) {
    return { ...base, state: "planned", detail: meta === null ? "hand-written plan" : "" };
  }
  return { ...base, state: "not started", detail: "" };
}

export function formatStatusLine(line: SpecStatusLine): string {
  const parts: string[] = [line.state];
  if (line.planAttempt !== null) parts.push(`plan attempt ${line.planAttempt}`);
  if (line.stories) parts.push(`stories ${line.stories.passed}/${line.stories.total} pass`);
  if (line.detail) parts.push(line.detail);
  return `${line.rel}: ${parts.join(", ")}`;
}

export async function statusCommand(io: CliIo, args: CommonArgs): Promise<number> {
  const s = await setup(io, args, { readOnly: true });
  const rels = await specFiles.discoverSpecs(s.root, s.config.ralph_home);
  if (rels.length === 0) {
    io.out(`no specs under ${s.config.ralph_home}/specs`);
    return EXIT_OK;
  }
  for (const rel of rels) {
    const ctx: PipelineContext = { ...s.base, spec: specRef(s.config.ralph_home, rel) };
    io.out(formatStatusLine(await specStatus(ctx)));
  }
  return EXIT_OK;
}
