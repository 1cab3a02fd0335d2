import { type ParseArgsConfig, parseArgs } from "node:util";
import { type CapArg, CapArgError, parseCapArg } from "../core/iteration-caps.js";
import { CHECK_AGENT_OPTIONS, type CheckAgentArgs, checkAgentArgs } from "./check-agent-args.js";
import { UsageError } from "./errors.js";
import { HELP_WORDS, VERSION_WORDS, withCommandFirst } from "./leading-options.js";
import { parseArgsProblem, unknownCommandProblem } from "./parse-args-error.js";

export type CommandName =
  | "plan"
  | "exec"
  | "run"
  | "fix"
  | "status"
  | "init"
  | "understand"
  | "check-agent"
  | "help";

/** Flags that override `.github/ralph.yml` keys (DESIGN §3.7: same keys as flags). */
export interface CommonArgs {
  agent?: "claude" | "codex" | "command";
  agentCommand?: string;
  model?: string;
  ralphHome?: string;
  /** Config file path, relative to the repository root. */
  config?: string;
  /** Directory inside the repository to work in (default: the current directory). */
  cwd?: string;
}

export interface PlanArgs extends CommonArgs {
  goal: string;
  nonInteractive: boolean;
  /** Pre-supplied answers for `--non-interactive`, used in order. */
  answers: string[];
  yesPrd: boolean;
  /** Seed 002 `--reset-decisions`: ask the decisions again (research is kept). */
  resetDecisions: boolean;
  /** `--decision ID=ANSWER` for `--non-interactive` runs. */
  decisions: string[];
}

export interface ExecArgs extends PlanArgs {
  understand?: "auto" | "always" | "never";
  maxUnderstandIterations: CapArg;
  maxRunIterations: CapArg;
  yesUnderstand: boolean;
  yesRun: boolean;
  push: boolean;
}

export interface RunArgs extends CommonArgs {
  specs?: string;
  force: string[];
  dryRun: boolean;
  push: boolean;
  maxRunIterations: number | null;
}

/** `ralph fix "<feedback>" [spec]`: a follow-up round on a done spec. */
export interface FixArgs extends CommonArgs {
  feedback: string;
  spec?: string;
  push: boolean;
}

export interface InitArgs {
  cwd?: string;
  config?: string;
  force: boolean;
}

export interface UnderstandArgs extends CommonArgs {
  maxUnderstandIterations: CapArg;
  /** Topics to look at first (positional words). */
  focus: string[];
}

export type ParsedCommand =
  | { name: "help"; topic?: CommandName }
  | { name: "version" }
  | { name: "init"; args: InitArgs }
  | { name: "understand"; args: UnderstandArgs }
  | { name: "check-agent"; args: CheckAgentArgs }
  | { name: "plan"; args: PlanArgs }
  | { name: "exec"; args: ExecArgs }
  | { name: "run"; args: RunArgs }
  | { name: "fix"; args: FixArgs }
  | { name: "status"; args: CommonArgs };

type Options = NonNullable<ParseArgsConfig["options"]>;

const COMMON: Options = {
  agent: { type: "string" },
  "agent-command": { type: "string" },
  model: { type: "string" },
  "ralph-home": { type: "string" },
  config: { type: "string" },
  cwd: { type: "string", short: "C" },
  help: { type: "boolean", short: "h" },
};

const PLAN: Options = {
  ...COMMON,
  "non-interactive": { type: "boolean" },
  answer: { type: "string", multiple: true },
  "yes-prd": { type: "boolean" },
  "reset-decisions": { type: "boolean" },
  decision: { type: "string", multiple: true },
};

const EXEC: Options = {
  ...PLAN,
  understand: { type: "string" },
  "max-understand-iterations": { type: "string" },
  "max-run-iterations": { type: "string" },
  "yes-understand": { type: "boolean" },
  "yes-run": { type: "boolean" },
  push: { type: "boolean" },
};

const RUN: Options = {
  ...COMMON,
  specs: { type: "string" },
  force: { type: "string", multiple: true },
  "dry-run": { type: "boolean" },
  push: { type: "boolean" },
  "max-run-iterations": { type: "string" },
};

const FIX: Options = { ...COMMON, push: { type: "boolean" } };

