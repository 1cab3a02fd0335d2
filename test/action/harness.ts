/**
 * Runs the BUILT action the way a runner does: the action is bundled with esbuild's API using the
 * same options as scripts/build.mjs (into a temp file; dist/ belongs to the release build), then
 * started as `node <bundle>` with INPUT_* variables, a real webhook payload file, GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY files, and GITHUB_API_URL pointing at the fake GitHub server. Every run gets
 * a fresh clone of a local bare remote (file://), as a runner's checkout would be.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll } from "vitest";
import { buildOptions } from "../../scripts/build-options.mjs";
import { readHeadSha } from "../../src/git/head-files.js";
import { builtBundle } from "../support/bundles.js";
import { FakeGitHub, OWNER, REPO, SERVER_URL } from "../support/fake-github/index.js";
import { captureOutput } from "../support/output.js";
import { copyTemplate } from "../support/repo-template.js";
import { tempDir } from "../support/temp.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const AGENT = join(ROOT, "test/fixtures/action/agents/scripted-agent.cjs");
export const TOKEN = "ghs_testtoken_0123456789abcdef";

/**
 * dist/action.js (entry plus chunks) as scripts/build.mjs bundles it: the one the test run built
 * (test/support/build-bundles.ts), or, given `outDir` (the benchmarks, which have no such
 * setup), a fresh build into it.
 */
export async function bundleAction(outDir?: string): Promise<string> {
  if (outDir === undefined) return builtBundle("action");
  // Loaded here only: the test files that import this harness use the run's bundle.
  const { build } = await import("esbuild");
  await build(buildOptions("action", { outdir: outDir }));
  return join(outDir, "action.js");
}

/**
 * RALPH_CLAIM_GRACE_SECONDS for a run that must move past a claim left by a dead writer: it waits
 * out the whole grace (real time: nothing else tells it the writer is dead). Not shorter: a
 * writer gives up its own claimed write after 60 % of the grace, and on a loaded machine one claim
 * and one write can take a second or more, so a grace under a few seconds fails live writers.
 */
export const MOVE_PAST_GRACE_SECONDS = "5";

export interface World {
  base: string;
  home: string;
  remote: string;
  agentLog: string;
  fake: FakeGitHub;
  bundle: string;
  runs: number;
  /** git in the bare remote (what GitHub would hold). */
  remoteGit(...args: string[]): string;
}

function gitEnv(home: string): Record<string, string> {
  return {
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_DATE: "2026-01-02T03:04:05Z",
    GIT_COMMITTER_DATE: "2026-01-02T03:04:05Z",
    GIT_TERMINAL_PROMPT: "0",
  };
}

function git(cwd: string, home: string, args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...gitEnv(home) },
    encoding: "utf8",
  });
}

/**
 * The setup the built-action suites share when each test needs its own world: the action is
 * bundled once for the file, and the world a test made is closed after it.
 */
export function worldPerTest(): (fake?: FakeGitHub) => Promise<World> {
  let bundle = "";
  let current: World | null = null;
  beforeAll(async () => {
    bundle = await bundleAction();
  });
  afterEach(async () => {
    await current?.fake.close();
    current = null;
  });
  return async (fake) => {
    current = await createWorld(bundle, fake);
    return current;
  };
}

/** One world for the whole file (bundled, made and `seed`ed before its tests, closed after). */
export function worldPerFile(seed?: (world: World) => void | Promise<void>): () => World {
  let world: World | null = null;
  beforeAll(async () => {
    world = await createWorld(await bundleAction());
    await seed?.(world);
  });
  afterAll(async () => {
    await world?.fake.close();
  });
  return () => {
    if (world === null) throw new Error("the world is made in beforeAll");
    return world;
  };
}

const RUNNER_GITCONFIG =
  "[user]\n\tname = Runner\n\temail = runner@example.com\n[commit]\n\tgpgsign = false\n[init]\n\tdefaultBranch = main\n[gc]\n\tauto = 0\n[maintenance]\n\tauto = false\n[receive]\n\tautogc = false\n";

function writeHome(home: string): void {
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, ".gitconfig"), RUNNER_GITCONFIG);
}

