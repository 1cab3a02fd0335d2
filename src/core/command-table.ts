import type { Permission } from "./events.js";

/** One `/ralph` command as a reader meets it: who may run it, its alias, its row in the help. */
export interface CommandSpec {
  /** The permission on the repository that running the command needs. */
  access: Extract<Permission, "read" | "write">;
  /** A top-level spelling that means this command (`/approve`, `/reject`). */
  alias?: string;
  /** The usage cell of the help table (Markdown). */
  usage: string;
  /** What the command does, as the help table says it. */
  effect: string;
}

/**
 * Every command (DESIGN §3.1), declared once: the parser (core/commands.ts) reads names and
 * aliases from here, the help text is rendered from here, and the machine's handler table
 * (core/machine/commands.ts) must have an entry for each name, so a command added here without
 * a handler does not compile. The order is the order of the help table.
 */
export const COMMAND_TABLE = {
  plan: {
    access: "write",
    usage: "`/ralph plan [notes]`",
    effect: "start or restart planning (notes go to the planner)",
  },
  approve: {
    access: "write",
    alias: "approve",
    usage: "`/approve [spec-id]`, `/ralph approve`",
    effect: "approve the current PRD revision",
  },
  revise: {
    access: "write",
    alias: "reject",
    usage: "`/ralph revise <feedback>`",
    effect: "back to the planner with feedback (alias `/reject`)",
  },
  fix: {
    access: "write",
    usage: "`/ralph fix <what to change>`",
    effect:
      "on finished work: a follow-up round on the same pull request (inline review comments since the last round included)",
  },
  update: {
    access: "write",
    usage: "`/ralph update`",
    effect:
      "on finished work: merge the default branch into Ralph's branch (a merge commit), re-verify, and resolve conflicts in a follow-up round",
  },
  skip: {
    access: "write",
    usage: "`/ralph skip`",
    effect: 'answer open questions with "use your best judgment"',
  },
  run: {
    access: "write",
    usage: "`/ralph run`",
    effect: "pass the run gate, or resume after stop / failure (resets the circuit breaker)",
  },
  stop: {
    access: "write",
    usage: "`/ralph stop`",
    effect: "stop after the current agent step; cancel queued work",
  },
  replan: {
    access: "write",
    usage: "`/ralph replan <reason>`",
    effect: "invalidate the active plan by hand",
  },
  understand: {
    access: "write",
    usage: "`/ralph understand`",
    effect: "refresh the codebase map",
  },
  status: { access: "read", usage: "`/ralph status`", effect: "re-render the status comment" },
  help: { access: "read", usage: "`/ralph help`", effect: "list commands" },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMAND_TABLE;

export const COMMAND_NAMES = Object.keys(COMMAND_TABLE) as readonly CommandName[];

/** The permission a command needs; an unknown `/ralph` word gets the help text, so it is read. */
export function commandAccess(name: CommandName | "unknown"): CommandSpec["access"] {
  return name === "unknown" ? "read" : COMMAND_TABLE[name].access;
}

/** The help table, rendered from the command table. */
export function commandHelpRows(): string[] {
  return Object.values(COMMAND_TABLE).map(
    (spec: CommandSpec) => `| ${spec.usage} | ${spec.effect} |`,
  );
}
