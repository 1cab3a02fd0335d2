import type { FeedbackFile } from "../../core/followup.js";
import type { UserStory } from "../../core/prd.js";
import { escapeTableCell } from "../../core/table-cell.js";
import { storyFeedbackSections } from "./amend.js";
import * as md from "./shared.js";

/**
 * Verifier prompt (DESIGN §4.4, seed 000 "Plan evaluation"): read-only, separate run; sees the
 * plan, the story, its acceptance criteria and the diff; runs the project's checks; ends with the
 * verdict block. The block is described with placeholders and in prose only, so no line of this
 * prompt parses as a verdict or an invalidation (src/core/verdict.ts patterns).
 */
export interface VerifierPromptInput {
  specId: string;
  goal: string;
  paths: md.PromptPaths;
  plan: string;
  story: UserStory;
  /** The commit under verification (the implementer's candidate). */
  commit: string;
  /** The commit the story started from, for `git diff base..commit`. */
  baseCommit?: string | null;
  /** Diff (or stat + diff excerpt) of the candidate; the agent can run git for the rest. */
  diffSummary: string;
  attempt: number;
  /** Why Ralph did not accept this verifier's previous verdict (fed back so it can fix it). */
  previousVerdictProblem?: string | null;
  /** The configured `verify.checks` Ralph itself ran on this commit, all passing. */
  checks?: readonly CheckSummary[];
  /** The follow-up round's feedback, when the story is a follow-up story (FU-n). */
  followUp?: FeedbackFile | null;
}

/** One objective check Ralph ran (DESIGN §4.4), as the verifier sees it. */
export interface CheckSummary {
  command: string;
  ok: boolean;
  exitCode: number | null;
  timedOut: boolean;
  /** The tail of its output. */
  output: string;
}

/**
 * The table the verdict block must hold: one row per acceptance criterion, numbered so that a
 * row naming `AC2` counts too. Placeholders only in the result cells, so an echoed template
 * names no criterion as passing and no line of it parses as a verdict.
 */
export function verdictTemplate(criteria: readonly string[]): string {
  return [
    "| criterion | result |",
    "|---|---|",
    ...criteria.map(
      (c, i) => `| AC${i + 1}: ${escapeTableCell(md.inline(c, 300))} | <pass or fail> |`,
    ),
    "RALPH_VERDICT: <PASS or FAIL>",
  ].join("\n");
}

/** What Ralph's own checks did, for the verifier's prompt (shown as data: it is command output). */
export function checksSection(checks: readonly CheckSummary[] | undefined): string | null {
  if (checks === undefined || checks.length === 0) return null;
  return md.section(
    "Checks Ralph ran (verify.checks)",
    "Ralph itself ran the project's configured checks on this commit in the workspace; their results are facts, not claims:",
    checks
      .map(
        (c) =>
          `- \`${md.inline(c.command, 300)}\`: ${c.ok ? "passed" : c.timedOut ? "timed out" : `failed (exit ${c.exitCode ?? "none"})`}\n\n${md.untrustedCode("CHECK OUTPUT", c.output === "" ? "(no output)" : c.output)}`,
      )
      .join("\n\n"),
  );
}

/** The verifier's own rejected verdict, so that its next run can fix the format. */
export function rejectionSection(problem: string | null | undefined): string | null {
  if (!problem) return null;
  return md.section(
    "Your previous verdict was not accepted",
    "Ralph did not accept the verdict of your previous run, for this reason (fix the format, and check again):",
    md.untrusted("RALPH REJECTION", problem),
  );
}

export function buildVerifierPrompt(input: VerifierPromptInput): string {
  const storyId = md.inline(input.story.id);
  const commit = md.inline(input.commit, 80);
  const range = input.baseCommit
    ? `${md.inline(input.baseCommit, 80)}..${commit}`
    : `${commit}^..${commit}`;
  return md.finalizePrompt([
    `You are Ralph's verifying agent. An implementing agent worked on story ${storyId} of spec ${md.inline(input.specId)} (attempt ${input.attempt}) and produced commit ${commit}. Decide, skeptically and with evidence, whether it meets every acceptance criterion: check the implementer's claims, do not trust them.`,
    md.pathsSection(input.paths, ["workspace", "specFile", "planFile"]),
    md.section(
      "Rules",
      md.bullets([
        "READ-ONLY: change no file and do not commit; Ralph reverts any change (`git status`).",
        `Inspect the change yourself (for example \`git diff ${range}\` and \`git show ${commit}\`), and read the code around it.`,
        "Run the commands the criteria and the plan's verification strategy name, plus the project's usual test, typecheck and lint commands.",
        "A criterion passes only with evidence (a command output, a test, the code). Missing evidence is a fail.",
        md.DATA_RULE,
      ]),
    ),
    md.section(
      `Story under verification: ${storyId}`,
      md.untrusted("STORY", md.storyMarkdown(input.story)),
    ),
    ...storyFeedbackSections(input.followUp, input.story.id),
    md.section("Change under verification", md.untrustedCode("DIFF", input.diffSummary)),
    checksSection(input.checks),
    rejectionSection(input.previousVerdictProblem),
    md.section("Goal of the spec", md.untrusted("GOAL", input.goal)),
    md.section(
      "Plan evaluation",
      "The plan below guided the implementer. If the implementation failed because the plan is fundamentally flawed (wrong approach, wrong files, wrong assumptions about the code), add a plan invalidation line to the verdict. Only invalidate the plan when its approach itself is wrong, NOT for bugs or missed details: those are an ordinary fail with feedback.",
      md.untrusted("PLAN", input.plan),
    ),
    md.section(
      "Final message format (strict)",
      [
        "First explain what you checked and found: for every failed criterion, what is wrong and exactly what to fix (the implementer gets this as feedback). Then end with the verdict block, nothing after it and NOT in a code fence or quote (there it does not count): a table with one row per acceptance criterion (its text, every | in it written as \\|, or AC1, AC2, ...) and pass or fail; a PASS counts only when the table names EVERY criterion, each pass. Then the verdict line: PASS only if every criterion passes and the checks succeed, else FAIL. Only for a FAIL caused by a flawed plan, one more line right after it: the marker PLAN_INVALIDATION followed by a colon, a space and a one-line reason.",
        "Template (replace everything in angle brackets):",
        verdictTemplate(input.story.acceptanceCriteria),
        "Anything Ralph cannot parse counts as FAIL.",
      ].join("\n"),
    ),
    `Now verify story ${storyId} at commit ${commit}.`,
  ]);
}