/** Fills `dir` with the bare remote every world starts from: README.md on `main`. */
function seedRemote(dir: string): void {
  const home = join(dir, "..", `${basename(dir)}-home`);
  writeHome(home);
  git(dirname(dir), home, ["init", "--quiet", "--bare", "--initial-branch=main", dir]);
  const seed = mkdtempSync(join(dirname(dir), "seed-"));
  git(seed, home, ["init", "--quiet", "--initial-branch=main", "."]);
  writeFileSync(join(seed, "README.md"), "# Hello-World\n");
  git(seed, home, ["add", "--all"]);
  git(seed, home, ["commit", "--quiet", "-m", "initial"]);
  git(seed, home, ["push", "--quiet", `file://${dir}`, "main"]);
}

/**
 * A bare remote with one commit on `main` (a copy of the file's template: test/support/
 * repo-template.ts), an isolated HOME for git, and the fake API.
 */
export async function createWorld(bundle: string, fake = new FakeGitHub()): Promise<World> {
  const base = tempDir("ralph-action-");
  const home = join(base, "home");
  writeHome(home);
  const remote = join(base, "remote.git");
  copyTemplate("world-remote", seedRemote, remote);
  await fake.listen();
  fake.gitDir = remote;
  const agentLog = join(base, "agent-log.jsonl");
  writeFileSync(agentLog, "");
  return {
    base,
    home,
    remote,
    agentLog,
    fake,
    bundle,
    runs: 0,
    remoteGit: (...args) => git(remote, home, args).trim(),
  };
}

/**
 * Commits `files` to `branch` of the remote as a maintainer would, from a fresh clone: a config
 * on main, or the specs of a spec PR on a new branch (created from main when it does not exist).
 */
export function pushFiles(
  world: World,
  branch: string,
  files: Record<string, string>,
  message = `add ${Object.keys(files).join(", ")}`,
): void {
  const dir = mkdtempSync(join(world.base, "maintainer-"));
  const run = (...args: string[]) => git(dir, world.home, args);
  cloneRemote(world, dir);
  if (branch !== "main") {
    const exists = run("ls-remote", "--heads", "origin", branch).trim() !== "";
    run("checkout", "--quiet", ...(exists ? [branch] : ["-b", branch]));
  }
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  run("add", "--all");
  run("commit", "--quiet", "-m", message);
  run("push", "--quiet", "origin", branch);
}

/** Every output the action sets, as a run that did nothing sets them; `patch` on top. */
export function actionOutputs(patch: Record<string, string> = {}): Record<string, string> {
  const empty = ["pr-number", "branch", "reason", "issue", "parallel-base"];
  return {
    ...Object.fromEntries(empty.map((name) => [name, ""])),
    phase: "idle",
    status: "noop",
    "parallel-stories": "[]",
    ...patch,
  };
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  checkout: string;
}

export interface RunOptions {
  eventName: string;
  payload: Record<string, unknown>;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** Changes the fresh checkout before the run (what actions/checkout may leave in it). */
  prepareCheckout?: (checkout: string, runnerTemp: string) => void;
  /** Starts the action through another command (e.g. inside a network namespace). */
  wrap?: (file: string, args: string[]) => { file: string; args: string[] };
}

/** Parses the `name<<delimiter` blocks an action writes to GITHUB_OUTPUT. */
export function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i] ?? "");
    if (!m) continue;
    const value: string[] = [];
    for (i += 1; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i] ?? "");
    out[m[1]!] = value.join("\n");
  }
  return out;
}

/**
 * GitHub's payload carries the issue's labels as they are when the event fires: the fake's
 * current labels replace the example payload's, so the action's payload-only checks see what
 * they would see on GitHub.
 */
function withCurrentLabels(
  world: World,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const issue = payload.issue as { number?: unknown; labels?: unknown } | undefined;
  const known = typeof issue?.number === "number" && world.fake.issues.has(issue.number);
  if (issue === undefined || !known) return payload;
  const labels = world.fake.labelsOf(issue.number as number);
  return {
    ...payload,
    issue: { ...issue, labels: labels.map((name, i) => ({ id: i + 1, name })) },
  };
}

/** The payload's repository as GitHub would send it for this world: its real default branch. */
function withWorldRepository(
  world: World,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const repository = payload.repository as Record<string, unknown> | undefined;
  if (typeof repository !== "object" || repository === null) return payload;
  return { ...payload, repository: { ...repository, default_branch: world.fake.defaultBranch } };
}

/**
 * A clone of the remote at `checkout` whose origin is `file://<remote>`, as a clone of that URL
 * would be. Cloned by path: git copies the remote's object files instead of packing them for a
 * transport and indexing them again (two git processes instead of four or five, 13 ms of CPU
 * instead of 26 per clone). Copied, not linked: an agent's boundary (an ACL on every file of its
 * checkout) or a write into an object file must not reach what stands for GitHub's copy.
 */
