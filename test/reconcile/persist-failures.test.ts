/**
 * What save-then-act (src/reconcile/persist.ts) does after the effects ran: a failed dispatch
 * fails the issue (no agent phase nobody reports from), other failures become the status's error
 * line (a missing 👀 excepted), and the second save happens exactly when the effects taught the
 * state something or a refresh was asked for — also when the transition itself saved nothing, and
 * never onto an issue without a status comment. Each case counts the status writes on the fake.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Effect } from "../../src/core/effects.js";
import { initialState } from "../../src/core/state.js";
import { stateAt } from "../app/states.js";
import { OWNER, REPO } from "../fixtures/webhooks/index.js";
import { cleanNock, withFake } from "../github/helpers.js";
import { type FakeGitHub, user } from "../support/fake-github/index.js";
import { saveThenApplyOn } from "./persist-run.js";

afterEach(cleanNock);

const planning = stateAt("planning");
const label: Effect = { type: "set_label", label: "ralph:planning" };
const reply: Effect = { type: "reply", body: "On it." };

/** The fake answers 500 to writes matching `pattern` (`message`), and to those `more` matches. */
function failing(fake: FakeGitHub, pattern: RegExp, message = "down", more?: [RegExp, string]) {
  fake.onRequest = (r) => {
    if (r.method === "GET") return undefined;
    if (pattern.test(r.path)) return [500, { message }];
    return more?.[0].test(r.path) ? [500, { message: more[1] }] : undefined;
  };
}

describe("saveThenApply: a failed dispatch fails the issue", () => {
  it("the step that can't start leaves the agent phase, its error in the status", async () => {
    const { fake, gh } = withFake();
    const dispatch = async () => {
      throw new Error("workflow ralph.yml not found");
    };
    const { report, after, writes } = await saveThenApplyOn(fake, gh, {
      loaded: initialState(42),
      state: planning,
      effects: [{ type: "dispatch", step: "plan" }],
      input: { dispatch },
    });
    expect(after.phase).toBe("failed");
    expect(after.lastError).toContain("dispatch failed: workflow ralph.yml not found");
    expect(after.lastError).not.toMatch(/^Ralph could not/);
    expect(report.failures.map((f) => f.effect.type)).toEqual(["dispatch"]);
    // The failure's own effects ran: the failed label is on the issue.
    expect(report.effects.map((e) => e.type)).toContain("set_label");
    expect(fake.labelsOf(42)).toContain("ralph:failed");
    expect(fake.stateOf(42)).toEqual(after);
    expect(writes).toHaveLength(2);
  });
});

describe("saveThenApply: failures the humans see", () => {
  it("a missing 👀 is no error line, and costs no second save", async () => {
    const { fake, gh } = withFake();
    const seen = fake.addComment(42, "/ralph plan", user("alice"));
    failing(fake, /\/reactions$/);
    const { report, after, writes } = await saveThenApplyOn(fake, gh, {
      loaded: initialState(42),
      state: planning,
      effects: [{ type: "acknowledge", commentId: seen.id }],
    });
    expect(report.failures.map((f) => f.effect.type)).toEqual(["acknowledge"]);
    expect(after.lastError).toBeNull();
    expect(writes).toHaveLength(1);
  });

  it("two failures are one line, cut at 500 characters", async () => {
    const { fake, gh } = withFake();
    failing(fake, /\/labels$/, "labels are down", [/\/comments$/, "x".repeat(600)]);
    const { after, writes } = await saveThenApplyOn(fake, gh, {
      loaded: stateAt("idle"),
      state: planning,
      effects: [label, reply],
    });
    const line = after.lastError ?? "";
    expect(line).toMatch(/^Ralph could not set_label \(.*labels are down.*\); reply \(.*x{10}/);
    expect(line).toHaveLength(500);
    expect(fake.stateOf(42)?.lastError).toBe(line);
    expect(writes).toHaveLength(2);
  });

  it("all effects done: no error line, no second save", async () => {
    const { fake, gh } = withFake();
    const { report, after, writes } = await saveThenApplyOn(fake, gh, {
      loaded: stateAt("idle"),
      state: planning,
      effects: [label, reply],
    });
    expect(report).toMatchObject({ outcome: "reconciled", saved: true, failures: [] });
    expect(after.lastError).toBeNull();
    expect(writes).toHaveLength(1);
  });
});

describe("saveThenApply: the second save", () => {
  it("nothing changed, nothing to do: nothing is written", async () => {
    const { fake, gh } = withFake();
    const { report, requests } = await saveThenApplyOn(fake, gh, {
      loaded: planning,
      state: planning,
    });
    expect(requests).toEqual([]);
    expect(report).toStrictEqual({
      outcome: "reconciled",
      state: planning,
      initial: planning,
      saved: false,
      effects: [],
      failures: [],
    });
  });

  it("the transition saved nothing, an effect failed: the error is saved over the status", async () => {
    const { fake, gh } = withFake();
    failing(fake, /\/comments$/);
    const { report, after, writes } = await saveThenApplyOn(fake, gh, {
      loaded: planning,
      state: planning,
      effects: [reply],
    });
    expect(report.saved).toBe(true);
    expect(after.lastError).toMatch(/^Ralph could not reply/);
    expect(fake.stateOf(42)?.lastError).toBe(after.lastError);
    expect(writes).toHaveLength(1);
  });

  it("a refresh re-renders the status, with its links, though nothing changed", async () => {
    const { fake, gh } = withFake();
    const withPr = stateAt("implementing", { prNumber: 77 });
    const { report, writes } = await saveThenApplyOn(fake, gh, {
      loaded: withPr,
      state: withPr,
      effects: [{ type: "refresh_status" }],
    });
    expect(report.saved).toBe(true);
    expect(writes).toHaveLength(1);
    expect(fake.statusComment(42)?.body).toContain(`https://github.com/${OWNER}/${REPO}/pull/77`);
  });

  it("no status comment and nothing worth one: a failed reply writes none", async () => {
    const { fake, gh } = withFake();
    failing(fake, /\/comments$/);
    const { report, writes } = await saveThenApplyOn(fake, gh, {
      loaded: null,
      state: initialState(42),
      effects: [reply],
    });
    expect(report.failures.map((f) => f.effect.type)).toEqual(["reply"]);
    expect(report.saved).toBe(false);
    expect(writes).toEqual([]);
    expect(fake.statusComment(42)).toBeUndefined();
  });
});
