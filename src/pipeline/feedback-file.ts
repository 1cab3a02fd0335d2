import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { FeedbackFile } from "../core/followup.js";
import type { PipelineContext } from "./context.js";

/**
 * RALPH_FEEDBACK_FILE (docs/agents.md "Follow-up feedback"): a follow-up round's feedback as JSON,
 * for the amend, implement and verify runs of the round. Written next to the run logs, outside
 * the repository's tracked files, so no agent run commits it and no read-only check trips on it.
 */
export async function writeFeedbackFile(
  ctx: Pick<PipelineContext, "logRoot" | "spec">,
  file: FeedbackFile,
): Promise<string> {
  const path = join(ctx.logRoot, "feedback", `${ctx.spec.id}-round-${file.round}.json`);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(file, null, 2)}\n`, "utf8");
  return path;
}

/**
 * The context of a step while a follow-up round runs: the round's feedback file written, and the
 * context carrying it (its implement and verify runs get RALPH_FEEDBACK_FILE and the feedback).
 */
export async function withFollowUp<T extends Pick<PipelineContext, "logRoot" | "spec">>(
  ctx: T,
  file: FeedbackFile | null,
): Promise<T & { followUp?: { file: string; data: FeedbackFile } }> {
  if (file === null) return ctx;
  return { ...ctx, followUp: { file: await writeFeedbackFile(ctx, file), data: file } };
}