function cloneRemote(world: World, checkout: string): void {
  const clone = ["clone", "--quiet", "--no-hardlinks", world.remote, checkout];
  git(dirname(checkout), world.home, clone);
  git(checkout, world.home, ["remote", "set-url", "origin", `file://${world.remote}`]);
}

/** One action run in a fresh checkout (actions/checkout: default branch, origin = the remote). */
export async function runAction(world: World, options: RunOptions): Promise<ActionRun> {
  world.runs += 1;
  const dir = join(world.base, `run-${world.runs}`);
  mkdirSync(dir, { recursive: true });
  const checkout = join(dir, "checkout");
  cloneRemote(world, checkout);
  const eventPath = join(dir, "event.json");
  writeFileSync(
    eventPath,
    JSON.stringify(withWorldRepository(world, withCurrentLabels(world, options.payload))),
  );
  const outputFile = join(dir, "output.txt");
  const summaryFile = join(dir, "summary.md");
  writeFileSync(outputFile, "");
  writeFileSync(summaryFile, "");
  const runnerTemp = join(dir, "tmp");
  mkdirSync(runnerTemp, { recursive: true });
  options.prepareCheckout?.(checkout, runnerTemp);
  const inputs: Record<string, string> = {
    "github-token": TOKEN,
    issue: "",
    phase: "auto",
    agent: "command",
    "agent-command": `node ${AGENT} ${world.agentLog}`,
    model: "",
    "config-path": ".github/ralph.yml",
    // The suites' scripted agents keep their logs in the test's own folders, which the agent's
    // boundary closes: they run as Ralph's user; the boundary's own suites ask for `auto`.
    "agent-isolation": "off",
    ...options.inputs,
  };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    ...gitEnv(world.home),
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
    GITHUB_API_URL: world.fake.url,
    GITHUB_SERVER_URL: SERVER_URL,
    GITHUB_RUN_ID: String(1000 + world.runs),
    // A runner always sets it: the commit the run checked out (the state claims point at it).
    // From the files the clone wrote (src/git/head-files.ts), git when they do not say.
    GITHUB_SHA:
      (await readHeadSha(checkout)) ?? git(checkout, world.home, ["rev-parse", "HEAD"]).trim(),
    GITHUB_WORKSPACE: checkout,
    GITHUB_WORKFLOW_REF: `${OWNER}/${REPO}/.github/workflows/ralph.yml@refs/heads/main`,
    RUNNER_TEMP: runnerTemp,
    RALPH_GITHUB_THROTTLE: "off",
    // A runner SIGKILLed between claiming a state revision and saving it leaves the claim behind;
    // the next run moves past it after the grace (150 s by default, longer than a test may wait).
    RALPH_CLAIM_GRACE_SECONDS: "10",
    // A step that fails is tried again after a backoff (2 s, doubling): real time a test would
    // spend waiting, its worker idle. The retries themselves still run; only the wait goes.
    RALPH_BACKOFF_BASE_MS: "0",
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
    ...options.env,
  };
  // Asynchronous on purpose: the fake API lives in this process and must keep answering.
  const launch = options.wrap?.(process.execPath, [world.bundle]) ?? {
    file: process.execPath,
    args: [world.bundle],
  };
  const child = spawn(launch.file, launch.args, {
    cwd: checkout,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const code = await new Promise<number | null>((resolveCode) => child.on("close", resolveCode));
  // Every request the run sent must be one GitHub's API description allows.
  world.fake.assertValid();
  return {
    code,
    stdout: output.stdout(),
    stderr: output.stderr(),
    outputs: parseOutputs(readFileSync(outputFile, "utf8")),
    summary: readFileSync(summaryFile, "utf8"),
    checkout,
  };
}

export interface AgentCall {
  phase: string;
  story: string | null;
  attempt: string | null;
  commit: string | null;
  sawToken: boolean;
  probe: boolean | null;
  /** RALPH_FEEDBACK_FILE of the run (a follow-up round's feedback), or null. */
  feedbackFile: string | null;
  /** Whether that file held SCRIPTED_PROBE's text (null without either). */
  feedbackProbe: boolean | null;
}

export function agentCalls(world: World): AgentCall[] {
  return readFileSync(world.agentLog, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as AgentCall);
}
