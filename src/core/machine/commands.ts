import { COMMAND_NAMES, type CommandName } from "../command-table.js";
import type { MachineEvent } from "../events.js";
import { HELP_TEXT } from "../help.js";
import { nearestWord } from "../nearest-word.js";
import { approveCommand } from "./approvals.js";
import { approvalDenial, COMMAND_DENIED, deny, isTrusted, mayCommand } from "./auth.js";
import { updateCommand } from "./base-merge.js";
import { replan, revise } from "./changes.js";
import { type Ctx, emit, reply } from "./context.js";
import { run, stop, understand } from "./control.js";
import { skip } from "./conversation.js";
import { fixCommand } from "./followup-requests.js";
import { requestPlanning } from "./planning.js";
import { refusedAfterPrClosed } from "./pr-closed.js";
import { code } from "./text.js";

type CommandEvent = Extract<MachineEvent, { type: "command" }>;
/** `args`: the rest of the command line, trimmed. */
export type CommandHandler = (ctx: Ctx, ev: CommandEvent, args: string) => void;
/** One handler for every command of the command table. */
export type CommandHandlers = Record<CommandName, CommandHandler>;

/**
 * What each command does, once authorized and acknowledged. Keyed by every name of the command
 * table (core/command-table.ts): a command declared there without a handler here, or a handler
 * for a name that is not declared, does not compile.
 */
export const COMMAND_HANDLERS = {
  plan: (ctx, ev, args) => requestPlanning(ctx, args.trim(), ev.goal, "command"),
  approve: (ctx, ev, args) => approveCommand(ctx, ev.actor, args, ev.revision),
  revise: (ctx, ev, args) => revise(ctx, ev.actor, args, "command"),
  fix: (ctx, ev, args) => fixCommand(ctx, ev, args),
  update: (ctx) => updateCommand(ctx),
  replan: (ctx, ev, args) => replan(ctx, ev.actor, args),
  skip: (ctx, ev) => skip(ctx, ev.actor),
  run: (ctx) => run(ctx),
  stop: (ctx, ev) => stop(ctx, ev.actor),
  understand: (ctx) => understand(ctx),
  status: (ctx, ev) => {
    if (isTrusted(ev.actor)) emit(ctx, { type: "refresh_status" });
  },
  help: (ctx, ev) => reply(ctx, HELP_TEXT, helpKey(ev.actor)),
} satisfies CommandHandlers;

/** Help for a read-only user is answered once per user and issue (the reply key dedupes it). */
function helpKey(actor: CommandEvent["actor"]): string | undefined {
  return isTrusted(actor) ? undefined : `help:${actor.login.toLowerCase()}`;
}

/** One command line (DESIGN §3.1): authorize, acknowledge, then act or explain. */
export function handleCommand(ctx: Ctx, ev: CommandEvent): void {
  const { command, actor } = ev;
  if (actor.isBot) return;
  if (command.name === "approve") {
    const denial = approvalDenial(actor, ctx.config);
    if (denial !== null) {
      deny(ctx, actor, denial);
      return;
    }
  } else if (!mayCommand(actor, command.name)) {
    deny(ctx, actor, COMMAND_DENIED);
    return;
  }
  // Read-only users may ask for help and status, but a flood of them must cost Ralph almost
  // nothing (issue 10): no 👀, one help reply per user per issue, status only re-rendered for
  // those who can change it (everyone can read the status comment itself).
  if (ev.commentId !== undefined && isTrusted(actor)) {
    emit(ctx, { type: "acknowledge", commentId: ev.commentId });
  }
  // Ralph's pull request was merged or closed: only what still means something is answered.
  if (refusedAfterPrClosed(ctx, command.name)) return;
  if (command.name === "unknown") {
    const near = nearestWord(command.subcommand, COMMAND_NAMES);
    const hint = near === null ? "" : ` Did you mean ${code(`/ralph ${near}`)}?`;
    const body = `Unknown command ${code(`/ralph ${command.subcommand}`)}.${hint}\n\n${HELP_TEXT}`;
    reply(ctx, body, helpKey(actor));
    return;
  }
  COMMAND_HANDLERS[command.name](ctx, ev, command.args);
}
