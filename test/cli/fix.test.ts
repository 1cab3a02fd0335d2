import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliPerFile } from "../fixtures/pipeline/cli.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import * as sc from "../fixtures/pipeline/scenario.js";

/**
 * `ralph fix "<feedback>" [spec]` through the BUILT CLI (DESIGN §2.3, CLI parity): a done spec gets
 * a follow-up round — the planner in amend mode writes FU stories, they are implemented and
 * verified, and the regression gate re-verifies the old stories with them.
 */
const ralph = cliPerFile({ RALPH_BOT_NAME: "ralph-e2e[bot]", RALPH_BOT_EMAIL: "bot@e2e.test" });
const plans = ".ralph/specs/plans";
const phases = (h: sc.ScenarioHandle) => sc.storyRuns(h.recordDir);

const amendment = {
  prose: "Amended:\n",
  envelope: {
    followUps: [
      {
        id: "FU-1",
        title: "Say goodbye loudly",
        acceptanceCriteria: ["src/bye.txt says BYE"],
        notes: "",
        answers: [],
      },
    ],
    planAddendum: "Change src/bye.txt to BYE.",
  },
};

function doneRepo(config = "") {
  const handle = sc.writeScenario({
    plan: [sc.planStep(sc.prdOf(sc.story("US-1", 1), sc.story("US-2", 2)))],
    amend: [amendment],
    implement: [
      sc.implementStep("src/greet.txt", "hello\n"),
      sc.implementStep("src/bye.txt", "bye\n"),
      sc.implementStep("src/bye.txt", "BYE\n"),
    ],
    verify: [sc.verdict.pass(), sc.verdict.pass(), sc.verdict.pass("src/bye.txt says BYE")],
  });
  const repo = makeRepo({
    ".ralph/specs/greet.md": "# Greet\n\nWrite greetings.\n",
    ".github/ralph.yml": `agent: command\nagent_command: ${JSON.stringify(handle.command)}\n${config}`,
  });
  return { handle, repo };
}

describe("ralph fix (bundled CLI, real git, scripted command agent)", () => {
  it("amends a done spec with a follow-up story, runs it and re-verifies the old stories", async () => {
    const { handle, repo } = doneRepo();
    const run = await ralph(repo, null, ["run"]);
    expect(run.code, run.stderr).toBe(0);
    const before = sc.records(handle.recordDir).length;

    const fix = await ralph(repo, null, ["fix", "Say goodbye in capitals", "greet"]);
    expect(fix.stderr).toBe("");
    expect(fix.code).toBe(0);
    expect(fix.stdout).toContain("greet: follow-up round 1 done (FU-1); every story re-verified");
    expect(phases(handle).slice(before)).toEqual([
      "amend:",
      "implement:FU-1",
      "verify:FU-1",
      // The regression gate: the old stories are verified again with the new one.
      "verify:US-1,US-2,FU-1",
    ]);
    const [amend, implement] = sc.records(handle.recordDir).slice(before);
    expect(amend?.env.RALPH_PHASE).toBe("amend");
    expect(amend?.prompt).toContain("Say goodbye in capitals");
    const feedback = JSON.parse(readFileSync(implement?.env.RALPH_FEEDBACK_FILE ?? "", "utf8"));
    expect(feedback).toMatchObject({
      round: 1,
      source: "fix",
      text: ["Say goodbye in capitals"],
      stories: { "FU-1": [] },
    });
    expect(implement?.prompt).toContain("Say goodbye in capitals");

    const prd = JSON.parse(readFileSync(join(repo.dir, plans, "greet.prd.json"), "utf8"));
    expect(prd.userStories.map((s: { id: string; passes: boolean }) => [s.id, s.passes])).toEqual([
      ["US-1", true],
      ["US-2", true],
      ["FU-1", true],
    ]);
    expect(readFileSync(join(repo.dir, "src/bye.txt"), "utf8")).toBe("BYE\n");
    expect(readFileSync(join(repo.dir, plans, "greet.md"), "utf8")).toContain(
      "## Follow-up round 1",
    );
    expect(existsSync(join(repo.dir, ".ralph/specs/done/greet.md"))).toBe(true);
    expect(repo.git("log", "--format=%s", "-4")).toContain("ralph(greet): follow-up round 1");
    expect(repo.git("status", "--porcelain")).toBe("");
  });

  it("refuses a spec that is not done, and stops with the named reason past limits.max_followups", async () => {
    const { repo } = doneRepo("limits:\n  max_followups: 0\n");
    const early = await ralph(repo, null, ["fix", "anything"]);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain("no done spec to follow up on");
    // A spec named with a typo, to follow up or to force: the one it most likely meant, nothing run.
    for (const args of [
      ["fix", "anything", "gret"],
      ["run", "--force", "gret"],
    ]) {
      const typo = await ralph(repo, null, args);
      expect(typo.code).toBe(1);
      expect(typo.stderr).toContain('no spec "gret" under .ralph/specs; did you mean greet?');
    }
    expect((await ralph(repo, null, ["run"])).code).toBe(0);
    const over = await ralph(repo, null, ["fix", "anything"]);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain(
      "stopped (max_followups_reached): follow-up limit reached: 0 of 0",
    );
  });

  it("needs the feedback", async () => {
    const { repo } = doneRepo();
    const run = await ralph(repo, null, ["fix"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('ralph fix "<feedback>" [spec]');
  });
});
