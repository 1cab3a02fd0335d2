import { neutralizeCommandLines } from "../commands.js";
import { agentMarkdown } from "../sanitize.js";

/** Marker of a questions comment; `round` is the planning round that asked them. */
export const QUESTIONS_MARKER_PATTERN = /<!-- ralph:questions round=(\d+) -->/;

export function findQuestionsRound(body: string): number | null {
  const m = QUESTIONS_MARKER_PATTERN.exec(body);
  return m ? Number(m[1]) : null;
}

/** Continuation lines of a list item are indented to sit under its text. */
function listItem(index: number, text: string): string {
  const marker = `${index}. `;
  const pad = " ".repeat(marker.length);
  const [first = "", ...rest] = agentMarkdown(text, 4_000).split("\n");
  return [marker + first, ...rest.map((l) => (l === "" ? "" : pad + l))].join("\n");
}

/** The planner's clarifying questions as one numbered comment (DESIGN §2.1 step 3). */
export function renderQuestionsComment(
  questions: string[],
  round: number,
  maxRounds: number,
): string {
  const lines = [
    `<!-- ralph:questions round=${round} -->`,
    `## Ralph has ${questions.length === 1 ? "a question" : "questions"} (round ${round} of ${maxRounds})`,
    "",
    ...questions.map((q, i) => listItem(i + 1, q)),
    "",
    "**How to answer:** reply in a new comment; one comment can answer everything (numbering your answers like the questions helps). Only answers from people with write access are used.",
    "",
    "Comment `/ralph skip` to let Ralph use its best judgment instead.",
  ];
  return `${neutralizeCommandLines(lines.join("\n"))}\n`;
}
