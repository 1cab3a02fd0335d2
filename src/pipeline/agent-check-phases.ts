import { parseCriticFeedback } from "../agents/prompts/critic.js";
import type { AgentRole } from "../agents/types.js";
import { lastEntryDate } from "../core/codebase-map.js";
import type { AgentResult } from "../core/events.js";
import { homePaths } from "../core/plan-meta.js";
import {
  CANNED_GOAL,
  CANNED_PLAN,
  CANNED_PRD,
  CANNED_QUESTION,
  CANNED_THREAD,
  type Scene,
  type SceneContext,
} from "./agent-check-scene.js";
import { runAmendStep } from "./amend-step.js";
import { runArchitect, runCritic } from "./consensus-step.js";
import { runImplementStep } from "./implement-step.js";
import { isStillInvalid, runPlanStep } from "./plan-step.js";
import { runRegressionStep } from "./regression-step.js";
import { runResearchStep } from "./research-step.js";
import { readText } from "./spec-files.js";
import { runUnderstandStep } from "./understand-step.js";
import { runVerifyStep } from "./verify-step.js";

/** What Ralph made of one phase's run: accepted or not, and why, in words for one line. */
export interface PhaseOutcome {
  ok: boolean;
  detail: string;
}

/**
 * One phase of the `command` agent protocol as `ralph check-agent` tries it: the agent runs once,
 * through the pipeline's own step (its prompt, environment, read-only guard and parser), in a
 * canned repository set up as far as `scene`.
 */
export interface PhaseCheck {
  /** The `RALPH_PHASE` the agent runs with. */
  role: AgentRole;
  scene: Scene;
  run(scene: SceneContext): Promise<PhaseOutcome>;
}

type Failure = Extract<
  AgentResult,
  { kind: "invalid_output" | "timeout" | "usage_limit" | "crash" }
>;

const ok = (detail: string): PhaseOutcome => ({ ok: true, detail });
const rejected = (detail: string): PhaseOutcome => ({ ok: false, detail });

/** A failed run, as the step reported it. */
function failed(result: Failure | { kind: string }): PhaseOutcome {
  switch (result.kind) {
    case "invalid_output":
      return rejected((result as Extract<Failure, { kind: "invalid_output" }>).errors.join("; "));
    case "timeout":
      return rejected("the run did not finish within the phase timeout; Ralph killed it");
    case "usage_limit":
      return rejected(
        "the failed run's output reads as a usage limit: Ralph would wait for the reset and run it again",
      );
    case "crash":
      return rejected((result as Extract<Failure, { kind: "crash" }>).message);
    default:
      return rejected(`unexpected result: ${result.kind}`);
  }
}

const plural = (n: number, word: string) =>
  `${n} ${n === 1 ? word : word.endsWith("y") ? `${word.slice(0, -1)}ies` : `${word}s`}`;

/** The amend step's summary line over its errors, which `check-agent` leaves out. */
const STILL_INVALID = /^the amend envelope was still invalid after \d+ runs?$/;

/** An implement run that changed nothing: Ralph counts it as no progress. */
export const NO_PROGRESS = "the run changed no file: Ralph counts it as no progress";

/**
 * Why the codebase map an understand run left is not what Ralph reads as fresh, or null: Ralph's
 * staleness check reads its `## YYYY-MM-DD - <topic>` headings.
 */
export function mapProblem(map: string | null, path: string, today: string): string | null {
  if (map === null) return `the run did not write the codebase map ${path}`;
  if (lastEntryDate(map) === today) return null;
  return `the codebase map has no entry dated today ("## ${today} - <topic>"): Ralph would still find it stale`;
}

/**
 * Every phase `ralph check-agent` tries, in the order a run meets them. A new phase of the
 * protocol is one more entry.
 */
