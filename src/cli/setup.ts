import { readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { missingAgentProblem } from "../agents/agent-binary.js";
import { createAgent } from "../agents/create-agent.js";
import { usageLimitMarginFromEnv } from "../agents/usage-limit.js";
import { ConfigError, parseConfig, type RalphConfig } from "../core/config.js";
import { homePaths } from "../core/plan-meta.js";
import { redactSecrets } from "../core/redact-secrets.js";
import { makeIgnoredFolder } from "../git/ignored-folder.js";
import type { GitIdentity } from "../git/repository.js";
import { GitError, GitRepository } from "../git/repository.js";
import { userConfigValue } from "../git/user-config.js";
import type { LoopContext } from "../pipeline/spec-loop.js";
import type { CommonArgs } from "./args.js";
import { CliError } from "./errors.js";
import type { CliIo } from "./io.js";
import { legacyPlanState } from "./plan-state.js";
import { ProgressReporter } from "./progress.js";

export const DEFAULT_CONFIG_PATH = ".github/ralph.yml";

/** The bot identity of local commits; override with RALPH_BOT_NAME / RALPH_BOT_EMAIL. */
export function botIdentityFrom(env: NodeJS.ProcessEnv): GitIdentity {
  return {
    name: env.RALPH_BOT_NAME?.trim() || "Ralph",
    email: env.RALPH_BOT_EMAIL?.trim() || "ralph@localhost",
  };
}

// `AUTH` only as a word of the name: GIT_AUTHOR_DATE is not a secret.
const SECRET_NAME =
  /(TOKEN|SECRET|PASSWORD|PASSWD|PRIVATE|CREDENTIAL|API_?KEY|ACCESS_?KEY|(^|_)AUTH(_|$))/i;

/**
 * Values of secret-looking variables (API keys the agents use), masked in run logs and commit
 * messages (DESIGN §7.6). Short values would mask half the log and protect nothing.
 */
export function secretValuesFrom(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value !== undefined && value.length >= 8 && SECRET_NAME.test(name))
    .map(([, value]) => value as string);
}

const FLAG_OF_KEY: Record<string, string> = {
  agent: "--agent",
  agent_command: "--agent-command",
  model: "--model",
  ralph_home: "--ralph-home",
};

/**
 * Reads `.github/ralph.yml` (missing = all defaults) and applies the flag overrides. The error
 * says which it is: an invalid file, a file that is not there, or flags that do not fit together
 * when there is no file at all (never "Invalid .github/ralph.yml" for a file that does not exist).
 */
export async function loadConfig(root: string, args: CommonArgs): Promise<RalphConfig> {
  const path = args.config ?? DEFAULT_CONFIG_PATH;
  let raw: unknown = {};
  let fileFound = true;
  let text: string | null = null;
  try {
    text = await readFile(resolve(root, path), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") throw new CliError(`cannot read ${path}: ${(error as Error).message}`);
    if (args.config !== undefined) {
      throw new CliError(
        `cannot read ${path}: no such file in ${root} (--config is relative to the repository root)`,
      );
    }
    fileFound = false;
  }
  if (text !== null) {
    try {
      raw = parseYaml(text) ?? {};
    } catch (error) {
      throw new CliError(`${path} is not valid YAML: ${(error as Error).message}`);
    }
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new CliError(`${path} must be a YAML mapping (key: value lines)`);
  }
  const merged: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  if (args.agent !== undefined) merged.agent = args.agent;
  if (args.agentCommand !== undefined) merged.agent_command = args.agentCommand;
  if (args.model !== undefined) merged.model = args.model;
  if (args.ralphHome !== undefined) merged.ralph_home = args.ralphHome;
  try {
    return parseConfig(merged, path);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    if (fileFound) throw new CliError(error.message);
    const issues = error.issues.map((issue) => {
      const key = issue.split(":")[0] ?? "";
      const flag = FLAG_OF_KEY[key];
      return `- ${issue}${flag ? ` (pass ${flag})` : ""}`;
    });
    throw new CliError(
      [
        `invalid options (there is no ${path} in ${root}, so the defaults and your flags apply):`,
        ...issues,
      ].join("\n"),
    );
  }
}

export interface CliSetup {
  root: string;
  config: RalphConfig;
  git: GitRepository;
  /** Repo-relative run-log folder inside ralph_home (git-ignored). */
  logDir: string;
  base: LoopContext;
}

async function localUser(git: GitRepository): Promise<GitIdentity | null> {
  const name = await userConfigValue(git.root, "user.name");
  const email = await userConfigValue(git.root, "user.email");
  return name !== null && email !== null ? { name, email } : null;
}

/** Why `dir` (the `-C` a user typed, resolved) could not be opened as a repository. */
async function notARepository(dir: string): Promise<string> {
  const found = await stat(dir).then(
    (s) => (s.isDirectory() ? "is not a git repository" : "is not a directory"),
    () => "does not exist",
  );
  return `${dir} ${found}`;
}

/**
 * A missing agent is a setup problem: say what to install before anything runs, instead of
 * failing the same way on every retry.
 */
export function assertAgentInstalled(
  config: RalphConfig,
  root: string,
  env: NodeJS.ProcessEnv,
): void {
  const problem = missingAgentProblem(config, root, env);
  if (problem !== null) throw new CliError(problem);
}

/**
 * Opens the repository, loads the config, prepares the folders git never shows
 * (`<ralph_home>/runs/`, `<ralph_home>/local/`, the candidates) and builds the pipeline context. The local git user is the
 * approver, hence the `Co-authored-by:` of Ralph's commits.
 */
export async function setup(
  io: CliIo,
  args: CommonArgs,
  opts: { readOnly?: boolean; checkAgent?: boolean } = {},
): Promise<CliSetup> {
  const dir = resolve(io.cwd, args.cwd ?? ".");
  let root: string;
  try {
    root = (await GitRepository.open(dir)).root;
  } catch (error) {
    if (error instanceof GitError) throw new CliError(await notARepository(dir));
    throw error;
  }
  const config = await loadConfig(root, args);
  if (opts.checkAgent ?? !opts.readOnly) assertAgentInstalled(config, root, io.env);
  const h = homePaths(config.ralph_home);
  const logDir = `${h.runsDir}/`;
  const git = await GitRepository.open(root, {
    branchPrefix: config.branch_prefix,
    // Local files, never committed: run logs, `ralph plan`'s state (it holds this checkout's
    // absolute path) where it is now and where it was before (read once, then moved).
    ignore: [logDir, `${h.localDir}/`, legacyPlanState(h.home)],
  });
  if (!opts.readOnly) {
    // Folders git never shows (issue 18): what Ralph keeps there is never `??` in the user's
    // `git status`, nor swept into a commit by a `git add -A`. The candidates are the CLI's
    // resume state; the Action commits its own, in a checkout this never runs in.
    for (const dir of [h.runsDir, h.localDir, h.candidatesDir]) {
      await makeIgnoredFolder(join(root, dir));
    }
  }
  const approver = await localUser(git);
  const secrets = secretValuesFrom(io.env);
  const progress = new ProgressReporter(io);
  const base: LoopContext = {
    workspace: root,
    config,
    agent: progress.wrap(createAgent(config, { baseEnv: io.env })),
    git,
    clock: io.clock,
    usageLimitMarginSeconds: usageLimitMarginFromEnv(io.env),
    logRoot: join(root, logDir),
    botIdentity: botIdentityFrom(io.env),
    coAuthors: approver ? [approver] : [],
    log: (line) => progress.line(line),
    redact: (text) => redactSecrets(text, secrets),
  };
  return { root, config, git, logDir, base };
}
