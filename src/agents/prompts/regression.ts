import type { UserStory } from "../../core/prd.js";
import { escapeTableCell } from "../../core/table-cell.js";
import {
  bullets,
  DATA_RULE,
  finalizePrompt,
  inline,
  type PromptPaths,
  pathsSection,
  section,
  storyMarkdown,
  untrusted,
  untrustedCode,
} from "./shared.js";
import { type CheckSummary, checksSection } from "./verifier.js";

/**
 * The regression gate's prompt (DESIGN §4.4): before the done marker, read-only verifier runs
 * re-check every story's acceptance criteria on the final tree, one bounded batch of stories each
 * (core/regression-batches.ts), because a later story's
 * implementer may have deleted or reverted an earlier story's verified work. Same strict block as
 * a story's verdict, with the story id as the first column.
 */
export interface RegressionPromptInput {
  specId: string;
  goal: string;
  paths: PromptPaths;
  plan: string;
  stories: readonly UserStory[];
  /** The final tree's commit (HEAD of the branch). */
  commit: string;
  /** Where the spec's work started, for `git diff base..commit`. */
  baseCommit: string | null;
  diffSummary: string;
  previousVerdictProblem?: string | null;
  checks?: readonly CheckSummary[];
  /** This run re-checks one batch of the spec's stories: which, of how many. */
  batch?: { index: number; count: number; totalStories: number };
}

function batchNote(input: RegressionPromptInput): string[] {
  const b = input.batch;
  if (b === undefined || b.count < 2) return [];
  return [
    `This run re-checks batch ${b.index} of ${b.count}: the ${input.stories.length} stories below, of the spec's ${b.totalStories}. Other runs re-check the others; judge only these.`,
  ];
}

export function regressionTemplate(stories: readonly UserStory[]): string {
  return [
    "| story | criterion | result |",
    "|---|---|---|",
    ...stories.flatMap((s) =>
      s.acceptanceCriteria.map(
        (c, i) =>
          `| ${escapeTableCell(inline(s.id, 80))} | AC${i + 1}: ${escapeTableCell(inline(c, 300))} | <pass or fail> |`,
      ),
    ),
    "RALPH_VERDICT: <PASS or FAIL>",
  ].join("\n");
}

export function buildRegressionPrompt(input: RegressionPromptInput): string {
  const commit = inline(input.commit, 80);
  const range = input.baseCommit ? `${inline(input.baseCommit, 80)}..${commit}` : commit;
  return finalizePrompt([
    `You are the verifying agent of Ralph, a planning-first coding agent. Every story of spec ${inline(input.specId)} was implemented and verified one at a time. Before Ralph marks the spec done, check, skeptically and with evidence, that EVERY acceptance criterion of EVERY story still holds on the final tree at commit ${commit}: a later story may have deleted, reverted or broken an earlier story's work.`,
    pathsSection(input.paths, ["workspace", "ralphHome", "specFile", "planFile", "prdFile"]),
    section(
      "Rules",
      bullets([
        "READ-ONLY: do not modify, create or delete files, and do not commit. Ralph checks `git status` after this run and reverts any change.",
        `Check the working tree as it is now (it is commit ${commit}); \`git diff ${range}\` shows the spec's whole change.`,
        "Run the project's checks: the commands named in the acceptance criteria and in the plan's verification strategy, plus the project's usual test, typecheck and lint commands when they exist.",
        "A criterion holds only with evidence on this tree (a command output, a test, the code). Missing evidence is a fail. Earlier verdicts do not count: check again.",
        DATA_RULE,
      ]),
    ),
    section(
      "Stories to re-check",
      ...batchNote(input),
      ...input.stories.map((s) => untrusted(`STORY ${inline(s.id, 80)}`, storyMarkdown(s))),
    ),
    section("The spec's whole change", untrustedCode("DIFF", input.diffSummary)),
    checksSection(input.checks),
    input.previousVerdictProblem
      ? section(
          "Your previous verdict was not accepted",
          "Ralph did not accept the verdict of your previous run, for this reason (fix the format, and check again):",
          untrusted("RALPH REJECTION", input.previousVerdictProblem),
        )
      : null,
    section("Goal of the spec", untrusted("GOAL", input.goal)),
    section("Plan", untrusted("PLAN", input.plan)),
    section(
      "Final message format (strict)",
      [
        "First explain what you checked and found: for every criterion that no longer holds, what is wrong and what exactly to fix. The implementer gets this text as feedback.",
        "Then end the message with the verdict block, with nothing after it and NOT inside a code fence or a quote:",
        bullets([
          "a markdown table with one row per acceptance criterion of every story: the story id, the criterion (its text, every | in it written as \\|, or its number as AC1, AC2, ...), then the single word pass or fail;",
          "then the verdict line, on its own line: the marker RALPH_VERDICT, a colon, a space, then the single word PASS (every criterion of every story holds) or FAIL (anything else). A FAIL must mark the failing criteria fail in the table: only those stories go back to work.",
        ]),
        "Template (replace everything in angle brackets; no angle brackets in your answer):",
        regressionTemplate(input.stories),
        "Anything Ralph cannot parse counts as not verified.",
      ].join("\n"),
    ),
    `Now re-check every story of spec ${inline(input.specId)} at commit ${commit}.`,
  ]);
}
