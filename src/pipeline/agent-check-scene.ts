import { join } from "node:path";
import type { Agent, Clock } from "../agents/types.js";
import type { RalphConfig } from "../core/config.js";
import { activatePlanInfo } from "../core/plan-meta.js";
import type { Prd, UserStory } from "../core/prd.js";
import { initScratchRepository } from "../git/scratch-repo.js";
import { type PipelineContext, pathsOf, specRef } from "./context.js";
import { writePlanMeta, writePrd, writeText } from "./spec-files.js";

/**
 * The canned repository `ralph check-agent` runs an agent in: a tiny project with one spec, and
 * as far as a phase needs it, the plan and PRD Ralph would have, and the story commits a verifier
 * judges. Everything is written as Ralph writes it (the pipeline's own file helpers), so the
 * agent finds what it would find in a real run.
 */

export const CHECK_BRANCH = "ralph/check-agent";
const BOT = { name: "Ralph", email: "ralph@localhost" };

export const CANNED_GOAL =
  "# Greet the user\n\nAdd `hello.txt`, which says hello, and `bye.txt`, which says goodbye, at the repository root.\n";

export const CANNED_PLAN = [
  "# Plan: greeting",
  "",
  "## Analysis",
  "- Key files: `hello.txt` (new), `bye.txt` (new)",
  "- Approach: write two text files at the repository root",
  "- Risks/trade-offs: none",
  "",
  "## Steps",
  "1. Create `hello.txt` (new) with the word hello.",
  "2. Create `bye.txt` (new) with the word goodbye.",
  "",
  "## Verification strategy",
  "- `grep hello hello.txt` and `grep goodbye bye.txt` succeed",
  "",
].join("\n");

export const CANNED_PRD: Prd = {
  branchName: CHECK_BRANCH,
  userStories: [
    {
      id: "US-1",
      title: "Say hello",
      acceptanceCriteria: ["`hello.txt` exists", "`hello.txt` says hello"],
      priority: 1,
      passes: false,
      notes: "",
    },
    {
      id: "US-2",
      title: "Say goodbye",
      acceptanceCriteria: ["`bye.txt` exists"],
      priority: 2,
      passes: false,
      notes: "",
    },
  ],
};

/** What the architect is asked (the seed-004 ARCHITECT_QUESTION fields). */
export const CANNED_QUESTION = [
  "Topic: Pattern",
  "Context: two greeting files at the repository root",
  "Files to examine: README.md",
  "Specific Question: should the greetings stay at the root or move to a folder?",
].join("\n");

/** The review thread of the canned follow-up round (`amend`): one inline comment on US-1's file. */
export const CANNED_THREAD = {
  id: 1001,
  path: "hello.txt",
  line: 1,
  author: "octocat",
  text: "Say hello to the whole world.",
  url: null,
} as const;

/** The work of each canned story, as its commit holds it. */
const STORY_FILES: Record<string, Record<string, string>> = {
  "US-1": { "hello.txt": "hello\n" },
  "US-2": { "bye.txt": "goodbye\n" },
};

/**
 * How far the canned run has got: `spec` (only the spec), `plan` (plan, PRD and plan meta
 * committed), `story` (and US-1's commit), `stories` (and US-2's).
 */
export type Scene = "spec" | "plan" | "story" | "stories";

export interface SceneContext {
  ctx: PipelineContext;
  /** The story commits made, in order. */
  commits: { story: UserStory; sha: string }[];
}

export interface SceneOptions {
  dir: string;
  config: RalphConfig;
  agent: Agent;
  clock: Clock;
  /** Applied to the run logs (secret masking), as in a real run. */
  redact?: (text: string) => string;
}

/** The canned repository in `<dir>/repo` (run logs in `<dir>/runs`), set up as far as `scene`. */
export async function buildScene(scene: Scene, options: SceneOptions): Promise<SceneContext> {
  const workspace = join(options.dir, "repo");
  const git = await initScratchRepository(workspace, CHECK_BRANCH, {
    branchPrefix: options.config.branch_prefix,
  });
  const ctx: PipelineContext = {
    workspace,
    config: options.config,
    agent: options.agent,
    git,
    clock: options.clock,
    logRoot: join(options.dir, "runs"),
    spec: specRef(options.config.ralph_home, "greeting.md"),
    botIdentity: BOT,
    coAuthors: [],
    ...(options.redact ? { redact: options.redact } : {}),
  };
  const commit = (message: string) => git.commitAll(message, { author: BOT });
  await writeText(ctx, "README.md", "# Greeter\n\nA tiny project to try an agent on.\n");
  await writeText(ctx, ctx.spec.file, CANNED_GOAL);
  await commit("the project and its spec");
  const commits: SceneContext["commits"] = [];
  if (scene === "spec") return { ctx, commits };

  await writeText(ctx, pathsOf(ctx).plan, CANNED_PLAN);
  await writePrd(ctx, CANNED_PRD);
  const now = options.clock.now().toISOString();
  await writePlanMeta(ctx, activatePlanInfo(null, ctx.spec.rel, ctx.spec.id, now));
  await commit(`ralph(${ctx.spec.id}): plan attempt 1`);
  const storyCount = { plan: 0, story: 1, stories: 2 }[scene];
  for (const story of CANNED_PRD.userStories.slice(0, storyCount)) {
    for (const [path, content] of Object.entries(STORY_FILES[story.id] ?? {})) {
      await writeText(ctx, path, content);
    }
    const sha = await commit(`ralph(${ctx.spec.id}): ${story.id} ${story.title}`);
    if (sha !== null) commits.push({ story, sha });
  }
  return { ctx, commits };
}
