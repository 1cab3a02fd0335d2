import { describe, expect, it } from "vitest";
import { COMMAND_NAMES, COMMAND_TABLE } from "../../src/core/command-table.js";
import type { Effect } from "../../src/core/effects.js";
import { HELP_TEXT } from "../../src/core/help.js";
import { COMMAND_HANDLERS, type CommandHandlers } from "../../src/core/machine/commands.js";
import { EFFECT_HANDLERS, type EffectHandlers } from "../../src/github/effects.js";

// Commands and effects are declared once and their handler tables are exhaustive: the type
// checks below are part of `npm run typecheck` (tsconfig includes test/). Each
// `@ts-expect-error` line must fail to compile; if a table stopped being exhaustive, the
// directive would be unused and the typecheck would fail.

describe("the command registry", () => {
  it("has a handler for every declared command and nothing else", () => {
    expect(Object.keys(COMMAND_HANDLERS).sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it("renders every command into the help text", () => {
    for (const spec of Object.values(COMMAND_TABLE)) expect(HELP_TEXT).toContain(spec.usage);
  });

  it("does not compile without a handler for a declared command", () => {
    const { skip: _skip, ...withoutSkip } = COMMAND_HANDLERS;
    // @ts-expect-error `skip` is declared in the command table but has no handler here
    const incomplete: CommandHandlers = withoutSkip;
    expect(Object.keys(incomplete)).not.toContain("skip");
  });

  it("does not compile with a handler for an undeclared command", () => {
    const extra: CommandHandlers = {
      ...COMMAND_HANDLERS,
      // @ts-expect-error `deploy` is not a command of the command table
      deploy: () => {},
    };
    expect(Object.keys(extra)).toContain("deploy");
  });
});

describe("the effect registry", () => {
  it("has a handler for every effect type", () => {
    const types: Record<Effect["type"], true> = {
      reply: true,
      acknowledge: true,
      refresh_status: true,
      set_label: true,
      dispatch: true,
      post_questions: true,
      post_decisions: true,
      post_prd: true,
      commit_files: true,
      open_pr: true,
      mark_pr_ready: true,
      post_review: true,
      cancel_run: true,
      answer_threads: true,
      request_review: true,
    };
    expect(Object.keys(EFFECT_HANDLERS).sort()).toEqual(Object.keys(types).sort());
  });

  it("does not compile when an effect type is added without a handler", () => {
    type WiderEffectTypes = Effect["type"] | "teleport";
    // @ts-expect-error `teleport` joined the effect types but the table has no handler for it
    const wider: Record<WiderEffectTypes, unknown> = EFFECT_HANDLERS;
    expect(wider).toBe(EFFECT_HANDLERS);
  });

  it("does not compile without a handler for an existing effect", () => {
    const { cancel_run: _cancel, ...withoutCancel } = EFFECT_HANDLERS;
    // @ts-expect-error every effect of core/effects.ts needs a handler
    const incomplete: EffectHandlers = withoutCancel;
    expect(Object.keys(incomplete)).not.toContain("cancel_run");
  });
});
