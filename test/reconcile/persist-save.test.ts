/**
 * The first save of save-then-act (src/reconcile/persist.ts): when a transition is worth a save
 * (`needsSave`: without a status comment a moved watermark alone is not), the links the status
 * shows (`statusLinks`), the Action's run link saved with the step it starts, and the git
 * workspace `commit_files` effects need. The App's tests meet the common cases only; these pin
 * each edge, and that an answer needing no save writes nothing on the fake.
 */
import { afterEach, describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/core/config.js";
import type { Effect, FileChange } from "../../src/core/effects.js";
import { initialState, type MachineState } from "../../src/core/state.js";
import { needsSave, statusLinks } from "../../src/reconcile/persist.js";
import { stateAt } from "../app/states.js";
import { OWNER, REPO } from "../fixtures/webhooks/index.js";
import { cleanNock, plainContext, withFake } from "../github/helpers.js";
import { saveThenApplyOn } from "./persist-run.js";

afterEach(cleanNock);

const RUN_URL = `https://github.com/${OWNER}/${REPO}/actions/runs/777`;
const moved = (s: MachineState): MachineState => ({
  ...s,
  watermark: { commentId: 9, reviewId: 4 },
});

describe("needsSave", () => {
  const fresh = initialState(42);
  const planning = stateAt("planning");
  it.each([
    ["no status yet, nothing changed", null, fresh, fresh, false],
    ["no status yet, only the watermark moved", null, fresh, moved(fresh), false],
    ["no status yet, the phase changed", null, fresh, planning, true],
    ["saved, only the revision differs", planning, planning, { ...planning, revision: 9 }, false],
    ["saved, only the watermark moved", planning, moved(planning), moved(planning), true],
    ["saved, the phase changed", planning, planning, stateAt("failed"), true],
  ])("%s → %s", (_name, loaded, initial, state, want) => {
    expect(needsSave(loaded, initial, state)).toBe(want);
  });
});

describe("statusLinks: what the status comment links to", () => {
  const config = defaultConfig();
  const gh = plainContext();
  const withPr = stateAt("implementing", { prNumber: 77, runUrl: RUN_URL });
  const web = `https://github.com/${OWNER}/${REPO}`;
  it.each([
    ["github.com by default", {}, withPr, `${web}/pull/77`],
    [
      "the repository URL given (GHES)",
      { repoUrl: "https://ghe.example.com/o/r" },
      withPr,
      "https://ghe.example.com/o/r/pull/77",
    ],
    ["no pull request yet", {}, stateAt("planning", { runUrl: RUN_URL }), null],
  ])("%s", (_name, extra, state, prUrl) => {
    const links = statusLinks(
      { gh, issue: 42, signal: { kind: "touch" }, ...extra },
      config,
      state,
    );
    expect(links).toStrictEqual({
      runUrl: RUN_URL,
      prUrl,
      approvalsRequired: config.approvals.required,
      storiesUrl: null,
    });
  });

  it("links the stories file on the issue's branch", () => {
    const state = stateAt("implementing", { branch: "ralph/42-login", specId: "issue-42-login" });
    const links = statusLinks({ gh, issue: 42, signal: { kind: "touch" } }, config, state);
    expect(links.storiesUrl).toMatch(
      new RegExp(`^${web}/blob/ralph/42-login/\\.ralph/specs/.*issue-42-login`),
    );
  });
});

describe("saveThenApply: the Action's run link goes into the save that starts its step", () => {
  const dispatch: Effect = { type: "dispatch", step: "plan" };
  const reply: Effect = { type: "reply", body: "On it." };
  const idle = initialState(42);
  it.each([
    [
      "an agent phase whose step this run dispatches",
      RUN_URL,
      stateAt("planning"),
      [dispatch],
      RUN_URL,
    ],
    [
      "already linked to this run",
      RUN_URL,
      stateAt("planning", { runUrl: RUN_URL }),
      [dispatch],
      RUN_URL,
    ],
    ["an agent phase, nothing dispatched", RUN_URL, stateAt("planning"), [], null],
    ["an agent phase, other effects only", RUN_URL, stateAt("planning"), [reply], null],
    ["a waiting phase", RUN_URL, stateAt("awaiting_approval"), [dispatch], null],
    ["no run of its own (the App)", null, stateAt("planning"), [dispatch], null],
    ["no run given", undefined, stateAt("planning"), [dispatch], null],
  ])("%s → %s", async (_name, runUrl, state, effects, want) => {
    const { fake, gh } = withFake();
    const input = runUrl === undefined ? {} : { runUrl };
    const { after, writes } = await saveThenApplyOn(fake, gh, {
      loaded: idle,
      state,
      effects,
      input,
    });
    expect(after.runUrl).toBe(want);
    expect(fake.stateOf(42)?.runUrl).toBe(want);
    // One save: the link needs no second one.
    expect(writes).toHaveLength(1);
  });
});

describe("saveThenApply: commit_files runs in the caller's git workspace", () => {
  const change: FileChange = { kind: "archive_plan", reason: "replan", attempt: 1 };
  const effects: Effect[] = [{ type: "commit_files", change, message: "Archive the plan" }];
  const state = stateAt("awaiting_approval", { lastError: null });

  it("given one, the change is committed there and nothing fails", async () => {
    const { fake, gh } = withFake();
    const commits: unknown[] = [];
    const commitFiles = async (c: FileChange, message: string) => {
      commits.push([c, message]);
    };
    const { report, after } = await saveThenApplyOn(fake, gh, {
      loaded: stateAt("planning"),
      state,
      effects,
      input: { commitFiles },
    });
    expect(commits).toEqual([[change, "Archive the plan"]]);
    expect(report.failures).toEqual([]);
    expect(after.lastError).toBeNull();
  });

  it("without one, the effect fails where humans see it", async () => {
    const { fake, gh } = withFake();
    const { report, after } = await saveThenApplyOn(fake, gh, {
      loaded: stateAt("planning"),
      state,
      effects,
    });
    expect(report.failures.map((f) => f.effect.type)).toEqual(["commit_files"]);
    expect(after.lastError).toMatch(/^Ralph could not commit_files \(.*git workspace/);
  });
});
