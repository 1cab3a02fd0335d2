import { createHash } from "node:crypto";
import * as z from "zod";
import { canonicalJson } from "./canonical-json.js";
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

/**
 * What one PRD may hold so that Ralph can carry it to done (DESIGN §6.4): its stories' state lives
 * in the status comment, one GitHub comment, so their number and the length of what the state
 * keeps of each are bounded. Checked on the planner's draft, never on a PRD already on a branch.
 */
export const PRD_LIMITS = {
  /** Stories in one PRD; a larger piece of work is several issues (or specs). */
  stories: 200,
  /** Characters of a story id: letters, digits, `.`, `_`, `-` (e.g. `US-001`). */
  storyId: 24,
  /** Characters of a story title (the status comment and the PRD comment show up to this). */
  title: 200,
} as const;

const STORY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Why Ralph could not carry `prd` to done, as validation errors the planner can fix; [] when none. */
export function prdCarryProblems(prd: Prd): string[] {
  const problems: string[] = [];
  const count = prd.userStories.length;
  if (count > PRD_LIMITS.stories) {
    problems.push(
      `userStories: ${count} stories, but Ralph carries at most ${PRD_LIMITS.stories} in one PRD: merge small stories into larger ones, or plan a first part of the work and leave the rest for another issue`,
    );
  }
  prd.userStories.forEach((story, index) => {
    if (story.id.length > PRD_LIMITS.storyId || !STORY_ID.test(story.id)) {
      problems.push(
        `userStories.${index}.id: '${story.id.slice(0, 40)}' is not a story id: use 1-${PRD_LIMITS.storyId} letters, digits, '.', '_' or '-' starting with a letter or digit (e.g. US-001)`,
      );
    }
    if (story.title.length > PRD_LIMITS.title) {
      problems.push(
        `userStories.${index}.title: ${story.title.length} characters (at most ${PRD_LIMITS.title}): keep the title short and put details in the acceptance criteria or notes`,
      );
    }
  });
  return problems;
}

/**
 * Validates the envelope and, when present, the PRD draft inside it (errors prefixed `prdDraft.`),
 * including what Ralph can carry (prdCarryProblems): a PRD too large is refused here, at planning,
 * and the planner is asked to fix it.
 */
export function validateEnvelope(raw: unknown): ValidationResult<PlannerEnvelope> {
  const result = plannerEnvelopeSchema.safeParse(raw);
  if (!result.success) return { ok: false, errors: formatZodIssues(result.error) };
  const { prdDraft, ...rest } = result.data;
  if (prdDraft === null || prdDraft === undefined) {
    return { ok: true, value: { ...rest, prdDraft: null } };
  }
  const prd = validatePrd(prdDraft);
  if (!prd.ok) return { ok: false, errors: prd.errors.map((e) => `prdDraft.${e}`) };
  const carry = prdCarryProblems(prd.value);
  if (carry.length > 0) return { ok: false, errors: carry.map((e) => `prdDraft.${e}`) };
  return { ok: true, value: { ...rest, prdDraft: prd.value } };
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
