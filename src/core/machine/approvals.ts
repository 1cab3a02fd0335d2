import type { Actor } from "../events.js";
import type { ApprovalChannel } from "../state.js";
import { approvalDenial, deny } from "./auth.js";
import { type Ctx, enter, PHASE_WORDS, reply, sameLogin } from "./context.js";
import { startImplementation } from "./implementation.js";
import { code, short } from "./text.js";

export interface ApprovalInput {
  channel: ApprovalChannel;
  actor: Actor;
  revision: string;
  reviewId?: number;
}

/**
 * DESIGN §3.3. Only the comment channel ever answers: reactions are re-read on every sweep and a
 * review is not a conversation, so replying there would repeat itself or spam the PR.
 */
export function handleApproval(ctx: Ctx, ev: ApprovalInput): void {
  const { s, config } = ctx;
  const loud = ev.channel === "comment";
  if (ev.actor.isBot) return;
  if (ev.channel === "reaction" && !config.approvals.reactions) return;
  if (ev.channel === "review" && !config.approvals.reviews) return;
  const denial = approvalDenial(ev.actor, config);
  if (denial !== null) {
    if (loud) deny(ctx, ev.actor, denial);
    return;
  }
  if (s.phase !== "awaiting_approval" || s.prd === null) {
    if (loud) reply(ctx, notNow(ctx));
    return;
  }
  const current = s.prd.revision;
  if (ev.revision !== current) {
    if (loud) {
      reply(
        ctx,
        `@${ev.actor.login}, that approval is for an older revision of the PRD, so it does not count. The current one is revision ${s.prd.number} (\`${short(current)}\`): please review it and approve again.`,
      );
    }
    return;
  }
  const already = s.approvals.some(
    (a) => a.revision === current && sameLogin(a.login, ev.actor.login),
  );
  // Kept per channel: a dismissed review must not take a `/approve` of the same user with it.
  const onChannel = s.approvals.find(
    (a) => a.revision === current && a.channel === ev.channel && sameLogin(a.login, ev.actor.login),
  );
  if (onChannel === undefined) {
    s.approvals.push({
      login: ev.actor.login,
      revision: current,
      channel: ev.channel,
      ...(ev.reviewId === undefined ? {} : { reviewId: ev.reviewId }),
    });
  } else if (ev.reviewId !== undefined && onChannel.reviewId !== ev.reviewId) {
    // The newest approving review is the one whose dismissal takes the approval back.
    onChannel.reviewId = ev.reviewId;
  }
  const approvers = distinctApprovers(s.approvals, current);
  const required = config.approvals.required;
  if (approvers.length < required) {
    if (loud) {
      reply(
        ctx,
        already
          ? `@${ev.actor.login}, your approval is already counted (${approvers.length} of ${required}); another approver is needed.`
          : `Approval by @${ev.actor.login} counted (${approvers.length} of ${required} required).`,
      );
    }
    return;
  }
  s.approvedBy = approvers;
  if (config.gates.run && !s.runGatePassed) {
    enter(ctx, "run_gate");
    reply(
      ctx,
      `PRD approved by ${approvers.map((l) => `@${l}`).join(", ")}. \`gates.run\` is on: comment \`/ralph run\` to start implementation.`,
    );
    return;
  }
  startImplementation(ctx);
}

function distinctApprovers(
  approvals: readonly { login: string; revision: string }[],
  revision: string,
): string[] {
  const out: string[] = [];
  for (const a of approvals) {
    if (a.revision === revision && !out.some((l) => sameLogin(l, a.login))) out.push(a.login);
  }
  return out;
}

function notNow(ctx: Ctx): string {
  const phase = ctx.s.phase;
  if (phase === "run_gate")
    return "The PRD is already approved; comment `/ralph run` to start implementation.";
  if (phase === "implementing" || phase === "verifying")
    return "The PRD is already approved and being implemented.";
  return `There is no PRD waiting for approval (Ralph is ${PHASE_WORDS[phase]}).`;
}

/**
 * A dismissed approving review or a removed 👍 (DESIGN §3.3 binds approvals to what carried
 * them). Only while the approval still gates something: once implementation started it was used.
 * In the run gate, losing an approver below `approvals.required` reopens the approval gate.
 */
export function withdrawApproval(ctx: Ctx, channel: ApprovalChannel, login: string): void {
  const s = ctx.s;
  if ((s.phase !== "awaiting_approval" && s.phase !== "run_gate") || s.prd === null) return;
  const current = s.prd.revision;
  const kept = s.approvals.filter(
    (a) => !(a.revision === current && a.channel === channel && sameLogin(a.login, login)),
  );
  if (kept.length === s.approvals.length) return;
  s.approvals = kept;
  if (s.phase !== "run_gate") return;
  const approvers = distinctApprovers(kept, current);
  const required = ctx.config.approvals.required;
  if (approvers.length >= required) {
    s.approvedBy = approvers;
    return;
  }
  s.approvedBy = [];
  enter(ctx, "awaiting_approval");
  reply(
    ctx,
    `The approval by @${login} was withdrawn (${channel === "review" ? "the approving review was dismissed" : "the 👍 was removed"}): the PRD needs approval again (${approvers.length} of ${required}) before implementation can start.`,
  );
}

/**
 * `/approve [spec-id]` and `/ralph approve` approve the revision the author saw: the current one
 * unless the adapter knows better (`revision`, e.g. the head of the review that carried it).
 */
export function approveCommand(ctx: Ctx, actor: Actor, specArg: string, revision?: string): void {
  const s = ctx.s;
  const spec = specArg.trim().split(/\s+/)[0] ?? "";
  if (s.phase === "awaiting_approval" && spec !== "" && spec !== s.specId) {
    reply(
      ctx,
      `There is no spec ${code(spec)} waiting for approval here${s.specId === null ? "" : `; the PRD waiting for approval is for ${code(s.specId)}`}.`,
    );
    return;
  }
  handleApproval(ctx, { channel: "comment", actor, revision: revision ?? s.prd?.revision ?? "" });
}
