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
  if (!already) s.approvals.push({ login: ev.actor.login, revision: current, channel: ev.channel });
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

/** `/approve [spec-id]` and `/ralph approve` approve the current revision (DESIGN §3.1). */
export function approveCommand(ctx: Ctx, actor: Actor, specArg: string): void {
  const s = ctx.s;
  const spec = specArg.trim().split(/\s+/)[0] ?? "";
  if (s.phase === "awaiting_approval" && spec !== "" && spec !== s.specId) {
    reply(
      ctx,
      `There is no spec ${code(spec)} waiting for approval here${s.specId === null ? "" : `; the PRD waiting for approval is for ${code(s.specId)}`}.`,
    );
    return;
  }
  handleApproval(ctx, { channel: "comment", actor, revision: s.prd?.revision ?? "" });
}
