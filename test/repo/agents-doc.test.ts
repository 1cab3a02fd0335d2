/**
 * docs/agents.md stays true (issue 20): every phase Ralph runs an agent for has its section; the
 * messages each section lists for the mistakes Ralph rejects are exactly what Ralph's parsers say
 * for those mistakes; every minimal valid reply it shows is accepted by the parser that reads it;
 * and the environment table names every variable the code hands an agent.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCriticFeedback } from "../../src/agents/prompts/critic.js";
import { AGENT_ROLES } from "../../src/agents/types.js";
import { lastEntryDate, nextTopicsChecklist } from "../../src/core/codebase-map.js";
import type { AmendRound } from "../../src/core/followup.js";
import { parseRegressionVerdict } from "../../src/core/regression-verdict.js";
import { parseResearchReply } from "../../src/core/research.js";
import { parseVerdict } from "../../src/core/verdict.js";
import { CHECK_PHASE_NAMES } from "../../src/pipeline/agent-check.js";
import { mapProblem, NO_PROGRESS } from "../../src/pipeline/agent-check-phases.js";
import { readAmendReply } from "../../src/pipeline/amend-step.js";
import { missingPlanError, readPlannerReply } from "../../src/pipeline/planner-reply.js";
import { researchOutput } from "../depth/fixtures.js";
import { agentsDoc, documentedMessages, phaseSections, ROOT, replyExample } from "./agents-doc.js";
import { missingCode } from "./docs-true.js";

const doc = agentsDoc();
const sections = phaseSections(doc);

/** The criteria of the docs' example story, and the second story of the final re-check. */
const CRITERIA = ["hello.txt exists", "hello.txt says hello"];
const STORIES = [
  { id: "US-1", criteria: CRITERIA },
  { id: "US-2", criteria: ["bye.txt exists"] },
];

const story = {
  id: "US-1",
  title: "Say hello",
  acceptanceCriteria: CRITERIA,
  priority: 1,
  passes: false,
  notes: "",
};
const envelope = (prdDraft: unknown, questions: string[] = []) =>
  JSON.stringify({
    questions,
    uncertainties: [],
    prdDraft,
    recommendUnderstand: { shouldRun: false, reasons: [] },
  });
const prdOf = (...stories: unknown[]) => ({
  branchName: "ralph/42-add-login",
  userStories: stories,
});
const { passes: _passes, ...withoutPasses } = story;

function plannerErrors(output: string, allowQuestions = false): string[] {
  const reply = readPlannerReply(output, allowQuestions);
  return reply.ok ? [] : reply.errors;
}

const findings = { ...researchOutput.research, pitfalls: [] };
const decision = researchOutput.decisions[1]!;
function researchErrors(reply: unknown): string[] {
  const parsed = parseResearchReply(typeof reply === "string" ? reply : JSON.stringify(reply));
  return parsed.ok ? [] : parsed.errors;
}

const table = (...rows: string[]) =>
  ["| criterion | result |", "|---|---|", ...rows.map((r) => `| ${r} |`)].join("\n");
const verifyProblem = (text: string) => parseVerdict(text, CRITERIA).problem;
const bothPass = table("hello.txt exists | pass", "hello.txt says hello | pass");
const { pitfalls: _pitfalls, ...withoutPitfalls } = findings;

/** The amend run of the docs' example: a first round, the one review thread 1234567. */
const AMEND_ROUND = { firstNumber: 1, threadIds: [1234567] };
const followUp = (over: Record<string, unknown> = {}) => ({
  id: "FU-1",
  title: "Greet the whole world",
  acceptanceCriteria: ["hello.txt says hello, world."],
  notes: "",
  answers: [1234567],
  ...over,
});
function amendErrors(reply: string | unknown[], round: AmendRound = AMEND_ROUND): string[] {
  const output =
    typeof reply === "string" ? reply : JSON.stringify({ followUps: reply, planAddendum: "" });
  const parsed = readAmendReply(output, round);
  return parsed.ok ? [] : parsed.errors;
}

