import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../src/cli/args.js";
import { UsageError } from "../../src/cli/errors.js";
import { readlinePrompter } from "../../src/cli/io.js";

describe("parseCommandLine", () => {
  it("parses run with repeatable --force and common overrides", () => {
    expect(
      parseCommandLine([
        "run",
        "--specs",
        ".ralph/specs/area",
        "--force",
        "a",
        "--force",
        "b.md",
        "--dry-run",
        "--push",
        "--max-run-iterations",
        "4",
        "--agent",
        "command",
        "--agent-command",
        "./agent.sh",
        "--model",
        "m",
        "--ralph-home",
        "ops/ralph",
        "-C",
        "sub",
      ]),
    ).toEqual({
      name: "run",
      args: {
        specs: ".ralph/specs/area",
        force: ["a", "b.md"],
        dryRun: true,
        push: true,
        maxRunIterations: 4,
        agent: "command",
        agentCommand: "./agent.sh",
        model: "m",
        ralphHome: "ops/ralph",
        cwd: "sub",
      },
    });
  });

  it("parses exec with caps, gates and answers; the goal may span words", () => {
    const parsed = parseCommandLine([
      "exec",
      "add",
      "a login",
      "--understand",
      "always",
      "--max-understand-iterations",
      "AUTO",
      "--max-run-iterations",
      "2",
      "--non-interactive",
      "--answer",
      "one",
      "--answer",
      "two",
      "--yes-prd",
      "--yes-run",
      "--decision",
      "D1=2",
      "--reset-decisions",
    ]);
    expect(parsed).toEqual({
      name: "exec",
      args: {
        goal: "add a login",
        decisions: ["D1=2"],
        resetDecisions: true,
        understand: "always",
        maxUnderstandIterations: "auto",
        maxRunIterations: 2,
        nonInteractive: true,
        answers: ["one", "two"],
        yesPrd: true,
        yesUnderstand: false,
        yesRun: true,
        push: false,
      },
    });
  });

  it.each([
    [["status", "extra"]],
    [["exec", "g", "--understand", "sometimes"]],
    [["run", "--max-run-iterations", "0"]],
    [["help", "nope"]],
    [["plan", "goal", "--yes-run"]],
  ])("%j is a usage error", (argv) => {
    expect(() => parseCommandLine(argv)).toThrow(UsageError);
  });

  it.each([
    [["run", "--bogus"], "ralph run has no option --bogus (`ralph run --help` lists them)"],
    [
      ["run", "--agnet", "claude"],
      "ralph run has no option --agnet; did you mean --agent? (`ralph run --help` lists them)",
    ],
    [["status", "-x"], "ralph status has no option -x (`ralph status --help` lists them)"],
    [["run", "--agent"], "--agent needs a value"],
    [["init", "--force=yes"], "--force takes no value"],
  ])("%j: the command, the option and where the options are listed", (argv, said) => {
    expect(() => parseCommandLine(argv)).toThrow(new UsageError(said));
  });

  it.each([
    [
      ["-C", "sub", "status"],
      ["status", "-C", "sub"],
    ],
    [
      ["--cwd=sub", "-Cother", "status"],
      ["status", "--cwd=sub", "-Cother"],
    ],
    [
      ["--agent", "command", "--agent-command", "./a.sh", "plan", "Add", "a", "page"],
      ["plan", "--agent", "command", "--agent-command", "./a.sh", "Add", "a", "page"],
    ],
    [
      ["--push", "run", "--dry-run"],
      ["run", "--push", "--dry-run"],
    ],
    [
      ["-C", "sub", "help", "run"],
      ["help", "run"],
    ],
    [["-C", "sub", "--help"], ["--help"]],
    [["--model", "m", "--version"], ["--version"]],
  ])("options before the command, as git takes them: %j reads as %j", (before, after) => {
    expect(parseCommandLine(before)).toEqual(parseCommandLine(after));
  });

  it.each([
    [["stauts"], 'unknown command "stauts"; did you mean status?'],
    [["help", "chek-agent"], 'unknown command "chek-agent"; did you mean check-agent?'],
    [["deploy"], 'unknown command "deploy"'],
    [["constructor"], 'unknown command "constructor"'],
    [["help", "toString"], 'unknown command "toString"'],
    [["-C", "sub", "pln", "goal"], 'unknown command "pln"; did you mean plan?'],
    [["-C"], 'no command after "-C"'],
    [["-C", "sub", "--", "status"], 'no command after "-C sub"'],
    [["--", "status"], 'unknown command "--"'],
    [["--bogus", "status"], "ralph status has no option --bogus"],
  ])("%j: the word, the command it most likely meant, and the commands", (argv, said) => {
    const commands = "(commands: plan, exec, run, fix, status, understand, init, check-agent)";
    const full = said.startsWith("ralph status")
      ? `${said} (\`ralph status --help\` lists them)`
      : `${said} ${commands}`;
    expect(() => parseCommandLine(argv)).toThrow(new UsageError(full));
  });

  it("help forms", () => {
    expect(parseCommandLine([])).toEqual({ name: "help" });
    expect(parseCommandLine(["help", "run"])).toEqual({ name: "help", topic: "run" });
    expect(parseCommandLine(["exec", "--help"])).toEqual({ name: "help", topic: "exec" });
  });
});

describe("readlinePrompter", () => {
  it("answers in order, then null at end of input", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const prompter = readlinePrompter(input, output);
    input.write("first\nsecond\n");
    expect(await prompter.ask("Q1? ")).toBe("first");
    expect(await prompter.ask("Q2? ")).toBe("second");
    const third = prompter.ask("Q3? ");
    input.end();
    expect(await third).toBeNull();
    prompter.close();
    expect(output.read()?.toString()).toBe("Q1? Q2? Q3? ");
  });

  it("parses --version, init and understand", () => {
    expect(parseCommandLine(["--version"])).toEqual({ name: "version" });
    expect(parseCommandLine(["-V"])).toEqual({ name: "version" });
    expect(parseCommandLine(["init", "--force", "-C", "repo"])).toEqual({
      name: "init",
      args: { cwd: "repo", force: true },
    });
    expect(parseCommandLine(["init"])).toEqual({ name: "init", args: { force: false } });
    expect(() => parseCommandLine(["init", "extra"])).toThrow(/no positional/);
    expect(parseCommandLine(["understand", "auth", "--max-understand-iterations", "2"])).toEqual({
      name: "understand",
      args: { maxUnderstandIterations: 2, focus: ["auth"] },
    });
  });
});
