import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { envelope, planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  fakeClock,
  records,
  type ScenarioHandle,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";
import { implementStep, verdict } from "../fixtures/pipeline/steps.js";

/** A terminal session: answers are typed in order; every prompt shown is recorded. */
function terminal(repo: TestRepo, answers: (string | null)[]) {
  const asked: string[] = [];
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    cwd: repo.dir,
    env: { ...process.env, ...repo.env, RALPH_BACKOFF_BASE_MS: "0" },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    isTTY: true,
    prompter: () => ({
      ask: async (question) => {
        asked.push(question);
        return answers.length > 0 ? (answers.shift() ?? null) : null;
      },
      close: () => {},
    }),
    clock: fakeClock(),
  };
  return { io, asked, out, err, answers };
}

const agent = (h: ScenarioHandle) => ["--agent", "command", "--agent-command", h.command];
const phases = (h: ScenarioHandle) => records(h.recordDir).map((r) => r.phase);

describe("ralph plan / exec on a terminal", () => {
  it("asks the planner's questions, takes change requests, writes the PRD only on 'y'", async () => {
    const repo = makeRepo();
    const handle = writeScenario({
      plan: [
        { envelope: envelope(null, ["Which greeting?"]) },
        planStep(prdOf(story("US-1", 1)), "FIRST-DRAFT"),
        planStep(prdOf(story("US-1", 1), story("US-2", 2)), "SECOND-DRAFT"),
      ],
    });
    const t = terminal(repo, ["Hello, world", "n", "Split it into two stories", "yes"]);
    const code = await main(["plan", "Add a greeting", ...agent(handle)], t.io);
    expect(t.err).toEqual([]);
    expect(code).toBe(0);
    expect(t.asked).toEqual([
      "Q: Which greeting?\n> ",
      "Write this PRD to .ralph/specs/plans/add-a-greeting.prd.json? [y/N] ",
      "What should change? (empty line to stop) ",
      "Write this PRD to .ralph/specs/plans/add-a-greeting.prd.json? [y/N] ",
    ]);
    const prompts = records(handle.recordDir).map((r) => r.prompt);
    expect(prompts[1]).toContain("Hello, world");
    expect(prompts[2]).toContain("Split it into two stories");
    const prd = JSON.parse(
      readFileSync(join(repo.dir, ".ralph/specs/plans/add-a-greeting.prd.json"), "utf8"),
    );
    expect(prd.userStories.map((s: { id: string }) => s.id)).toEqual(["US-1", "US-2"]);
    expect(readFileSync(join(repo.dir, ".ralph/specs/plans/add-a-greeting.md"), "utf8")).toContain(
      "SECOND-DRAFT",
    );
    expect(t.out.join("\n")).toContain("[P2] US-2 Story US-2");
    const transcript = readFileSync(join(repo.dir, ".ralph/local/plan_transcript.md"), "utf8");
    expect(transcript).toContain("Split it into two stories");
    expect(transcript).toMatch(/PRD decision\n\nnot approved[\s\S]*PRD decision\n\napproved/);
    expect(existsSync(join(repo.dir, ".ralph/local/draft/add-a-greeting.md"))).toBe(false);
  });

  it("--answer on a terminal answers the next question; one left over is named, not dropped", async () => {
    const repo = makeRepo();
    const handle = writeScenario({
      plan: [{ envelope: envelope(null, ["Which greeting?"]) }, planStep(prdOf(story("US-1", 1)))],
    });
    const t = terminal(repo, ["y"]);
    const flags = ["--answer", "Hello, world", "--answer", "In French"];
    expect(await main(["plan", "Add a greeting", ...flags, ...agent(handle)], t.io)).toBe(0);
    expect(t.asked).toEqual([
      "Write this PRD to .ralph/specs/plans/add-a-greeting.prd.json? [y/N] ",
    ]);
    expect(t.out).toContain("Q: Which greeting?\nA: Hello, world");
    expect(records(handle.recordDir)[1]!.prompt).toContain("Hello, world");
    expect(t.err).toEqual([
      'ralph: --answer "In French" not used: the planner asked no more questions',
    ]);
  });

  it("an empty answer at the PRD gate means no (default) and nothing is written", async () => {
    const repo = makeRepo();
    const handle = writeScenario({ plan: [planStep(prdOf(story("US-1", 1)))] });
    const t = terminal(repo, ["", ""]);
    expect(await main(["plan", "Add a greeting", ...agent(handle)], t.io)).toBe(0);
    expect(t.out).toContain("PRD not written");
    expect(existsSync(join(repo.dir, ".ralph/specs/plans/add-a-greeting.prd.json"))).toBe(false);
    expect(existsSync(join(repo.dir, ".ralph/specs/plans/add-a-greeting.md"))).toBe(false);
    expect(existsSync(join(repo.dir, ".ralph/specs/add-a-greeting.md"))).toBe(false);
  });

  it("the agent's API key never reaches the run logs (DESIGN §7.6)", async () => {
    const repo = makeRepo();
    const secret = "not-a-token-shape-but-secret-0123";
    const handle = writeScenario({
      plan: [{ ...planStep(prdOf(story("US-1", 1))), sh: 'echo "key=$ANTHROPIC_API_KEY" >&2' }],
    });
    const t = terminal(repo, ["", ""]);
    t.io.env = { ...t.io.env, ANTHROPIC_API_KEY: secret };
    expect(await main(["plan", "Add a greeting", ...agent(handle)], t.io)).toBe(0);
    const logs = readdirSync(join(repo.dir, ".ralph/runs"), {
      recursive: true,
      withFileTypes: true,
    })
      .filter((e) => e.isFile() && e.name.endsWith(".log"))
      .map((e) => readFileSync(join(e.parentPath, e.name), "utf8"));
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join("\n")).toContain("key=***");
    expect(logs.join("\n")).not.toContain(secret);
  });

  it("exec: understand gate with triggers and cap, then the run gate; 'y' to both runs them", async () => {
    const repo = makeRepo();
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      understand: [
        {
          files: {
            ".ralph/codebase_map.md":
              "# Codebase Map\n\n## Next Topics\n- [x] Layout\n\n## 2026-03-01 - Layout\n- README at the root\n",
          },
          stdout: "covered Layout\n",
        },
      ],
      implement: [implementStep("hello.txt", "hello\n")],
      verify: [verdict.pass()],
    });
    const t = terminal(repo, ["y", "y", "y"]);
    const code = await main(["exec", "Add a greeting", ...agent(handle)], t.io);
    expect(t.err).toEqual([]);
    expect(code).toBe(0);
    expect(t.asked.slice(1)).toEqual([
      "Run ralph understand now? [y/N] ",
      "Start ralph run now? [y/N] ",
    ]);
    const text = t.out.join("\n");
    expect(text).toContain("the codebase map does not exist yet");
    expect(text).toContain("up to 7 iterations (auto: no codebase map yet: 7 default topics)");
    expect(text).toContain("up to 1 implement iteration (auto: 1 of 1 story has passes=false)");
    expect(phases(handle)).toEqual(["plan", "understand", "implement", "verify"]);
    const understandRun = records(handle.recordDir)[1]!;
    expect(understandRun.env.RALPH_CODEBASE_MAP).toBe(join(repo.dir, ".ralph/codebase_map.md"));
    expect(existsSync(join(repo.dir, ".ralph/specs/done/add-a-greeting.md"))).toBe(true);
  });

  it("exec: the run gate defaults to no; understand is not offered with --understand never", async () => {
    const repo = makeRepo();
    const handle = writeScenario({ plan: [planStep(prdOf(story("US-1", 1)))] });
    const t = terminal(repo, ["y", ""]);
    const code = await main(
      ["exec", "Add a greeting", "--understand", "never", ...agent(handle)],
      t.io,
    );
    expect(code).toBe(0);
    expect(t.asked.slice(1)).toEqual(["Start ralph run now? [y/N] "]);
    expect(phases(handle)).toEqual(["plan"]);
    expect(t.out.join("\n")).toContain("not running. Next: ralph run");
  });

  it("exec: an understand run that writes outside the codebase map aborts and is reverted", async () => {
    const repo = makeRepo({ "README.md": "# demo\n" });
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      understand: [{ files: { "README.md": "changed\n", ".ralph/codebase_map.md": "# map\n" } }],
    });
    const t = terminal(repo, ["y", "y"]);
    const code = await main(["exec", "Add a greeting", ...agent(handle)], t.io);
    expect(code).toBe(1);
    expect(t.err.join("\n")).toMatch(
      /understand changed files outside \.ralph\/codebase_map\.md \(reverted\): README\.md/,
    );
    expect(readFileSync(join(repo.dir, "README.md"), "utf8")).toBe("# demo\n");
    expect(readFileSync(join(repo.dir, ".ralph/codebase_map.md"), "utf8")).toBe("# map\n");
  });
});
