#!/usr/bin/env node
// `npm run demo`: one issue's whole life with Ralph — `/ralph plan`, a question and its answer,
// the PRD, `/approve`, two stories implemented and verified (one verify failure and its retry),
// done and the pull request ready — run locally against a simulated GitHub, with a scripted agent
// and a temporary repository. It runs the built Action (dist/action.js) once per event, the way a
// GitHub Actions runner would, and prints every comment Ralph posts and the branch it leaves.
// No credentials, no network. RALPH_DEMO_ACTION runs another build of the action (tests).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DemoGitHub, OWNER, REPO, SERVER_URL, user } from "./demo/fake-github.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ACTION = process.env.RALPH_DEMO_ACTION ?? join(ROOT, "dist/action.js");
const AGENT = join(ROOT, "scripts/demo/agent.mjs");
const MAINTAINER = "octocat";
const ISSUE = {
  number: 1,
  title: "Add greeting files",
  body: "Please add hello.txt and goodbye.txt at the repository root.",
  user: user(MAINTAINER),
};
const BRANCH = "ralph/1-add-greeting-files";

const out = (line = "") => process.stdout.write(`${line}\n`);
const started = performance.now();

if (!existsSync(ACTION)) {
  process.stderr.write(`ralph demo: ${ACTION} is missing; run \`npm run build\` first\n`);
  process.exit(1);
}

const base = mkdtempSync(join(tmpdir(), "ralph-demo-"));
const home = join(base, "home");
const state = join(base, "agent-state");
mkdirSync(home, { recursive: true });
mkdirSync(state, { recursive: true });
writeFileSync(
  join(home, ".gitconfig"),
  "[user]\n\tname = Octocat\n\temail = octocat@example.com\n[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n",
);
const gitEnv = {
  PATH: process.env.PATH ?? "",
  HOME: home,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_TERMINAL_PROMPT: "0",
};
const git = (cwd, ...args) =>
  execFileSync("git", args, { cwd, env: gitEnv, encoding: "utf8" }).trim();

// The repository on "GitHub": a bare remote with one commit on main.
const remote = join(base, "origin.git");
const seed = join(base, "seed");
git(base, "init", "--quiet", "--bare", "--initial-branch=main", remote);
git(base, "init", "--quiet", "--initial-branch=main", seed);
writeFileSync(join(seed, "README.md"), "# greetings\n\nA repository that greets.\n");
mkdirSync(join(seed, ".github"), { recursive: true });
writeFileSync(
  join(seed, ".github/ralph.yml"),
  "# Short and sweet for the demo: no research, consensus or codebase-map runs.\nplanning: { research: off, consensus: off, understand: never }\n# The simulated repository has no CI of its own to wait for.\nverify: { ci: off }\n",
);
git(seed, "add", "--all");
git(seed, "commit", "--quiet", "-m", "Initial commit");
git(seed, "remote", "add", "origin", `file://${remote}`);
git(seed, "push", "--quiet", "origin", "main");

const github = new DemoGitHub();
await github.start();
github.gitDir = remote;
github.addIssue(ISSUE);
github.grant(MAINTAINER, "write");

let runs = 0;
let shown = 0;
let lastStatus = "";

function visible(body) {
  return body
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<details>[\s\S]*?<\/details>/g, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function printBlock(text, indent = "     │ ") {
  for (const line of text.split("\n")) out(`${indent}${line}`.trimEnd());
}

function isStatus(body) {
  return body.includes("<!-- ralph:status");
}

function statusLine() {
  const status = github
    .commentsOn(ISSUE.number)
    .find((c) => c.user.login === github.botLogin && isStatus(c.body));
  if (!status) return "";
  return (
    visible(status.body)
      .split("\n")
      .filter((l) => l.trim() !== "")[0] ?? ""
  );
}

/** Everything Ralph posted since the last call, in order. */
function printNews() {
  for (const item of github.timeline.slice(shown)) {
    if (item.kind === "comment" && isStatus(item.comment.body)) continue;
    if (item.kind === "comment") {
      out(`  💬 @${github.botLogin} commented on #${item.comment.issue}:`);
      printBlock(visible(item.comment.body));
    } else if (item.kind === "review") {
      out(`  🔎 @${github.botLogin} reviewed PR #${item.pr}:`);
      printBlock(visible(item.review.body ?? ""));
    } else if (item.kind === "pull") {
      out(
        `  🔀 opened draft PR #${item.pull.number} "${item.pull.title}" (${item.pull.head.ref} → ${item.pull.base.ref})`,
      );
    } else if (item.kind === "ready") {
      out(`  ✅ marked PR #${item.pull.number} ready for review`);
    }
  }
  shown = github.timeline.length;
  const status = statusLine();
  if (status !== "" && status !== lastStatus) out(`  📋 status comment: ${status}`);
  lastStatus = status;
  const labels = github.issues.get(ISSUE.number).labels;
  if (labels.length > 0) out(`  🏷  labels: ${labels.join(", ")}`);
}

function parseOutputs(text) {
  const result = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i] ?? "");
    if (!m) continue;
    const value = [];
    for (i += 1; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]);
    result[m[1]] = value.join("\n");
  }
  return result;
}