const INIT: Options = {
  cwd: { type: "string", short: "C" },
  config: { type: "string" },
  force: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

const UNDERSTAND: Options = {
  ...COMMON,
  "max-understand-iterations": { type: "string" },
};

// In the order of `ralph --help`.
const COMMANDS: Record<Exclude<CommandName, "help">, Options> = {
  plan: PLAN,
  exec: EXEC,
  run: RUN,
  fix: FIX,
  status: COMMON,
  understand: UNDERSTAND,
  init: INIT,
  "check-agent": CHECK_AGENT_OPTIONS,
};
const COMMAND_WORDS = Object.keys(COMMANDS);

/** Every command and its options, as the parser knows them (the docs test reads this). */
export const CLI_COMMAND_OPTIONS: Readonly<Record<string, Readonly<Options>>> = COMMANDS;

type Values = Record<string, string | boolean | string[] | undefined>;

function str(values: Values, key: string): string | undefined {
  const v = values[key];
  return typeof v === "string" ? v : undefined;
}

function flag(values: Values, key: string): boolean {
  return values[key] === true;
}

function list(values: Values, key: string): string[] {
  const v = values[key];
  return Array.isArray(v) ? v : [];
}

function common(values: Values): CommonArgs {
  const agent = str(values, "agent");
  if (agent !== undefined && !["claude", "codex", "command"].includes(agent)) {
    throw new UsageError(`--agent must be claude, codex or command, got "${agent}"`);
  }
  const out: CommonArgs = {};
  if (agent !== undefined) out.agent = agent as CommonArgs["agent"];
  const pairs: [keyof CommonArgs, string][] = [
    ["agentCommand", "agent-command"],
    ["model", "model"],
    ["ralphHome", "ralph-home"],
    ["config", "config"],
    ["cwd", "cwd"],
  ];
  for (const [key, name] of pairs) {
    const v = str(values, name);
    if (v !== undefined) (out as Record<string, string>)[key] = v;
  }
  return out;
}

function cap(values: Values, key: string): CapArg {
  const v = str(values, key);
  if (v === undefined) return "auto";
  try {
    return parseCapArg(v);
  } catch (error) {
    if (error instanceof CapArgError) throw new UsageError(`--${key}: ${error.message}`);
    throw error;
  }
}

function goalOf(positionals: string[], command: string): string {
  const goal = positionals.join(" ").trim();
  if (goal === "") throw new UsageError(`ralph ${command} needs a goal: ralph ${command} "<goal>"`);
  return goal;
}

/** Parses `ralph <command> ...`. Throws UsageError for anything unknown or malformed. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the command line's grammar, one branch per command, read top to bottom.
export function parseCommandLine(argv: readonly string[]): ParsedCommand {
  const [first, ...rest] = withCommandFirst(argv, COMMON, COMMAND_WORDS);
  if (first !== undefined && VERSION_WORDS.has(first)) return { name: "version" };
  if (first === undefined || HELP_WORDS.has(first)) {
    const topic = first === "help" ? rest[0] : undefined;
    if (topic !== undefined && !Object.hasOwn(COMMANDS, topic))
      throw new UsageError(unknownCommandProblem(topic, COMMAND_WORDS));
    return topic === undefined ? { name: "help" } : { name: "help", topic: topic as CommandName };
  }
  if (!Object.hasOwn(COMMANDS, first))
    throw new UsageError(unknownCommandProblem(first, COMMAND_WORDS));
  const name = first as Exclude<CommandName, "help">;
  // `ralph check-agent [options] -- <command>`: what follows `--` is the agent's.
  const dashes = name === "check-agent" ? rest.indexOf("--") : -1;
  const own = dashes === -1 ? rest : rest.slice(0, dashes);
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...own],
      options: COMMANDS[name],
      allowPositionals: true,
      strict: true,
    }) as { values: Values; positionals: string[] };
  } catch (error) {
    throw new UsageError(parseArgsProblem(error, name, Object.keys(COMMANDS[name])));
  }
  const { values, positionals } = parsed;
  if (flag(values, "help")) return { name: "help", topic: name };

  if (name === "status" || name === "run" || name === "init") {
    if (positionals.length > 0) {
      throw new UsageError(
        `ralph ${name} takes no positional arguments, got "${positionals.join(" ")}"`,
      );
    }
  }
  switch (name) {
    case "check-agent":
      return {
        name,
        args: checkAgentArgs(values, positionals, dashes === -1 ? null : rest.slice(dashes)),
      };
    case "status":
      return { name, args: common(values) };
    case "init":
      return {
        name,
        args: {
          ...(str(values, "cwd") !== undefined ? { cwd: str(values, "cwd") } : {}),
          ...(str(values, "config") !== undefined ? { config: str(values, "config") } : {}),
          force: flag(values, "force"),
        },
      };
    case "understand":
      return {
        name,
        args: {
          ...common(values),
          maxUnderstandIterations: cap(values, "max-understand-iterations"),
          focus: positionals,
        },
      };
    case "run": {
      const max = str(values, "max-run-iterations");
      const capValue = max === undefined ? "auto" : cap(values, "max-run-iterations");
      return {
        name,
        args: {
          ...common(values),
          ...(str(values, "specs") !== undefined ? { specs: str(values, "specs") } : {}),
          force: list(values, "force"),
          dryRun: flag(values, "dry-run"),
          push: flag(values, "push"),
          maxRunIterations: capValue === "auto" ? null : capValue,
        },
      };
    }
    case "fix": {
      const [feedback = "", spec, ...extra] = positionals;
      if (feedback.trim() === "" || extra.length > 0) {
        throw new UsageError(
          'ralph fix needs the feedback and at most a spec: ralph fix "<feedback>" [spec]',
        );
      }
      return {
        name,
        args: {
          ...common(values),
          feedback: feedback.trim(),
          ...(spec === undefined ? {} : { spec }),
          push: flag(values, "push"),
        },
      };
    }
    case "plan":
      return { name, args: planArgs(values, positionals, name) };
    case "exec": {
      const understand = str(values, "understand");
      if (understand !== undefined && !["auto", "always", "never"].includes(understand)) {
        throw new UsageError(`--understand must be auto, always or never, got "${understand}"`);
      }
      return {
        name,
        args: {
          ...planArgs(values, positionals, name),
          ...(understand !== undefined
            ? { understand: understand as ExecArgs["understand"] & string }
            : {}),
          maxUnderstandIterations: cap(values, "max-understand-iterations"),
          maxRunIterations: cap(values, "max-run-iterations"),
          yesUnderstand: flag(values, "yes-understand"),
          yesRun: flag(values, "yes-run"),
          push: flag(values, "push"),
        },
      };
    }
  }
}

function planArgs(values: Values, positionals: string[], name: string): PlanArgs {
  return {
    ...common(values),
    goal: goalOf(positionals, name),
    nonInteractive: flag(values, "non-interactive"),
    answers: list(values, "answer"),
    yesPrd: flag(values, "yes-prd"),
    resetDecisions: flag(values, "reset-decisions"),
    decisions: list(values, "decision"),
  };
}
