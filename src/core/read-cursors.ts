import * as z from "zod";

/**
 * Where Ralph's reads of 👍 on a PRD comment stand (issue 16: an approval outsiders cannot make
 * expensive). Anyone can react, so the count of reactors must not set the cost of an event: the
 * 👍 are read newest first down to the newest one already taken in (`reactionId`), each reactor's
 * permission is looked up once per PRD revision (the ones refused are remembered, bounded), and
 * a counted 👍 is checked by its own id (`counted`), not by reading them all again. A new PRD
 * revision (or comment) starts over. States saved before these reads existed have none: the first
 * read then reads every 👍 once.
 */
export const APPROVAL_DENIED_KEPT = 100;
export const APPROVAL_COUNTED_KEPT = 100;

export const approvalReadsSchema = z.strictObject({
  revision: z.string(),
  commentId: z.number().int(),
  /** GraphQL's id of the PRD comment, by which its 👍 are read. */
  commentNode: z.string().nullable().default(null),
  /** The newest 👍 (database id) already taken in. */
  reactionId: z.number().int().min(0).default(0),
  /** Reactors looked up and refused for this revision; the oldest are forgotten first. */
  denied: z.array(z.string()).max(APPROVAL_DENIED_KEPT).default([]),
  /** The 👍 that count as approvals (GraphQL ids): a removed one withdraws its approval. */
  counted: z
    .array(z.strictObject({ login: z.string(), node: z.string() }))
    .max(APPROVAL_COUNTED_KEPT)
    .default([]),
});

export type ApprovalReads = z.infer<typeof approvalReadsSchema>;

/** `list` with `more` appended (no duplicates, case-insensitive), keeping the newest `max`. */
export function boundedLogins(list: readonly string[], more: readonly string[], max: number) {
  const out = [...list];
  for (const login of more) {
    if (!out.some((l) => l.toLowerCase() === login.toLowerCase())) out.push(login);
  }
  return out.slice(Math.max(0, out.length - max));
}
