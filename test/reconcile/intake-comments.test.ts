/**
 * Comments in an intake (src/reconcile/intake.ts, DESIGN §6.2, §7.1): who wrote a comment (the
 * issue's author, by login in any case), which comments are taken in and which are left for the
 * running job (acknowledged only when the event is that command), what `/ralph stop` by someone
 * who may not stop does, the commands from Ralph's PR kept for the job, the hidden key that keeps
 * a redelivered webhook from replying twice before Ralph has a status comment, and the trigger's
 * time. On the fake GitHub: the cases pin what is looked up and which answers cost no call. The
 * App's tests run these paths too, but a mutation pass found them checking few of these answers.
 */
import { describe, expect, it } from "vitest";
import { parseCommands } from "../../src/core/commands.js";
import type { Effect } from "../../src/core/effects.js";
import type { Actor } from "../../src/core/events.js";
import { isCommentSeen } from "../../src/core/seen-comments.js";
import { stateAt } from "../app/states.js";
import { user } from "../support/fake-github/index.js";
import { intakeWorld } from "./intake-world.js";

type World = ReturnType<typeof intakeWorld>;

const replies = (effects: readonly Effect[]) => effects.filter((e) => e.type === "reply");

/** `login` granted `permission`; then the world. */
function withUsers(grants: Record<string, string>): World {
  const w = intakeWorld();
  for (const [login, permission] of Object.entries(grants)) w.fake.grant(login, permission);
  return w;
}

describe("actorOf: who wrote it", () => {
  it.each([
    ["the author, in another case", "Octo-Author", "octo-author", true],
    ["someone else", "octo-author", "alice", false],
    ["an issue whose author is unknown", null, "octo-author", false],
  ])("%s: isIssueAuthor %s", async (_name, author, login, want) => {
    const w = withUsers({ [login]: "write" });
    const intake = w.intake({ state: stateAt("idle"), author });
    expect(await intake.actorOf(user(login))).toEqual({
      login,
      permission: "write",
      isBot: false,
      isIssueAuthor: want,
    });
  });
});

describe("constructor: commands handed over from Ralph's PR (`routedCommands`)", () => {
  it.each([
    ["kept while a job runs", "implementing", [901]],
    ["dropped once none runs (read with the issue's comments)", "awaiting_approval", []],
  ] as const)("%s", (_name, phase, want) => {
    const w = intakeWorld();
    const intake = w.intake({ state: stateAt(phase, { routedCommands: [901] }) });
    expect(intake.finish().state.routedCommands).toEqual(want);
  });
});

describe("step: a reply before Ralph has a status comment is keyed to its comment", () => {
  it("/ralph help by a writer, no status comment: `reply:<comment>:0`, the acknowledgement unkeyed", async () => {
    const w = withUsers({ alice: "write" });
    const intake = w.intake({ state: stateAt("idle"), loaded: null });
    const help = w.item("/ralph help", "alice");
    await intake.takeInItems([help]);
    const { effects } = intake.finish();
    expect(effects.find((e) => e.type === "acknowledge")).toEqual({
      type: "acknowledge",
      commentId: help.id,
    });
    expect(replies(effects).map((e) => e.key)).toEqual([`reply:${help.id}:0`]);
  });

  it("with a status comment: the reply is not keyed (the saved state answers redeliveries)", async () => {
    const w = withUsers({ alice: "write" });
    const intake = w.intake({ state: stateAt("idle") });
    await intake.takeInItems([w.item("/ralph help", "alice")]);
    expect(replies(intake.finish().effects).map((e) => e.key)).toEqual([undefined]);
  });

  it("a reply that has a key keeps it", async () => {
    const w = withUsers({ mallory: "read" });
    const intake = w.intake({ state: stateAt("idle"), loaded: null });
    await intake.takeInItems([w.item("/ralph plan", "mallory")]);
    expect(replies(intake.finish().effects).map((e) => e.key)).toEqual(["denied:mallory"]);
  });

  it("an event from no comment: no key", () => {
    const w = intakeWorld();
    const intake = w.intake({ state: stateAt("idle"), loaded: null });
    const [command] = parseCommands("/ralph help");
    if (command === undefined) throw new Error("no command");
    const actor: Actor = {
      login: "alice",
      permission: "write",
      isBot: false,
      isIssueAuthor: false,
    };
    intake.step({ type: "command", command, actor, commentId: 3 });
    expect(replies(intake.finish().effects).map((e) => e.key)).toEqual([undefined]);
  });
});

describe("takeInItems: comments no job is running for", () => {
  it("chatter while no answer is awaited: taken in, nobody looked up, nothing changes", async () => {
    const w = intakeWorld();
    const state = stateAt("awaiting_approval");
    const intake = w.intake({ state });
    const chatter = w.item("Looks good to me", "alice");
    await intake.takeInItems([chatter]);
    expect(w.fake.requests).toEqual([]);
    expect([...intake.taken]).toEqual([chatter.id]);
    const after = intake.finish();
    expect(after.effects).toEqual([]);
    expect({ ...after.state, watermark: state.watermark }).toEqual(state);
    expect(isCommentSeen(after.state.watermark, chatter.id)).toBe(true);
  });
});

