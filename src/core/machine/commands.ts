import type { MachineEvent } from "../events.js";
import { HELP_TEXT } from "../help.js";
import { approveCommand } from "./approvals.js";
import { approvalDenial, COMMAND_DENIED, deny, mayCommand } from "./auth.js";
import { replan, revise } from "./changes.js";
import { type Ctx, emit, reply } from "./context.js";
import { run, stop, understand } from "./control.js";
import { skip } from "./conversation.js";
import { requestPlanning } from "./planning.js";
import { code } from "./text.js";

type CommandEvent = Extract<MachineEvent, { type: "command" }>;

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
  if (ev.commentId !== undefined) emit(ctx, { type: "acknowledge", commentId: ev.commentId });
  switch (command.name) {
    case "plan":
      requestPlanning(ctx, command.args.trim(), ev.goal, "command");
      return;
    case "approve":
      approveCommand(ctx, actor, command.args, ev.revision);
      return;
    case "revise":
      revise(ctx, actor, command.args, "command");
      return;
    case "replan":
      replan(ctx, actor, command.args);
      return;
    case "skip":
      skip(ctx, actor);
      return;
    case "run":
      run(ctx);
      return;
    case "stop":
      stop(ctx, actor);
      return;
    case "understand":
      understand(ctx);
      return;
    case "status":
      emit(ctx, { type: "refresh_status" });
      return;
    case "help":
      reply(ctx, HELP_TEXT);
      return;
    case "unknown":
      reply(ctx, `Unknown command ${code(`/ralph ${command.subcommand}`)}.\n\n${HELP_TEXT}`);
      return;
  }
}
