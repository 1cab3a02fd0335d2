import { appendFileSync, writeFileSync } from "node:fs";
import { EOL } from "node:os";

/**
 * The runner protocols an action speaks (docs.github.com: "Workflow commands for GitHub
 * Actions"), written out instead of importing @actions/core: core pulls in @actions/http-client
 * and undici for OIDC, which the action never uses, and they were about half of dist/action.js
 * and a quarter of its start time. Same formats as @actions/core 3:
 * - inputs from `INPUT_<NAME>` (spaces as `_`, upper case, trimmed);
 * - outputs and state appended to the GITHUB_OUTPUT / GITHUB_STATE files as `name<<delimiter`
 *   blocks with a random delimiter (the `::set-output` stdout command only outside a runner);
 * - the Step Summary written to the GITHUB_STEP_SUMMARY file;
 * - `::add-mask::`, `::debug::`, `::notice::`, `::warning::`, `::error::` on stdout, data and
 *   properties escaped so a message can never end the command early or start another.
 */

export class WorkflowCommandError extends Error {
  override readonly name = "WorkflowCommandError";
}

/** Where an annotation points (all optional), as `::warning file=…,line=…::`. */
export interface AnnotationProperties {
  title?: string;
  file?: string;
  line?: number;
  endLine?: number;
  col?: number;
  endColumn?: number;
}

type Env = NodeJS.ProcessEnv;
type Write = (text: string) => void;

/** `%`, CR and LF would end or split a command: percent-encoded as the runner decodes them. */
export function escapeData(value: string): string {
  return value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Properties also may not contain the `:` and `,` that separate them. */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** One `::command key=value,…::message` line. */
export function workflowCommand(
  command: string,
  message: string,
  properties: Record<string, string | number | undefined> = {},
): string {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(",");
  return `::${command}${props === "" ? "" : ` ${props}`}::${escapeData(message)}`;
}

/** A `name<<delimiter` block for GITHUB_OUTPUT / GITHUB_STATE / GITHUB_ENV. */
export function fileCommandBlock(name: string, value: string, delimiter: string): string {
  if (name.includes(delimiter) || value.includes(delimiter)) {
    throw new WorkflowCommandError(`the value of ${name} contains its delimiter ${delimiter}`);
  }
  return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`;
}

/**
 * The action's side of the runner. `env` and `write` are injectable so tests read exactly what
 * a runner would; by default they are process.env and stdout.
 */
export class Runner {
  constructor(
    private readonly env: Env = process.env,
    private readonly write: Write = (text) => process.stdout.write(text),
  ) {}

  /** An input as the runner passes it (`INPUT_GITHUB-TOKEN` for `github-token`), trimmed. */
  getInput(name: string): string {
    return (this.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
  }

  setOutput(name: string, value: string): void {
    this.fileCommand("GITHUB_OUTPUT", name, value, "set-output");
  }

  /** State for a later `post:` step of this action (read there with getState). */
  saveState(name: string, value: string): void {
    this.fileCommand("GITHUB_STATE", name, value, "save-state");
  }

  getState(name: string): string {
    return this.env[`STATE_${name}`] ?? "";
  }

  /** The runner replaces `secret` with *** in every later log line. */
  setSecret(secret: string): void {
    if (secret !== "") this.line(workflowCommand("add-mask", secret));
  }

  info(message: string): void {
    this.line(message);
  }

  /** Shown only when the run has step debug logging on (the runner filters it). */
  debug(message: string): void {
    this.line(workflowCommand("debug", message));
  }

  notice(message: string, properties: AnnotationProperties = {}): void {
    this.line(workflowCommand("notice", message, annotationProps(properties)));
  }

  warning(message: string, properties: AnnotationProperties = {}): void {
    this.line(workflowCommand("warning", message, annotationProps(properties)));
  }

  error(message: string, properties: AnnotationProperties = {}): void {
    this.line(workflowCommand("error", message, annotationProps(properties)));
  }

  /** An error annotation and a failing exit code (the process still ends normally). */
  setFailed(message: string): void {
    process.exitCode = 1;
    this.error(message);
  }

  /**
   * Writes markdown to the Step Summary; `overwrite` replaces what this step wrote before.
   * Throws outside a runner (no GITHUB_STEP_SUMMARY), as @actions/core does.
   */
  writeSummary(markdown: string, overwrite = false): void {
    const file = this.env.GITHUB_STEP_SUMMARY;
    if (file === undefined || file === "") {
      throw new WorkflowCommandError(
        "GITHUB_STEP_SUMMARY is not set: the Step Summary exists only in an Actions runner",
      );
    }
    (overwrite ? writeFileSync : appendFileSync)(file, markdown, "utf8");
  }

  private fileCommand(variable: string, name: string, value: string, legacy: string): void {
    const file = this.env[variable];
    if (file === undefined || file === "") {
      // Outside a runner (local runs, old runners): the stdout command, visible in the log.
      this.write(`${EOL}${workflowCommand(legacy, value, { name })}${EOL}`);
      return;
    }
    appendFileSync(file, fileCommandBlock(name, value, delimiter()), "utf8");
  }

  private line(text: string): void {
    this.write(`${text}${EOL}`);
  }
}

/**
 * A fresh delimiter per block. It need not be secret: a value containing it is refused
 * (fileCommandBlock), so no value can end its block early. Not node:crypto, whose load would be
 * a measurable part of an ignored event's whole run.
 */
function delimiter(): string {
  return `ghadelimiter_${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

function annotationProps(p: AnnotationProperties): Record<string, string | number | undefined> {
  return {
    title: p.title,
    file: p.file,
    line: p.line,
    endLine: p.endLine,
    col: p.col,
    endColumn: p.endColumn,
  };
}
