import * as z from "zod";

/**
 * The stories sidecar next to the PRD on the branch, `<rel>.stories.json` (DESIGN §5): what the
 * state no longer carries of a story (DESIGN §6.4) — the commit Ralph verified, when, and the
 * verifier's criterion → pass/fail table. Written with the commit that marks a story verified
 * (or reopened by the regression gate), read for the done marker. Informational: Ralph decides
 * "done" from its state and the PRD's `passes`, never from this file.
 */
export const criterionVerdictSchema = z.strictObject({
  criterion: z.string(),
  pass: z.boolean(),
});
export type CriterionVerdict = z.infer<typeof criterionVerdictSchema>;

export const storyVerdictSchema = z.strictObject({
  id: z.string(),
  /** `verified`: passed its verification; `reopened`: the regression gate found it no longer holding. */
  status: z.enum(["verified", "reopened"]),
  commit: z.string().nullable(),
  at: z.string(),
  criteria: z.array(criterionVerdictSchema),
});
export type StoryVerdict = z.infer<typeof storyVerdictSchema>;

export const storyVerdictsSchema = z.strictObject({
  spec_id: z.string(),
  stories: z.array(storyVerdictSchema),
});
export type StoryVerdicts = z.infer<typeof storyVerdictsSchema>;

/** `file` (or a new one) with `entries` replacing the entries of the same story ids. */
export function recordVerdicts(
  file: StoryVerdicts | null,
  specId: string,
  entries: readonly StoryVerdict[],
): StoryVerdicts {
  const ids = new Set(entries.map((e) => e.id));
  const kept = (file?.stories ?? []).filter((s) => !ids.has(s.id));
  return { spec_id: specId, stories: [...kept, ...entries] };
}
