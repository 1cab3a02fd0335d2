/**
 * The reference agent of docs/agents.md (examples/agents/reference-agent.mjs) drives the BUILT
 * action through an issue's life with every planning step on: `/ralph plan` researches and asks
 * its decision, the answer plans with the architect and the critic, `/ralph understand` writes
 * the codebase map, `/approve` implements and verifies two stories and re-checks both (issue 20).
 */
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { lastEntryDate } from "../../src/core/codebase-map.js";
import { maintainerIssue } from "../action/flows.js";
import { type ActionRun, pushFiles, worldPerTest } from "../action/harness.js";
import { ALL_PLANNING_ON, journalAt, REFERENCE_AGENT } from "./fixtures.js";

const ISSUE = 1;
const BRANCH = "ralph/1-add-a-greeting";
const PLANS = ".ralph/specs/plans/issue-1-add-a-greeting";

/** The agent runs of one action run, by role, from the run's own `ralph.log`. */
const rolesOf = (run: ActionRun) =>
  journalAt(join(dirname(run.checkout), "tmp", "ralph-runs", String(ISSUE), "ralph.log"))
    .filter((l) => l.event === "agent_run")
    .map((l) => l.role);

describe("the reference agent through the built action", { timeout: 300_000 }, () => {
  const newWorld = worldPerTest();
  const issue = maintainerIssue("Add a greeting", "Say hello to the users.");

  it("research and a decision, consensus, understand, two stories, done", async () => {
    const w = await newWorld();
    issue.seed(w);
    pushFiles(w, "main", { ".github/ralph.yml": ALL_PLANNING_ON }, "config");
    const step = async (body: string, phase: string, roles: string[]) => {
      const run = await issue.comment(w, REFERENCE_AGENT, body);
      expect(run.code, `${body}: ${run.stdout}${run.stderr}`).toBe(0);
      expect(run.outputs.phase, body).toBe(phase);
      expect(rolesOf(run), body).toEqual(roles);
    };

    await step("/ralph plan", "decisions", ["research"]);
    const asked = w.fake
      .botComments(ISSUE)
      .find((c) => c.body.includes("<!-- ralph:decisions -->"));
    expect(asked?.body).toContain("Where the example notes go");
    await step("D1: 1", "awaiting_approval", ["plan", "architect", "critic"]);
    await step("/ralph understand", "awaiting_approval", ["understand"]);
    await step("/approve", "done", ["implement", "verify", "implement", "verify", "verify"]);

    const show = (path: string) => w.remoteGit("show", `${BRANCH}:${path}`);
    expect(JSON.parse(show(`${PLANS}.decisions.json`)).decisions[0].selected_option).toBe(1);
    expect(lastEntryDate(show(".ralph/codebase_map.md"))).not.toBeNull();
    expect(show("ralph-example/US-2.md")).toContain("# US-2: List the repository's files");
    const prd = JSON.parse(show(`${PLANS}.prd.json`));
    expect(prd.userStories.map((s: { passes: boolean }) => s.passes)).toEqual([true, true]);
    expect(w.fake.stateOf(ISSUE)!.phase).toBe("done");
  });
});