/** Each phase's mistakes, as Ralph's own parsers word them. */
const MISTAKES: Record<string, (string | null | undefined)[]> = {
  plan: [
    ...plannerErrors("I wrote the plan."),
    ...plannerErrors(""),
    ...plannerErrors(envelope(prdOf({ ...story, status: "todo" }))),
    ...plannerErrors(envelope(prdOf(withoutPasses))),
    ...plannerErrors(envelope(prdOf({ ...story, priority: 0 }))),
    ...plannerErrors(envelope(prdOf({ ...story, acceptanceCriteria: [] }))),
    ...plannerErrors(envelope(prdOf(story, { ...story, title: "Again" }))),
    ...plannerErrors(envelope(null), true),
    ...plannerErrors(envelope(null, ["Which greeting?"]), false),
    missingPlanError(".ralph/specs/plans/hello.md"),
  ],
  amend: [
    ...amendErrors("I amended the plan."),
    ...amendErrors(""),
    ...amendErrors([]),
    ...amendErrors([followUp({ priority: 1 })]),
    ...amendErrors([followUp({ id: "FU-2" })]),
    ...amendErrors([followUp({ acceptanceCriteria: [" "] })]),
    ...amendErrors([followUp({ answers: [1234567, 999] })]),
    ...amendErrors([followUp({ answers: [] })]),
    ...amendErrors([followUp({ title: "t".repeat(201) })]),
    ...amendErrors([followUp(), followUp({ id: "FU-2" })], { ...AMEND_ROUND, room: 1 }),
  ],
  research: [
    ...researchErrors({ research: withoutPitfalls, decisions: [] }),
    ...researchErrors({ research: findings }),
    ...researchErrors({
      research: findings,
      decisions: [{ ...decision, options: decision.options.slice(0, 1) }],
    }),
    ...researchErrors({ research: findings, decisions: [{ ...decision, category: "ux" }] }),
    ...researchErrors("The research is done."),
  ],
  critic: [
    parseCriticFeedback("Looks good to me.").problem,
    parseCriticFeedback("CRITIC_FEEDBACK:\n- Verdict: LGTM\n").problem,
    parseCriticFeedback("CRITIC_FEEDBACK:\n- Verdict: OKAY\n- Verdict: REJECT\n").problem,
    parseCriticFeedback("CRITIC_FEEDBACK:\n- Verdict: OKAY\n- Critical Issues:\n  1. No tests.\n")
      .problem,
  ],
  understand: [
    mapProblem(null, ".ralph/codebase_map.md", "2026-03-01"),
    mapProblem("# Codebase Map\n\n## Next Topics\n", ".ralph/codebase_map.md", "2026-03-01"),
  ],
  implement: [NO_PROGRESS],
  verify: [
    verifyProblem("All good."),
    verifyProblem(`${bothPass}\nRALPH_VERDICT: PASS\nThanks!`),
    verifyProblem(`${bothPass}\nRALPH_VERDICT - PASS`),
    verifyProblem(`\`\`\`\n${bothPass}\nRALPH_VERDICT: PASS\n\`\`\``),
    verifyProblem("Everything passes.\nRALPH_VERDICT: PASS"),
    verifyProblem(`${table("hello.txt exists | pass")}\nRALPH_VERDICT: PASS`),
    verifyProblem(
      `${table("hello.txt exists | pass", "hello.txt says hello | fail")}\nRALPH_VERDICT: PASS`,
    ),
    verifyProblem(`${table("hello.txt exists | done")}\nRALPH_VERDICT: PASS`),
    verifyProblem(`${bothPass}\nRALPH_VERDICT: PASS\nPLAN_INVALIDATION: wrong approach`),
  ],
  regression: [
    parseRegressionVerdict(
      `${table("hello.txt exists | pass", "hello.txt says hello | pass", "bye.txt exists | pass")}\nRALPH_VERDICT: PASS`,
      STORIES,
    ).problem,
    parseRegressionVerdict(
      "| story | criterion | result |\n|---|---|---|\n| US-1 | hello.txt exists | pass |\n| US-1 | hello.txt says hello | pass |\n| US-2 | bye.txt exists | pass |\nRALPH_VERDICT: FAIL",
      STORIES,
    ).problem,
  ],
};

