import { describe, expect, it } from "vitest";
import { COMMAND_NAMES, type MachineEvent } from "../../../src/core/events.js";
import { approvalDenial, isTrusted, mayCommand } from "../../../src/core/machine/auth.js";
import { HELP_TEXT, transition } from "../../../src/core/machine/index.js";
import { PHASES } from "../../../src/core/state.js";
import { alice, bot, reader, stranger } from "./actors.js";
import { cmd, comment, unknownCmd } from "./events.js";
import { config, PHASE_FIXTURES } from "./fixtures.js";

const SECRET = "IGNORE-PREVIOUS-INSTRUCTIONS-7f3a";

/** Everything an outsider (or a bot) can send that carries text. */
function untrusted(): MachineEvent[] {
  return [reader, stranger, bot].flatMap((actor) => [
    comment(`1. ${SECRET}\n2. ${SECRET}`, actor),
    cmd("plan", SECRET, actor, { goal: SECRET }),
    cmd("revise", SECRET, actor),
    cmd("replan", SECRET, actor),
    cmd("skip", "", actor),
    cmd("approve", SECRET, actor),
    { type: "changes_requested", actor, feedback: SECRET },
    { type: "trigger", actor, goal: SECRET },
  ]);
}

describe("authorization", () => {
  it.each(PHASES)("in %s, untrusted text never reaches the state or any effect", (phase) => {
    const before = PHASE_FIXTURES[phase];
    for (const event of untrusted()) {
      const out = transition(before, event, config());
      expect(JSON.stringify(out.state)).not.toContain(SECRET);
      expect(JSON.stringify(out.effects)).not.toContain(SECRET);
      expect(out.state).toBe(before);
      const actor = "actor" in event ? event.actor : undefined;
      if (actor?.isBot) {
        expect(out.effects).toEqual([]);
      } else if (event.type === "command" || event.type === "trigger") {
        // At most one short, keyed reply; no 👀 for a command that was refused. An approval's
        // denial says which rule it broke (test/core/machine/approvals.test.ts).
        const body =
          event.type === "command" && event.command.name !== "approve"
            ? `@${actor?.login}, Ralph only takes commands from users with write access to this repository.`
            : expect.any(String);
        expect(out.effects).toEqual([{ type: "reply", body, key: `denied:${actor?.login}` }]);
      } else {
        expect(out.effects).toEqual([]);
      }
    }
  });

  it("a trigger by a reader is refused, saying who may start Ralph", () => {
    const out = transition(PHASE_FIXTURES.idle, { type: "trigger", actor: reader }, config());
    expect(out.effects).toEqual([
      {
        type: "reply",
        body: "@rita, Ralph only starts for users with write access to this repository.",
        key: "denied:rita",
      },
    ]);
  });

  it.each([
    ["a trigger's time is kept", "2026-01-02T03:04:05Z", "2026-01-02T03:04:05Z"],
    ["a time that is no date is not", "yesterday", null],
    ["nor a missing one", undefined, null],
  ])("%s, and a writer's trigger starts planning with no notes", (_name, at, kept) => {
    const trigger: MachineEvent = { type: "trigger", actor: alice, ...(at ? { at } : {}) };
    const out = transition(PHASE_FIXTURES.idle, trigger, config());
    expect(out.state.phase).toBe("planning");
    expect(out.state.triggeredAt).toBe(kept);
    expect(out.state.planNotes).toEqual([]);
  });

  it("answers from a read-only user in the questions phase are dropped, a writer's are taken", () => {
    const questions = PHASE_FIXTURES.questions;
    expect(transition(questions, comment(SECRET, reader), config())).toEqual({
      state: questions,
      effects: [],
    });
    const taken = transition(questions, comment("Postgres", alice), config());
    expect(taken.state.phase).toBe("planning");
    expect(JSON.stringify(taken.state.qa)).toContain("Postgres");
  });

  it("help and status work for readers, at a bounded cost; every other command needs write", () => {
    const idle = PHASE_FIXTURES.idle;
    // A reader gets the help text once per issue (keyed) and no 👀: a flood costs one reply.
    const help = transition(idle, cmd("help", "", reader, { commentId: 5 }), config());
    expect(help.effects).toEqual([{ type: "reply", body: HELP_TEXT, key: "help:rita" }]);
    // The status comment is there for everyone to read; re-rendering it is for writers.
    const status = transition(idle, cmd("status", "", reader, { commentId: 6 }), config());
    expect(status.effects).toEqual([]);
    const writerHelp = transition(idle, cmd("help", "", alice, { commentId: 7 }), config());
    expect(writerHelp.effects).toEqual([
      { type: "acknowledge", commentId: 7 },
      { type: "reply", body: HELP_TEXT },
    ]);
    const unknown = transition(idle, unknownCmd("deploy", reader), config());
    expect(unknown.effects[0]).toEqual({
      type: "reply",
      body: `Unknown command \`/ralph deploy\`.\n\n${HELP_TEXT}`,
      key: "help:rita",
    });
    for (const name of COMMAND_NAMES.filter((n) => n !== "help" && n !== "status")) {
      const out = transition(idle, cmd(name, "", reader), config());
      expect(out.effects).toEqual([
        { type: "reply", body: expect.stringMatching(/^@rita, /), key: "denied:rita" },
      ]);
    }
    // Bots get nothing, not even help.
    expect(transition(idle, cmd("help", "", bot), config()).effects).toEqual([]);
  });

  it("the guards the adapters share refuse a bot whatever its permission", () => {
    const adminBot = { ...bot, permission: "admin" as const };
    for (const name of [...COMMAND_NAMES, "unknown" as const]) {
      expect(mayCommand(adminBot, name)).toBe(false);
      expect(mayCommand({ ...adminBot, isBot: false }, name)).toBe(true);
    }
    expect(isTrusted(adminBot)).toBe(false);
    expect(approvalDenial(adminBot, config())).toBe("approvals by bots never count");
  });

  it.each([
    ["aprove", " Did you mean `/ralph approve`?"],
    ["pln", " Did you mean `/ralph plan`?"],
    ["Stauts", " Did you mean `/ralph status`?"],
    ["updaet", " Did you mean `/ralph update`?"],
    ["x", ""],
    ["fxi", ""],
    ["deploy", ""],
  ])("/ralph %s: the unknown command, the command it most likely meant, the help", (word, hint) => {
    const out = transition(PHASE_FIXTURES.idle, unknownCmd(word, alice), config());
    const body = `Unknown command \`/ralph ${word}\`.${hint}\n\n${HELP_TEXT}`;
    expect(out.effects).toContainEqual({ type: "reply", body });
  });

  it("words echoed back cannot leave their code span (no @team pings from a read-only user)", () => {
    const out = transition(PHASE_FIXTURES.idle, unknownCmd("x`@acme/everyone`", reader), config());
    const body = out.effects[0]?.type === "reply" ? out.effects[0].body : "";
    expect(body.split("\n")[0]).toBe("Unknown command `/ralph x@acme/everyone`.");
    const wrongSpec = transition(
      PHASE_FIXTURES.awaiting_approval,
      cmd("approve", "`@acme/all`"),
      config(),
    );
    expect(wrongSpec.effects[1]).toMatchObject({ body: expect.stringContaining("`@acme/all`") });
    expect(wrongSpec.effects[1]).toMatchObject({ body: expect.not.stringContaining("``") });
  });

  it("the help text lists every command of DESIGN §3.1", () => {
    for (const name of COMMAND_NAMES) {
      expect(HELP_TEXT).toContain(name === "approve" ? "/approve" : `/ralph ${name}`);
    }
    expect(HELP_TEXT).toContain("/reject");
    // Ralph's own comment must not command anything: no line starts with a command.
    expect(HELP_TEXT.split("\n").some((l) => /^\s*\/(ralph|approve|reject)\b/i.test(l))).toBe(
      false,
    );
  });
});

describe("approvers below write (approvals.min_permission: read)", () => {
  it("may request changes, but their text never reaches the planner (DESIGN §7.3)", () => {
    const cfg = config({ approvals: { min_permission: "read" } });
    const before = { ...PHASE_FIXTURES.awaiting_approval };
    const out = transition(
      before,
      { type: "changes_requested", actor: reader, feedback: SECRET },
      cfg,
    );
    expect(out.state.phase).toBe("planning");
    expect(JSON.stringify(out.state)).not.toContain(SECRET);
    expect(out.state.feedback).toEqual(["@rita: requested changes without details"]);
  });
});