describe("takeInItems during a job: what is left for it, what the App acknowledges", () => {
  const implementing = () => stateAt("implementing", { pendingStep: "implement" });

  /** alice (a writer) wrote `bodies` during a job; the event is the last one, from PR `from`. */
  async function commentEvent(bodies: string[], from?: number) {
    const w = withUsers({ alice: "write" });
    const items = bodies.map((body) => w.item(body, "alice"));
    const event = items.at(-1);
    if (event === undefined) throw new Error("no comment");
    const signal = { kind: "comment" as const, comment: event.comment, ...(from ? { from } : {}) };
    const intake = w.intake({ state: implementing(), signal });
    await intake.takeInItems(items);
    return { w, intake, id: event.id, ...intake.finish() };
  }

  it("the event's command by a writer: acknowledged and left for the job", async () => {
    const { intake, id, state, effects } = await commentEvent(["/ralph status"]);
    expect(effects).toEqual([{ type: "acknowledge", commentId: id }]);
    expect([...intake.taken]).toEqual([]);
    expect(state.routedCommands).toEqual([]);
  });

  it("the same command on Ralph's PR: acknowledged and handed to the job", async () => {
    const { id, state, effects } = await commentEvent(["/ralph status"], 77);
    expect(effects).toEqual([{ type: "acknowledge", commentId: id }]);
    expect(state.routedCommands).toEqual([id]);
  });

  it("the event's plain comment: not acknowledged, nobody looked up", async () => {
    const { w, effects } = await commentEvent(["How is it going?"]);
    expect(effects).toEqual([]);
    expect(w.permissionReads()).toEqual([]);
  });

  it("a command listed with the event's: only the event's is acknowledged", async () => {
    const { id, effects } = await commentEvent(["/ralph status", "/ralph status"]);
    expect(effects).toEqual([{ type: "acknowledge", commentId: id }]);
  });

  it("an event that is no comment: commands are left for the job, none acknowledged", async () => {
    const w = withUsers({ alice: "write" });
    const intake = w.intake({ state: implementing() });
    await intake.takeInItems([w.item("/ralph status", "alice")]);
    expect(intake.finish().effects).toEqual([]);
    expect([...intake.taken]).toEqual([]);
  });

  it("/ralph stop by a user who may not stop: refused, and what came before is left for the job", async () => {
    const w = withUsers({ alice: "write", mallory: "read" });
    const state = implementing();
    const intake = w.intake({ state });
    const earlier = w.item("/ralph status", "alice");
    await intake.takeInItems([earlier, w.item("/ralph stop", "mallory")]);
    const { state: after, effects } = intake.finish();
    expect([...intake.taken]).toEqual([]);
    expect(after.phase).toBe("implementing");
    expect(replies(effects).map((e) => e.key)).toEqual(["denied:mallory"]);
  });

  it("/ralph stop by a writer: it and everything before it is taken in, in order", async () => {
    const w = withUsers({ alice: "write" });
    const intake = w.intake({ state: implementing() });
    const earlier = w.item("/ralph status", "alice");
    const stop = w.item("/ralph stop", "alice");
    await intake.takeInItems([earlier, stop]);
    expect([...intake.taken]).toEqual([earlier.id, stop.id]);
    expect(intake.state.phase).not.toBe("implementing");
  });
});

describe("takeInAsOwner: the Action's job between agent runs reads every comment itself", () => {
  it("a command during the job's phase is taken in, and marked read", async () => {
    const w = withUsers({ alice: "write" });
    const state = stateAt("implementing", { pendingStep: "implement" });
    const intake = w.intake({ state });
    const stop = w.item("/ralph stop", "alice");
    await intake.takeInAsOwner([stop]);
    expect([...intake.taken]).toEqual([stop.id]);
    const saved = intake.finish().state;
    expect(saved.phase).not.toBe("implementing");
    expect(isCommentSeen(saved.watermark, stop.id)).toBe(true);
  });
});

describe("trigger: the trigger's time goes with it", () => {
  const AT = "2024-05-01T12:00:00Z";
  it.each([
    ["with a time: remembered, so a redelivery starts nothing twice", AT, AT],
    ["without one: none remembered", undefined, null],
  ])("%s", async (_name, at, want) => {
    const w = withUsers({ alice: "write" });
    const intake = w.intake({
      state: stateAt("idle"),
      signal: { kind: "trigger", sender: user("alice"), label: "ralph", ...(at ? { at } : {}) },
    });
    await intake.trigger(true);
    expect(intake.state.phase).toBe("planning");
    expect(intake.state.triggeredAt).toBe(want);
  });
});
