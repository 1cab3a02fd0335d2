/**
 * Whose text can become an event (DESIGN §7.2): `isHuman` refuses bots and Ralph itself, whatever
 * the case of the login. A mutation pass found that the 62 App and GitHub-adapter tests reaching
 * it all passed with it answering true (other checks refused the same users there); these cases
 * pin its own answer.
 */
import { describe, expect, it } from "vitest";
import { isHuman, report } from "../../src/reconcile/signals.js";
import { plainContext } from "../github/helpers.js";
import { BOT } from "../support/fake-github/index.js";

describe("isHuman: neither a bot nor Ralph", () => {
  const gh = plainContext();
  it.each([
    ["a user", { login: "alice", type: "User" }, true],
    ["no author (a deleted account)", null, false],
    ["no author at all", undefined, false],
    ["a bot by type", { login: "dependabot", type: "Bot" }, false],
    ["a bot by its [bot] suffix", { login: "renovate[bot]", type: "User" }, false],
    ["Ralph itself", { login: BOT, type: "User" }, false],
    ["Ralph itself in another case", { login: BOT.toUpperCase(), type: "User" }, false],
    [
      "a user whose login only starts like Ralph's",
      { login: BOT.replace("[bot]", ""), type: "User" },
      true,
    ],
  ])("%s: %s", (_name, user, want) => {
    expect(isHuman(gh, user)).toBe(want);
  });

  it("Ralph's login as the context spells it in another case", () => {
    expect(isHuman({ ...gh, botLogin: "Ralph-Bot" }, { login: "ralph-bot", type: "User" })).toBe(
      false,
    );
  });
});

describe("report: an outcome that got no further", () => {
  it.each(["ignored", "config_error", "broken_state", "refused"] as const)(
    "%s: no state, nothing saved, no effects or failures",
    (outcome) => {
      expect(report(outcome)).toEqual({
        outcome,
        state: null,
        saved: false,
        effects: [],
        failures: [],
      });
    },
  );
});
