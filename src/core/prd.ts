import { createHash } from "node:crypto";
import * as z from "zod";
import { formatZodIssues } from "./zod-errors.js";

/**
 * Seed 003 strict PRD: exactly `branchName` + `userStories`; each story exactly six keys, plus the
 * optional seed 002 parallel-group keys `group` and `files`.
 */
export const userStorySchema = z.strictObject({
  id: z.string().min(1),
  title: z.string().min(1),
  // A blank criterion (`" "`) is no criterion: a verifier could not be held to it.
  acceptanceCriteria: z
    .array(z.string().refine((c) => c.trim() !== "", { message: "must not be blank" }))
    .min(1),
  priority: z.number().int().min(1),
  passes: z.boolean(),
  notes: z.string(),
  /**
   * Seed 002 parallel group (optional): stories of one group do not depend on each other, and
   * those whose `files` are disjoint may run at the same time (`parallel.max`).
   */
  group: z.number().int().min(1).optional(),
  /** The files (or globs, or directories ending in `/`) the story will change. */
  files: z.array(z.string().min(1)).optional(),
});

export const prdSchema = z
  .strictObject({
    branchName: z.string().min(1),
    userStories: z.array(userStorySchema).min(1),
  })
  .superRefine((prd, ctx) => {
    const seen = new Set<string>();
    prd.userStories.forEach((story, index) => {
      if (seen.has(story.id)) {
        ctx.addIssue({
          code: "custom",
          path: ["userStories", index, "id"],
          message: `duplicate story id '${story.id}'`,
        });
      }
      seen.add(story.id);
    });
  });

export type UserStory = z.infer<typeof userStorySchema>;
export type Prd = z.infer<typeof prdSchema>;

/** Seed 003 planner envelope: exactly these four keys. */
export const uncertaintySchema = z.strictObject({
  topic: z.string(),
  reason: z.string(),
  evidenceMissing: z.string(),
});

export const plannerEnvelopeSchema = z.strictObject({
  questions: z.array(z.string().min(1)),
  uncertainties: z.array(uncertaintySchema),
  prdDraft: z.unknown().nullable(),
  recommendUnderstand: z.strictObject({
    shouldRun: z.boolean(),
    reasons: z.array(z.string()),
  }),
});

export type Uncertainty = z.infer<typeof uncertaintySchema>;
export type PlannerEnvelope = Omit<z.infer<typeof plannerEnvelopeSchema>, "prdDraft"> & {
  prdDraft: Prd | null;
};

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: string[] };

export function validatePrd(raw: unknown): ValidationResult<Prd> {
  const result = prdSchema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: formatZodIssues(result.error) };
}

/** Validates the envelope and, when present, the PRD draft inside it (errors prefixed `prdDraft.`). */
export function validateEnvelope(raw: unknown): ValidationResult<PlannerEnvelope> {
  const result = plannerEnvelopeSchema.safeParse(raw);
  if (!result.success) return { ok: false, errors: formatZodIssues(result.error) };
  const { prdDraft, ...rest } = result.data;
  if (prdDraft === null || prdDraft === undefined) {
    return { ok: true, value: { ...rest, prdDraft: null } };
  }
  const prd = validatePrd(prdDraft);
  if (!prd.ok) return { ok: false, errors: prd.errors.map((e) => `prdDraft.${e}`) };
  return { ok: true, value: { ...rest, prdDraft: prd.value } };
}

/** Stable JSON: object keys sorted, so equal PRDs hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/**
 * The PRD revision an approval binds to (DESIGN §3.3): sha256 of canonical PRD JSON + plan text.
 * `passes` flags are reset first so that marking stories verified does not invalidate approvals.
 */
export function prdRevision(prd: Prd, planText: string): string {
  const normalized = {
    ...prd,
    userStories: prd.userStories.map((s) => ({ ...s, passes: false })),
  };
  return createHash("sha256")
    .update(canonicalJson(normalized))
    .update("\n")
    .update(planText.replace(/\r\n/g, "\n").trimEnd())
    .digest("hex");
}

/** Stories in execution order: priority ascending, then PRD order. */
export function storiesInOrder(prd: Prd): UserStory[] {
  return prd.userStories
    .map((story, index) => ({ story, index }))
    .sort((a, b) => a.story.priority - b.story.priority || a.index - b.index)
    .map(({ story }) => story);
}
