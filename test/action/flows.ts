import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { issueCommentCreated, webhookExample } from "../fixtures/webhooks/index.js";
import { OWNER, REPO, user } from "../support/fake-github/index.js";
import { type ActionRun, runAction, type World } from "./harness.js";

export const ISSUE = 1;
export const MAINTAINER = "octocat";
export const TITLE = "Add greeting files";
export const BODY = "Please add two greeting files.";
export const BRANCH = "ralph/1-add-greeting-files";
export const SPEC_ID = "issue-1-add-greeting-files";

/**
 * The agent runs (`phase:story`, "-" for none) of the greeting issue's two stories passing at
 * once: the plan, each story implemented and verified, then the regression gate (every story once
 * more on the final tree before done).
 */
export const BOTH_PASS_RUNS = [
  "plan:-",
  "implement:US-1",
  "verify:US-1",
  "implement:US-2",
  "verify:US-2",
  "verify:US-1,US-2",
];

/**
 * An issue the maintainer opened, with its own title, body and number: `seed` stores it on the
 * fake (the maintainer has write access), `commentEvent` stores a comment as GitHub would and
 * returns its webhook payload, `comment` delivers that comment to the built action with a
 * scripted agent.
 */
export function maintainerIssue(title = TITLE, body = BODY, number = ISSUE) {
  const commentEvent = (world: World, text: string): Record<string, unknown> => {
    const comment = world.fake.addComment(number, text, user(MAINTAINER));
    return issueCommentCreated({
      issue: { number, title, body, author: MAINTAINER },
      comment: { id: comment.id, body: text, user: { login: MAINTAINER } },
    });
  };
  return {
    seed(world: World): void {
      world.fake.addIssue({ number, title, body, user: user(MAINTAINER) });
      world.fake.grant(MAINTAINER, "write");
    },
    commentEvent,
    comment(world: World, agentCommand: string, text: string): Promise<ActionRun> {
      return runAction(world, {
        eventName: "issue_comment",
        payload: commentEvent(world, text),
        inputs: { "agent-command": agentCommand },
      });
    },
  };
}

const greetingIssue = maintainerIssue();
export const seedIssue = greetingIssue.seed;
/** A comment by the maintainer, stored on the fake (as GitHub would) and as its webhook payload. */
export const commentEvent = greetingIssue.commentEvent;

/** The built action run for the maintainer's comment `text` on the greeting issue. */
export function commentRun(
  world: World,
  text: string,
  env?: Record<string, string>,
): Promise<ActionRun> {
  return runAction(world, {
    eventName: "issue_comment",
    payload: commentEvent(world, text),
    ...(env === undefined ? {} : { env }),
  });
}

/** The workflow_dispatch payload App mode sends: inputs {issue, phase}. */
export function dispatchEvent(issue: number, phase: string): Record<string, unknown> {
  const payload = webhookExample("workflow_dispatch");
  payload.inputs = { issue: String(issue), phase };
  return payload;
}

export async function planThroughAction(world: World): Promise<ActionRun> {
  const run = await runAction(world, {
    eventName: "issue_comment",
    payload: commentEvent(world, "/ralph plan"),
  });
  if (run.code !== 0 || run.outputs.phase !== "awaiting_approval") {
    throw new Error(`planning failed: ${run.stdout}\n${run.stderr}`);
  }
  return run;
}

/**
 * Makes a commit on Ralph's branch in the remote, as a runner that pushed and then died would
 * have left it. Returns the commit sha.
 */
export function pushToBranch(world: World, files: Record<string, string>, message: string): string {
  const dir = mkdtempSync(join(world.base, "killed-runner-"));
  const env = { PATH: process.env.PATH ?? "", HOME: world.home, GIT_CONFIG_NOSYSTEM: "1" };
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: dir, env, encoding: "utf8" }).trim();
  git("clone", "--quiet", "--branch", BRANCH, `file://${world.remote}`, ".");
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  git("add", "--all");
  git(
    "-c",
    "user.name=ralph-app[bot]",
    "-c",
    "user.email=777+ralph-app[bot]@users.noreply.github.com",
    "commit",
    "--quiet",
    "-m",
    message,
  );
  git("push", "--quiet", "origin", BRANCH);
  return git("rev-parse", "HEAD");
}

export interface SpecPrSpec {
  number: number;
  title: string;
  body?: string;
  /** Who opened it; `headRepo` is `<author>/<repo>` for a fork, else this repository. */
  author: string;
  head: { ref: string; sha: string; repo?: string };
  draft?: boolean;
  /** The spec files it adds, in the order GitHub lists them. */
  specs: string[];
}

/** A spec pull request on the fake: its issue, the pull and the files it changes. */
export function addSpecPr(world: World, pr: SpecPrSpec): void {
  const body = pr.body ?? "";
  world.fake.addIssue({
    number: pr.number,
    title: pr.title,
    body,
    user: user(pr.author),
    pull_request: {
      url: `https://api.github.com/repos/${OWNER}/${REPO}/pulls/${pr.number}`,
      html_url: `https://github.com/${OWNER}/${REPO}/pull/${pr.number}`,
    },
  });
  world.fake.addPull({
    number: pr.number,
    title: pr.title,
    body,
    ...(pr.draft === undefined ? {} : { draft: pr.draft }),
    head: {
      ref: pr.head.ref,
      sha: pr.head.sha,
      repo: { full_name: pr.head.repo ?? `${OWNER}/${REPO}` },
    },
    base: { ref: "main", repo: { full_name: `${OWNER}/${REPO}` } },
    user: user(pr.author),
  });
  world.fake.pullFiles.set(
    pr.number,
    pr.specs.map((filename) => ({ filename, status: "added" })),
  );
}
