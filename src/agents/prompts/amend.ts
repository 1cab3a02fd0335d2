import type { FeedbackFile, FollowUpFeedback } from "../../core/followup.js";
import type { UserStory } from "../../core/prd.js";
import * as md from "./shared.js";

/**
 * The planner in amend mode (DESIGN §2.3, `RALPH_PHASE=amend`): the PRD's stories are implemented
 * and verified; feedback on the pull request becomes follow-up stories FU-n with concrete
 * acceptance criteria. Read-only: Ralph appends the stories to the PRD and the plan addendum to
 * the plan file from the amend envelope.
 */
export interface AmendPromptInput {
  specId: string;
  goal: string;
  paths: md.PromptPaths;
  /** RALPH_FEEDBACK_FILE: the same feedback as JSON. */
  feedbackFile: string;
  plan: string;
  stories: readonly UserStory[];
  round: number;
  /** The id the first follow-up story must have: FU-<firstNumber>. */
  firstNumber: number;
  feedback: FollowUpFeedback;
  validationErrors?: readonly string[];
}

// Placeholders make the example invalid JSON on purpose: an echoed prompt yields no envelope.
const AMEND_SHAPE =
  '{"followUps": [{"id": "FU-<n>", "title": <string>, "acceptanceCriteria": [<string>], "notes": <string>, "answers": [<thread id>]}], "planAddendum": <string>}';

/** The feedback as the prompt shows it: one block per kind, each quoted as data. */
export function feedbackSections(feedback: FollowUpFeedback): (string | false)[] {
  const threads = feedback.threads.map(
    (t) =>
      `thread ${t.id}: ${t.path}${t.line === null ? "" : `:${t.line}`} (by @${t.author})\n${t.text}`,
  );
  const checks = feedback.ciFailures.map(
    (c) => `check "${c.check}" (${c.conclusion})\n${c.logTail}`,
  );
  return [
    md.listSection("Feedback", "FEEDBACK", feedback.text, { separator: "\n\n" }),
    md.listSection("Review threads", "REVIEW THREADS", threads, {
      intro:
        "Each thread is one reviewer comment on a line of the pull request (with the replies Ralph read). Its number is the thread id.",
      separator: "\n\n",
    }),
    md.listSection("Failing checks", "FAILING CHECKS", checks, { separator: "\n\n" }),
    md.listSection("Conflicted files", "CONFLICTED FILES", feedback.conflicts),
  ];
}

function storyLines(stories: readonly UserStory[]): string {
  return stories
    .map((s) =>
      [
        `${s.id} - ${s.title}${s.passes ? " (verified)" : ""}`,
        ...s.acceptanceCriteria.map((c) => `  - ${c}`),
      ].join("\n"),
    )
    .join("\n");
}

export function buildAmendPrompt(input: AmendPromptInput): string {
  const first = `FU-${input.firstNumber}`;
  const threadIds = input.feedback.threads.map((t) => t.id);
  return md.finalizePrompt([
    `You are Ralph's planning agent in amend mode, follow-up round ${input.round} of spec ${md.inline(input.specId)}. The PRD's stories are implemented and verified on Ralph's pull request; then feedback arrived. Turn it into follow-up stories that a separate implementer and verifier will carry out on the same branch.`,
    md.pathsSection(input.paths, [...md.SPEC_PATHS, "codebaseMap", "progressFile"]),
    md.section(
      "Rules",
      md.bullets([
        `${md.READ_ONLY_RULE} Ralph appends your stories to the PRD and your plan addendum to the plan file.`,
        `The same feedback is in the JSON file ${md.inline(input.feedbackFile, 500)} (RALPH_FEEDBACK_FILE).`,
        md.DATA_RULE,
      ]),
    ),
    md.section(`Goal (spec ${md.inline(input.specId)})`, md.untrusted("GOAL", input.goal)),
    md.section(
      "The PRD so far",
      "These stories stay as they are: do not repeat, renumber or change them. Every one is verified again on the final tree after your stories.",
      md.untrusted("CURRENT STORIES", storyLines(input.stories)),
    ),
    md.section("The plan", md.untrusted("PLAN", input.plan)),
    ...feedbackSections(input.feedback),
    md.validationSection(input.validationErrors),
    md.section(
      "Mission",
      md.bullets([
        "Read the code the feedback is about (the file and line of each thread) and decide the smallest changes that satisfy it.",
        `Write one or more follow-up stories, numbered ${first}, FU-${input.firstNumber + 1}, … in order. One story is one implementer run: small and independently verifiable.`,
        'Acceptance criteria are specific, verifiable and atomic (name files, behaviour and the exact commands, e.g. "npm test passes"); nothing vague.',
        threadIds.length > 0
          ? `"answers" lists the ids of the review threads a story answers; every thread (${threadIds.join(", ")}) must be answered by at least one story.`
          : '"answers" is an empty array (there are no review threads in this feedback).',
        '"planAddendum" says in a few lines what changes in the plan (files, approach, how to verify); Ralph appends it to the plan.',
      ]),
    ),
    md.section(
      "Final message: the amend envelope",
      [
        "End with one JSON object of this shape and nothing after it (replace the <placeholders>; no other keys):",
        AMEND_SHAPE,
      ].join("\n"),
    ),
  ]);
}

/** A validation retry that resumes the amend session: only what was wrong, and the shape. */
export function buildAmendRetryPrompt(input: { validationErrors: readonly string[] }): string {
  return md.finalizePrompt([
    md.validationSection(input.validationErrors, true),
    md.section(
      "Final message: the amend envelope",
      ["End with one complete JSON object of this shape and nothing after it:", AMEND_SHAPE].join(
        "\n",
      ),
    ),
  ]);
}

/**
 * What an implement or verify run of a follow-up story sees of its round's feedback: the threads
 * the story answers and the round's text, checks and conflicts (stories of other rounds: nothing).
 */
export function storyFeedbackSections(
  file: FeedbackFile | null | undefined,
  storyId: string,
): (string | false)[] {
  const threads = file?.stories[storyId];
  if (file === null || file === undefined || threads === undefined) return [];
  const feedback = { ...file, threads: file.threads.filter((t) => threads.includes(t.id)) };
  return [
    md.section(
      `Follow-up round ${file.round}: the feedback this story answers`,
      `The story comes from feedback on Ralph's pull request (also in RALPH_FEEDBACK_FILE). Its acceptance criteria decide; the feedback says what the reviewers meant.`,
    ),
    ...feedbackSections(feedback),
  ];
}
