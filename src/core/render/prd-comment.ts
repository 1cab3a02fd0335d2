import { neutralizeCommandLines } from "../commands.js";
import { counted } from "../counted.js";
import { type Prd, storiesInOrder } from "../prd.js";
import { agentInline, agentMarkdown, agentTableCell, normalizeNewlines } from "../sanitize.js";

/**
 * The PRD comment (DESIGN §2.1 step 4, §3.3). Its hidden marker names the revision an approval
 * (👍 on this comment, `/approve`) binds to. Everything from the PRD and plan is agent output and
 * is made inert: no commands, no forged markers, no open fences.
 */

export const PRD_MARKER_PATTERN = /<!-- ralph:prd revision=([0-9a-f]{64}) -->/;

export function prdMarker(revision: string): string {
  return `<!-- ralph:prd revision=${revision} -->`;
}

/** The revision in a PRD comment's marker, or null. Trust it only on a Ralph-authored comment. */
export function findPrdRevision(body: string): string | null {
  return PRD_MARKER_PATTERN.exec(body)?.[1] ?? null;
}

export interface PrdCommentInput {
  prd: Prd;
  planText: string;
  /** prdRevision(prd, planText): sha256 hex. */
  revision: string;
  revisionNumber: number;
  /** Critic concerns left when consensus was forced (DESIGN §4.3): never silent. */
  concerns: string[];
  approvalsRequired: number;
  specId?: string;
  /** Seed 003: understand recommended (map missing or stale, planner unsure). */
  understand?: { reasons: string[]; iterations: number } | null;
  /** Web links to the plan and PRD files on the branch: where text cut here is whole. */
  links?: { plan: string; prd: string };
  /** The PRD of a follow-up round (DESIGN §2.3): what it added, and whether it needs approval. */
  amendment?: PrdAmendment | null;
}

export interface PrdAmendment {
  round: number;
  /** review | fix | ci | conflict */
  source: string;
  /** Who asked; null for a round Ralph formed itself. */
  by: string | null;
  /** No approval needed (`gates.followup: auto`, or a round Ralph formed itself). */
  auto: boolean;
  /** The round's FU stories and the review threads each answers. */
  stories: { id: string; threads: number[] }[];
}

const SOURCE_TEXT: Record<string, string> = {
  review: "review",
  fix: "`/ralph fix`",
  ci: "failing check",
  conflict: "conflict with the default branch",
};

/** The amendment's note above the criteria: which round, asked by whom, what it added. */
function amendmentCallout(a: PrdAmendment): string[] {
  const who =
    a.by === null
      ? "Ralph's own"
      : `the ${SOURCE_TEXT[a.source] ?? a.source} of @${agentInline(a.by, 40)}`;
  const lines = [
    "> [!NOTE]",
    `> **Amendment: follow-up round ${a.round}.** From ${a.by === null ? `${who} ${SOURCE_TEXT[a.source] ?? a.source}` : who}, Ralph added ${a.stories.map((st) => `**${agentInline(st.id, 40)}**`).join(", ")} after the verified stories, which stay verified and are re-checked before done.`,
  ];
  const answering = a.stories.filter((st) => st.threads.length > 0);
  if (answering.length > 0) {
    lines.push(
      ">",
      ...answering.map(
        (st) =>
          `> - ${agentInline(st.id, 40)} answers review thread${st.threads.length === 1 ? "" : "s"} ${st.threads.join(", ")}`,
      ),
    );
  }
  return [...lines, ""];
}

const PLAN_MAX = 40_000;
/** One acceptance criterion or a story's notes, as shown here. */
const STORY_TEXT_MAX = 1_000;

/** Says what was cut and, when known, links the whole text on the branch. */
function cutNote(what: string, link: string | undefined): string {
  return link === undefined
    ? `_${what}; the whole text is on the branch._`
    : `_${what}; the whole text is [on the branch](${link})._`;
}

/** Topics one `/ralph understand` run covers on GitHub (src/action/steps.ts). */
export const UNDERSTAND_TOPICS_PER_RUN = 3;