/** One workflow run: a fresh checkout, the event payload, the built action. */
async function runAction(eventName, payload) {
  runs += 1;
  const dir = join(base, `run-${runs}`);
  mkdirSync(join(dir, "tmp"), { recursive: true });
  const checkout = join(dir, "checkout");
  git(dir, "clone", "--quiet", `file://${remote}`, checkout);
  const files = {
    event: join(dir, "event.json"),
    output: join(dir, "output"),
    summary: join(dir, "summary.md"),
  };
  writeFileSync(files.event, JSON.stringify(payload));
  writeFileSync(files.output, "");
  writeFileSync(files.summary, "");
  const inputs = {
    "github-token": "ghs_demo_token_not_a_real_one",
    issue: "",
    phase: "auto",
    agent: "command",
    "agent-command": `'${process.execPath}' '${AGENT}'`,
    "agent-install": "",
    model: "",
    "agent-args": "",
    "allowed-tools": "",
    "config-path": ".github/ralph.yml",
    // On your own machine the scripted agent runs as you (Ralph's CLI does the same): no OS user
    // of its own, which a runner gives it (docs/security.md).
    "agent-isolation": "off",
  };
  const env = {
    ...gitEnv,
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: eventName,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: SERVER_URL,
    GITHUB_RUN_ID: String(100 + runs),
    GITHUB_WORKSPACE: checkout,
    GITHUB_WORKFLOW_REF: `${OWNER}/${REPO}/.github/workflows/ralph.yml@refs/heads/main`,
    RUNNER_TEMP: join(dir, "tmp"),
    // A local simulated API: no spacing between writes, no waiting before retries.
    RALPH_GITHUB_THROTTLE: "off",
    RALPH_BACKOFF_BASE_MS: "0",
    DEMO_STATE_DIR: state,
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
  };
  const t0 = performance.now();
  const child = spawn(process.execPath, [ACTION], {
    cwd: checkout,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => {
    log += d;
  });
  child.stderr.on("data", (d) => {
    log += d;
  });
  const code = await new Promise((resolve) => child.on("close", resolve));
  const outputs = parseOutputs(readFileSync(files.output, "utf8"));
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  out(
    `  ⚙  workflow run ${runs} (${eventName}): ${outputs.status ?? "?"}, phase ${outputs.phase ?? "?"} (${seconds}s)`,
  );
  if (code !== 0) {
    out(`  the action failed (exit ${code}):`);
    printBlock(log.trim(), "     ! ");
  }
  printNews();
  return { code, outputs };
}

function comment(body) {
  out();
  out(`▶ @${MAINTAINER} comments: ${body.split("\n")[0]}`);
  const c = github.addComment(ISSUE.number, body, user(MAINTAINER));
  const issue = github.issues.get(ISSUE.number);
  return runAction("issue_comment", {
    action: "created",
    issue: { ...issue, labels: issue.labels.map((name) => ({ name })) },
    comment: c,
    repository: {
      full_name: `${OWNER}/${REPO}`,
      name: REPO,
      owner: { login: OWNER },
      default_branch: "main",
    },
    sender: user(MAINTAINER),
  });
}

let exitCode = 1;
try {
  out("Ralph demo: one issue from /ralph plan to a pull request ready for review.");
  out(
    `  GitHub   a simulated API for ${OWNER}/${REPO}, in this process (no network, no credentials)`,
  );
  out("  Runner   dist/action.js, the built Action, started once per event like a workflow run");
  out("  Agent    scripts/demo/agent.mjs, a scripted stand-in for Claude Code or Codex");
  out();
  out(`━━ Issue #${ISSUE.number} "${ISSUE.title}" opened by @${MAINTAINER}`);
  printBlock(ISSUE.body, "   ");

  await comment("/ralph plan");
  await comment("Plain ones, please: `hello, world` and `goodbye, world`.");
  const last = await comment("/approve");

  out();
  out("━━ Result");
  const issue = github.issues.get(ISSUE.number);
  const pull = [...github.pulls.values()][0];
  out(
    `  issue #${ISSUE.number}: ${last.outputs.status ?? "?"} (labels: ${issue.labels.join(", ") || "none"})`,
  );
  if (pull)
    out(
      `  PR #${pull.number}: ${pull.draft ? "draft" : "ready for review"}, ${pull.head.ref} → ${pull.base.ref}`,
    );
  out(`  branch ${BRANCH} (git log --oneline main..${BRANCH}):`);
  printBlock(git(remote, "log", "--oneline", "--no-decorate", `main..${BRANCH}`), "     ");
  for (const file of ["hello.txt", "goodbye.txt"]) {
    out(`  ${file}: ${JSON.stringify(git(remote, "show", `${BRANCH}:${file}`))}`);
  }
  if (github.unhandled.length > 0)
    out(`  (requests the simulation did not know: ${github.unhandled.join(", ")})`);
  const done = last.outputs.status === "done" && pull !== undefined && !pull.draft;
  out();
  out(
    done
      ? `Done in ${((performance.now() - started) / 1000).toFixed(1)}s. Next: docs/deployment.md to run Ralph on your repository.`
      : "The demo did not reach done: see the messages above.",
  );
  exitCode = done ? 0 : 1;
} finally {
  await github.stop();
  rmSync(base, { recursive: true, force: true });
}
process.exit(exitCode);
