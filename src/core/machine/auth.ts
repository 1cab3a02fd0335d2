import { commandAccess } from "../command-table.js";
import type { RalphConfig } from "../config.js";
import { type Actor, type CommandName, hasPermission } from "../events.js";
import { type Ctx, reply, sameLogin } from "./context.js";

export function mayCommand(actor: Actor, name: CommandName | "unknown"): boolean {
  if (actor.isBot) return false;
  return hasPermission(actor.permission, commandAccess(name));
}

/** Answers, feedback and plan text reach prompts only from write users (DESIGN §7.3). */
export function isTrusted(actor: Actor): boolean {
  return !actor.isBot && hasPermission(actor.permission, "write");
}

/** Why this actor's approval does not count (DESIGN §3.3), or null when it does. */
export function approvalDenial(actor: Actor, config: RalphConfig): string | null {
  const rules = config.approvals;
  if (actor.isBot) return "approvals by bots never count";
  if (!hasPermission(actor.permission, rules.min_permission)) {
    return `approving needs ${rules.min_permission} permission on this repository`;
  }
  if (rules.users.length > 0 && !rules.users.some((u) => sameLogin(u, actor.login))) {
    return "only the users listed in `approvals.users` can approve";
  }
  if (!rules.allow_author && actor.isIssueAuthor) {
    return "the author's own approval does not count here (`approvals.allow_author: false`)";
  }
  return null;
}

/**
 * At most one denial per user per issue (DESIGN §3.1): the adapter skips a reply whose hidden key
 * already appears on a Ralph comment, so the state does not need to remember whom it told.
 */
export function deny(ctx: Ctx, actor: Actor, why: string): void {
  reply(ctx, `@${actor.login}, ${why}.`, `denied:${actor.login}`);
}

export const COMMAND_DENIED =
  "Ralph only takes commands from users with write access to this repository";