export const PHASE_CHECKS = {
  plan: {
    role: "plan",
    scene: "spec",
    async run({ ctx }) {
      const result = await runPlanStep(ctx, {
        allowQuestions: false,
        maxRetries: 0,
        persist: false,
      });
      if (result.kind === "invalid_output") {
        return rejected(result.errors.filter((e) => !isStillInvalid(e)).join("; "));
      }
      if (result.kind !== "prd") return failed(result);
      const ids = result.prd.userStories.map((s) => s.id).join(", ");
      return ok(
        `a PRD with ${plural(result.prd.userStories.length, "story")} (${ids}); the plan file written`,
      );
    },
  },
  research: {
    role: "research",
    scene: "spec",
    async run({ ctx }) {
      const result = await runResearchStep(ctx);
      if (result.kind !== "decisions") return failed(result);
      const f = result.findings;
      const findings = f
        ? f.specs.length + f.best_practices.length + f.pitfalls.length + f.references.length
        : 0;
      const critical = result.decisions.filter((d) => d.critical).length;
      return ok(
        `${plural(findings, "finding")}, ${plural(result.decisions.length, "decision")} (${critical} critical)`,
      );
    },
  },
  architect: {
    role: "architect",
    scene: "plan",
    async run({ ctx }) {
      const review = { goal: CANNED_GOAL, planText: CANNED_PLAN };
      const run = await runArchitect(ctx, review, [CANNED_QUESTION], "architect");
      if (!run.ok) return failed(run.result);
      const answer = run.output.trim();
      if (answer === "") return ok("an empty answer: the critic and the planner get no guidance");
      const blocks = answer.split(/^\s*ARCHITECT_ANSWER:\s*$/m).length - 1;
      return ok(`${plural(blocks, "ARCHITECT_ANSWER block")}, passed on as written`);
    },
  },
  critic: {
    role: "critic",
    scene: "plan",
    async run({ ctx }) {
      const review = { goal: CANNED_GOAL, planText: CANNED_PLAN, prd: CANNED_PRD };
      const run = await runCritic(ctx, review, { round: 1 }, null, "critic");
      if (!run.ok) return failed(run.result);
      const feedback = parseCriticFeedback(run.output);
      if (feedback.problem !== null) return rejected(feedback.problem);
      const issues = feedback.criticalIssues.length;
      return ok(
        feedback.verdict === "OKAY"
          ? "verdict OKAY"
          : `verdict REJECT with ${plural(issues, "critical issue")}`,
      );
    },
  },
  understand: {
    role: "understand",
    scene: "spec",
    async run({ ctx }) {
      const today = ctx.clock.now().toISOString().slice(0, 10);
      const { result } = await runUnderstandStep(ctx, { maxTopics: 1, today });
      if (result.kind !== "understood") return failed(result);
      const path = homePaths(ctx.config.ralph_home).codebaseMap;
      const problem = mapProblem(await readText(ctx, path), path, today);
      return problem === null
        ? ok(`the codebase map has an entry dated ${today}`)
        : rejected(problem);
    },
  },
  implement: {
    role: "implement",
    scene: "plan",
    async run({ ctx }) {
      const story = CANNED_PRD.userStories[0]!;
      const result = await runImplementStep(ctx, { story, attempt: 1 });
      const reverted = result.revertedRalphFiles ?? [];
      if (reverted.length > 0) {
        return rejected(
          `the run changed Ralph's own files, which Ralph reverted: ${reverted.join(", ")}`,
        );
      }
      if (result.kind === "no_progress") return rejected(NO_PROGRESS);
      if (result.kind !== "implemented") return failed(result);
      const candidates = `${homePaths(ctx.config.ralph_home).candidatesDir}/`;
      const files = (await ctx.git.changedPathsSince(await ctx.git.parentOf(result.commit))).filter(
        (p) => !p.startsWith(candidates),
      );
      return ok(`Ralph committed ${result.commit.slice(0, 7)} with ${files.join(", ")}`);
    },
  },
  verify: {
    role: "verify",
    scene: "story",
    async run({ ctx, commits }) {
      const { story, sha } = commits[0]!;
      const result = await runVerifyStep(ctx, { story, commit: sha, attempt: 1 });
      if (result.kind !== "verdict") return failed(result);
      if (result.violations && result.violations.length > 0) {
        return rejected(`the verifier changed files (reverted): ${result.violations.join(", ")}`);
      }
      if (result.problem) return rejected(result.problem);
      const invalidation = result.invalidation ? `, PLAN_INVALIDATION: ${result.invalidation}` : "";
      return ok(
        `${result.verdict}, ${plural(result.criteria.length, "criterion row")} read${invalidation}`,
      );
    },
  },
  regression: {
    role: "verify",
    scene: "stories",
    async run({ ctx, commits }) {
      const stories = CANNED_PRD.userStories;
      const result = await runRegressionStep(ctx, { stories, firstCommit: commits[0]!.sha });
      if (result.kind !== "regression") return failed(result);
      if (result.problem !== null) return rejected(result.problem);
      const regressed = result.regressed.map((r) => r.storyId);
      return ok(
        regressed.length === 0
          ? `every story holds (${stories.map((s) => s.id).join(", ")})`
          : `stories that no longer hold: ${regressed.join(", ")}`,
      );
    },
  },
  amend: {
    role: "amend",
    scene: "stories",
    async run({ ctx }) {
      const result = await runAmendStep(ctx, {
        round: 1,
        source: "review",
        by: CANNED_THREAD.author,
        feedback: { text: [], threads: [{ ...CANNED_THREAD }], ciFailures: [], conflicts: [] },
        known: CANNED_PRD.userStories.map((s) => s.id),
        maxRetries: 0,
      });
      if (result.kind === "invalid_output") {
        // Without the retry count: the run was tried once on purpose.
        return rejected(result.errors.filter((e) => !STILL_INVALID.test(e)).join("; "));
      }
      if (result.kind !== "amended") return failed(result);
      const added = result.stories.map((s) => s.id).join(", ");
      return ok(`${added} appended to the PRD, answering thread ${CANNED_THREAD.id}`);
    },
  },
} satisfies Record<string, PhaseCheck>;

export type CheckPhaseName = keyof typeof PHASE_CHECKS;

export const CHECK_PHASE_NAMES = Object.keys(PHASE_CHECKS) as CheckPhaseName[];

export function isCheckPhase(name: string): name is CheckPhaseName {
  return Object.hasOwn(PHASE_CHECKS, name);
}