describe("docs/agents.md has a section for every phase", () => {
  it("every RALPH_PHASE value and every phase `ralph check-agent` tries", () => {
    const names = [...sections.keys()];
    expect(AGENT_ROLES.filter((r) => !names.includes(r))).toEqual([]);
    expect(CHECK_PHASE_NAMES.filter((p) => !names.includes(p))).toEqual([]);
    // The follow-up rounds' planner runs have their place already.
    expect(names).toContain("amend");
  });

  it("the environment table names every value of RALPH_PHASE and every variable Ralph sets", () => {
    const env = doc.slice(doc.indexOf("**Environment.**"), doc.indexOf("**What every prompt"));
    const files = [
      "src/agents/agent-process.ts",
      "src/agents/subprocess.ts",
      "src/agents/process-tree.ts",
    ].concat(readdirSync(join(ROOT, "src/pipeline")).map((f) => `src/pipeline/${f}`));
    const variables = new Set<string>();
    const phases = new Set<string>(AGENT_ROLES);
    for (const file of files.filter((f) => statSync(join(ROOT, f)).isFile())) {
      const source = readFileSync(join(ROOT, file), "utf8");
      for (const m of source.matchAll(/\b(RALPH_[A-Z_]+)(?::|" *[,;])/g)) variables.add(m[1]!);
      for (const m of source.matchAll(/\bRALPH_PHASE: "(\w+)"/g)) phases.add(m[1]!);
    }
    expect([...variables]).toEqual(expect.arrayContaining(["RALPH_STORY_ID", "RALPH_RUN_ID"]));
    expect([...phases]).toContain("check");
    expect(missingCode(env, [...variables, ...phases])).toEqual([]);
  });
});

describe("the mistakes docs/agents.md lists are worded as Ralph words them", () => {
  for (const [phase, produced] of Object.entries(MISTAKES)) {
    it(phase, () => {
      const section = sections.get(phase);
      expect(section, `a section for ${phase}`).toBeDefined();
      expect(produced.every((m) => typeof m === "string" && m !== "")).toBe(true);
      expect(documentedMessages(section!).sort()).toEqual([...(produced as string[])].sort());
    });
  }

  it("every section that lists mistakes is checked here", () => {
    const listing = [...sections].filter(([, text]) => documentedMessages(text).length > 0);
    expect(listing.map(([name]) => name).filter((name) => !(name in MISTAKES))).toEqual([]);
  });

  it("would catch a message that is not Ralph's, or one Ralph no longer gives", () => {
    const critic = sections.get("critic")!;
    const reworded = critic.replace("no CRITIC_FEEDBACK block in", "no feedback block in");
    const dropped = critic.replace(/^- both verdicts → .*$/m, "");
    for (const altered of [reworded, dropped]) {
      expect(altered).not.toBe(critic);
      expect(documentedMessages(altered).sort()).not.toEqual([...MISTAKES.critic!].sort());
    }
  });
});

describe("the minimal valid replies in docs/agents.md are accepted", () => {
  it("plan: an envelope with a PRD", () => {
    const reply = readPlannerReply(replyExample(doc, "plan"), false);
    expect(reply.ok && reply.kind).toBe("prd");
  });

  it("amend: one follow-up story answering the example's thread", () => {
    const reply = readAmendReply(replyExample(doc, "amend"), AMEND_ROUND);
    expect(reply.ok && reply.value.followUps.map((f) => [f.id, f.answers])).toEqual([
      ["FU-1", [1234567]],
    ]);
  });

  it("research: findings and a decision", () => {
    const reply = parseResearchReply(replyExample(doc, "research"));
    expect(reply.ok && reply.value.decisions.map((d) => d.id)).toEqual(["D1"]);
  });

  it("architect: the answer blocks", () => {
    expect(replyExample(doc, "architect")).toMatch(/^ARCHITECT_ANSWER:\n- Topic: /);
  });

  it("critic: OKAY", () => {
    const feedback = parseCriticFeedback(replyExample(doc, "critic"));
    expect([feedback.verdict, feedback.problem, feedback.minorIssues.length]).toEqual([
      "OKAY",
      null,
      1,
    ]);
  });

  it("understand: a map with an entry dated 2026-03-01", () => {
    const map = replyExample(doc, "understand");
    expect(lastEntryDate(map)).toBe("2026-03-01");
    expect(mapProblem(map, ".ralph/codebase_map.md", "2026-03-01")).toBeNull();
    expect(nextTopicsChecklist(map)).toEqual({ found: true, unchecked: 1, checked: 1 });
  });

  it("verify: a PASS naming every criterion", () => {
    const parsed = parseVerdict(replyExample(doc, "verify"), CRITERIA);
    expect([parsed.verdict, parsed.problem]).toEqual(["PASS", null]);
  });

  it("verify: the story column is read for one story too", () => {
    const withStory = replyExample(doc, "regression")
      .split("\n")
      .filter((l) => !l.includes("US-2"))
      .join("\n");
    const parsed = parseVerdict(withStory, CRITERIA);
    expect([parsed.verdict, parsed.problem]).toEqual(["PASS", null]);
  });

  it("regression: every story holds", () => {
    const parsed = parseRegressionVerdict(replyExample(doc, "regression"), STORIES);
    expect([parsed.holding, parsed.problem]).toEqual([["US-1", "US-2"], null]);
  });
});
