/**
 * The reference agent of docs/agents.md (examples/agents/reference-agent.mjs) drives the BUILT
 * CLI through a whole `ralph exec` with every planning step on: research and its decision,
 * consensus (architect and critic), understand, then two stories implemented and verified and
 * the final re-check of both (issue 20); then `ralph fix` on the done spec (issue 17).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lastEntryDate } from "../../src/core/codebase-map.js";
import { cliPerFile } from "../fixtures/pipeline/cli.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { ALL_PLANNING_ON, journalAt, REFERENCE_AGENT } from "./fixtures.js";

const ralph = cliPerFile();
const PLANS = ".ralph/specs/plans";

describe("the reference agent through the built CLI", { timeout: 120_000 }, () => {
  it("ralph exec: research, a decision, consensus, understand, two stories, done", async () => {
    const repo = makeRepo({ "README.md": "# demo\n", ".github/ralph.yml": ALL_PLANNING_ON });
    const gates = "--non-interactive --decision D1=1 --yes-prd --yes-understand --yes-run";
    const agent = ["--agent", "command", "--agent-command", REFERENCE_AGENT];
    const run = await ralph(repo, null, ["exec", "Add a greeting", ...gates.split(" "), ...agent]);
    expect(run.stderr).toBe("");
    expect(run.code, run.stdout).toBe(0);
    const roles = journalAt(join(repo.dir, ".ralph/runs/ralph.log"))
      .filter((l) => l.event === "agent_run")
      .map((l) => l.role);
    expect(roles.join(" ")).toBe(
      "research plan architect critic understand implement verify implement verify verify",
    );
    expect(run.stdout).toContain("The critic approved the plan in round 1.");
    expect(run.stdout).toContain("every story holds on the final tree");

    const read = (path: string) => readFileSync(join(repo.dir, path), "utf8");
    const research = JSON.parse(read(`${PLANS}/add-a-greeting.research.json`));
    expect(research.pitfalls[0].issue).toBe("Notes that go stale");
    const decisions = JSON.parse(read(`${PLANS}/add-a-greeting.decisions.json`));
    expect(decisions.decisions[0]).toMatchObject({ id: "D1", selected_option: 1 });
    expect(lastEntryDate(read(".ralph/codebase_map.md"))).not.toBeNull();
    const prd = JSON.parse(read(`${PLANS}/add-a-greeting.prd.json`));
    expect(prd.userStories.map((s: { passes: boolean }) => s.passes)).toEqual([true, true]);
    expect(existsSync(join(repo.dir, ".ralph/specs/done/add-a-greeting.md"))).toBe(true);
    expect(repo.git("ls-tree", "--name-only", "HEAD", "ralph-example/")).toBe(
      "ralph-example/US-1.md\nralph-example/US-2.md",
    );
    expect(repo.git("log", "-1", "--format=%s")).toBe("ralph(add-a-greeting): done");

    // A follow-up round on the done spec (issue 17): amend, the follow-up story, every story
    // re-checked, done again.
    const fix = await ralph(repo, null, ["fix", "Also say goodbye", ...agent]);
    expect(fix.stderr).toBe("");
    expect(fix.code, fix.stdout).toBe(0);
    const more = journalAt(join(repo.dir, ".ralph/runs/ralph.log"))
      .filter((l) => l.event === "agent_run")
      .map((l) => l.role);
    expect(more.slice(roles.length).join(" ")).toBe("amend implement verify verify");
    const amended = JSON.parse(read(`${PLANS}/add-a-greeting.prd.json`));
    expect(
      amended.userStories.map((s: { id: string; passes: boolean }) => [s.id, s.passes]),
    ).toEqual([
      ["US-1", true],
      ["US-2", true],
      ["FU-1", true],
    ]);
    expect(existsSync(join(repo.dir, "ralph-example/FU-1.md"))).toBe(true);
  });
});
