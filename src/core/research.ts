import * as z from "zod";
import { decisionSchema, optionSchema } from "./decisions.js";
import { extractLastJsonObject } from "./extract-json.js";
import { formatZodIssues } from "./zod-errors.js";

/**
 * Seed 002 research.json. The research agent returns the four finding lists; Ralph adds `task` and
 * `researched_at`. Agent output: unknown extra keys are dropped rather than rejected.
 */

export const researchSpecSchema = z.object({
  title: z.string(),
  summary: z.string(),
  url: z.string(),
});
export const bestPracticeSchema = z.object({ practice: z.string(), rationale: z.string() });
export const pitfallSchema = z.object({
  issue: z.string(),
  consequence: z.string(),
  prevention: z.string(),
});
export const referenceSchema = z.object({
  title: z.string(),
  url: z.string(),
  relevance: z.string(),
});

/** What the research agent returns (seed 002 prompt: "Return your findings as JSON ..."). */
export const researchFindingsSchema = z.object({
  specs: z.array(researchSpecSchema),
  best_practices: z.array(bestPracticeSchema),
  pitfalls: z.array(pitfallSchema),
  references: z.array(referenceSchema),
});
export type ResearchFindings = z.infer<typeof researchFindingsSchema>;

/**
 * What the research agent's final JSON object must look like: the findings and the decisions the
 * maintainers should take (unknown keys are dropped).
 */
export const researchReplySchema = z.object({
  research: researchFindingsSchema,
  // A decision as decisions.json records it, before anyone answered: no selection, no replies.
  decisions: z
    .array(
      decisionSchema
        .omit({ selected_option: true, user_response: true, follow_up_questions: true })
        .extend({ options: z.array(optionSchema).min(2) }),
    )
    .max(8),
});
export type ResearchReply = z.infer<typeof researchReplySchema>;

/**
 * The research run's final message, read as Ralph reads it: the last JSON object in it, validated
 * strictly. The errors are what the run is rejected with (one per problem, naming the key path).
 */
export function parseResearchReply(
  text: string,
): { ok: true; value: ResearchReply } | { ok: false; errors: string[] } {
  const json = extractLastJsonObject(text);
  if (!json.ok) return { ok: false, errors: [json.error] };
  const parsed = researchReplySchema.safeParse(json.value);
  if (!parsed.success) return { ok: false, errors: formatZodIssues(parsed.error) };
  return { ok: true, value: parsed.data };
}

export const researchSchema = researchFindingsSchema.extend({
  task: z.string(),
  researched_at: z.string(),
  /** Set when research failed; the lists are then empty (seed 002 "Handling Research Failures"). */
  error: z.string().optional(),
});
export type Research = z.infer<typeof researchSchema>;

export type ResearchParse = { ok: true; value: Research } | { ok: false; errors: string[] };

export function parseResearch(raw: unknown): ResearchParse {
  const parsed = researchSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: formatZodIssues(parsed.error) };
}

/** Seed 002: research failure never blocks; write empty lists and say why. */
export function minimalResearch(task: string, researchedAt: string, error: string): Research {
  return {
    task,
    researched_at: researchedAt,
    error,
    specs: [],
    best_practices: [],
    pitfalls: [],
    references: [],
  };
}

/**
 * Turns the research agent's parsed JSON into research.json; invalid findings give the minimal
 * file with the validation errors as `error`.
 */
export function buildResearch(task: string, researchedAt: string, findings: unknown): Research {
  const parsed = researchFindingsSchema.safeParse(findings);
  if (!parsed.success) {
    const detail = formatZodIssues(parsed.error).join("; ");
    return minimalResearch(
      task,
      researchedAt,
      `Research subagent returned invalid JSON: ${detail}`,
    );
  }
  return { task, researched_at: researchedAt, ...parsed.data };
}
