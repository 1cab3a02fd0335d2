import * as z from "zod";
import { formatZodIssues } from "./zod-errors.js";

/**
 * Seed 000 candidate marker (`specs/candidates/<rel>.json`): an implementation commit that still
 * needs verification. It is what lets a run killed between implement and verify resume by
 * verifying instead of implementing again.
 */

export const COMMIT_SHA_PATTERN = /^[0-9a-f]{40}$/;

export const candidateStatusSchema = z.enum(["candidate", "verified"]);
export type CandidateStatus = z.infer<typeof candidateStatusSchema>;

export const candidateSchema = z.object({
  spec_rel: z.string().min(1),
  spec_id: z.string().min(1),
  candidate_commit: z
    .string()
    .regex(COMMIT_SHA_PATTERN, "must be a 40-character lowercase hex sha"),
  created_at_utc: z.string().min(1),
  status: candidateStatusSchema,
  /** The story the commit implements (per-story verification, DESIGN §4.4). */
  story_id: z.string().min(1).optional(),
  /** Seed 001 CandidateInfo keeps the run directories; optional here (run logs live elsewhere). */
  last_impl_run_dir: z.string().nullable().optional(),
  last_verify_run_dir: z.string().nullable().optional(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export type CandidateParse = { ok: true; value: Candidate } | { ok: false; errors: string[] };

/** Accepts raw file text or an already parsed value. */
export function parseCandidate(raw: unknown): CandidateParse {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return { ok: false, errors: [`candidate is not valid JSON: ${(error as Error).message}`] };
    }
  }
  const parsed = candidateSchema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: formatZodIssues(parsed.error) };
}

export function newCandidate(args: {
  specRel: string;
  specId: string;
  commit: string;
  nowIso: string;
  storyId?: string;
}): Candidate {
  return candidateSchema.parse({
    spec_rel: args.specRel,
    spec_id: args.specId,
    candidate_commit: args.commit,
    created_at_utc: args.nowIso,
    status: "candidate",
    ...(args.storyId === undefined ? {} : { story_id: args.storyId }),
  });
}

export function markVerified(candidate: Candidate): Candidate {
  return { ...candidate, status: "verified" };
}

/**
 * Seed 001 run_spec_pipeline phase 2: an existing, unverified, not-forced candidate is verified
 * without implementing. With `storyId`, only a candidate for that story counts. The caller must
 * still check that the commit exists on the branch (DESIGN §4.4) before trusting it.
 */
export function shouldVerifyCandidate(
  candidate: Candidate | null,
  opts: { forced: boolean; storyId?: string },
): boolean {
  if (candidate === null || opts.forced || candidate.status === "verified") return false;
  if (opts.storyId !== undefined && candidate.story_id !== opts.storyId) return false;
  return true;
}