export function renderPrdComment(input: PrdCommentInput): string {
  const { prd, revision, revisionNumber, concerns, specId } = input;
  if (!/^[0-9a-f]{64}$/.test(revision)) {
    throw new RangeError(
      `PRD revision must be a sha256 hex digest, got '${revision.slice(0, 20)}'`,
    );
  }
  const stories = storiesInOrder(prd);
  const spec = specId ? ` for \`${agentInline(specId, 100).replace(/`/g, "")}\`` : "";
  const amendment = input.amendment ?? null;
  const lines: string[] = [
    prdMarker(revision),
    `## Ralph: PRD revision ${revisionNumber}${spec}${amendment === null ? "" : ` (follow-up round ${amendment.round})`}`,
    "",
    `${stories.length} ${stories.length === 1 ? "story" : "stories"}, implemented in this order on branch \`${agentInline(prd.branchName, 120).replace(/`/g, "")}\`. Revision \`${revision.slice(0, 12)}\`.`,
    "",
    "| # | Story | Title | Priority | Criteria |",
    "|---|---|---|---|---|",
  ];
  stories.forEach((story, i) => {
    lines.push(
      `| ${i + 1} | ${agentTableCell(story.id, 80)} | ${agentTableCell(story.title, 200)} | ${story.priority} | ${story.acceptanceCriteria.length} |`,
    );
  });
  lines.push("");

  if (amendment !== null) lines.push(...amendmentCallout(amendment));
  lines.push(...callouts(concerns, input.understand));

  lines.push("### Acceptance criteria", "");
  let storyCut = false;
  for (const story of stories) {
    storyCut ||= [...story.acceptanceCriteria, story.notes].some(
      (text) => agentInline(text, STORY_TEXT_MAX) !== agentInline(text, Number.MAX_SAFE_INTEGER),
    );
    lines.push(`#### ${agentInline(story.id, 80)}: ${agentInline(story.title, 200)}`, "");
    for (const criterion of story.acceptanceCriteria) {
      lines.push(`- ${agentInline(criterion, STORY_TEXT_MAX)}`);
    }
    if (story.notes.trim() !== "") {
      lines.push("", `_Notes:_ ${agentInline(story.notes, STORY_TEXT_MAX)}`);
    }
    lines.push("");
  }
  if (storyCut) lines.push(cutNote("Long criteria and notes are cut here", input.links?.prd), "");

  lines.push(
    "<details>",
    "<summary>The plan</summary>",
    "",
    agentMarkdown(input.planText, PLAN_MAX),
    "",
    ...(normalizeNewlines(input.planText).trimEnd().length > PLAN_MAX
      ? [cutNote("The plan is cut here", input.links?.plan), ""]
      : []),
    "</details>",
    "",
    ...(amendment?.auto === true ? autoAmendment(amendment) : approvalHowTo(input)),
  );
  return `${neutralizeCommandLines(lines.join("\n"))}\n`;
}

/** An amendment that runs at once: what the request's approval means here. */
function autoAmendment(a: PrdAmendment): string[] {
  return [
    "### No new approval needed",
    "",
    a.by === null
      ? "Ralph formed these stories itself to restore what was approved; it implements them now and re-verifies every story."
      : `The request of @${agentInline(a.by, 40)}, who has write access, is this amendment's approval (\`gates.followup: auto\`): Ralph implements the follow-up stories now, then re-verifies every story and answers the review threads with the commits.`,
  ];
}

function approvalHowTo(input: PrdCommentInput): string[] {
  const { approvalsRequired, specId } = input;
  return [
    "### How to approve or revise",
    "",
    `This revision needs ${counted(approvalsRequired, "approval")} from people with write access. Approvals of earlier revisions do not count. Approve by:`,
    "",
    `- commenting \`/approve\`${specId ? ` (or \`/approve ${agentInline(specId, 100).replace(/`/g, "")}\`)` : ""},`,
    "- reacting 👍 to this comment, or",
    "- approving the Ralph pull request.",
    "",
    "To change the plan, comment `/ralph revise <what to change>` or request changes on the pull request.",
  ];
}

/** The notes above the criteria: a forced consensus and a recommended `/ralph understand`. */
function callouts(concerns: string[], understand: PrdCommentInput["understand"]): string[] {
  const out: string[] = [];
  if (concerns.length > 0) {
    out.push(
      "> [!WARNING]",
      "> **Consensus was forced.** The critic still had these concerns when the round limit was reached:",
      ">",
      ...concerns.map((c) => `> - ${agentInline(c, 500)}`),
      "",
    );
  }

  if (understand) {
    const n = understand.iterations;
    out.push(
      "> [!NOTE]",
      `> **Refreshing the codebase map is recommended** before implementing: comment \`/ralph understand\` (${counted(n, "topic")} to cover, up to ${UNDERSTAND_TOPICS_PER_RUN} per run; it writes only the map). Why:`,
      ">",
      ...understand.reasons.map((r) => `> - ${agentInline(r, 500)}`),
      "",
    );
  }
  return out;
}
