#!/usr/bin/env node
// Ralph's reference `command` agent: every phase of the protocol in docs/agents.md, in one small
// file, with no model and no dependencies. It does not think; it shows, phase by phase, what Ralph
// hands an agent and what Ralph reads back. Start from it and replace one phase at a time with
// calls to your own model.
//
//   .github/ralph.yml:  agent: command
//                       agent_command: node examples/agents/reference-agent.mjs
//   try it:             ralph check-agent -- node examples/agents/reference-agent.mjs
//
// Written only from docs/agents.md: it imports nothing from Ralph.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const env = process.env;
// The prompt comes on stdin. This agent reads what it needs from files instead, but a real one
// sends the prompt to its model: it holds the task, the rules and the exact reply format.
const prompt = readFileSync(0, "utf8");

const read = (file) => readFileSync(file, "utf8");
const write = (file, text) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};
/** The spec's first line, without the `#`: the goal in a few words. */
const goal = () =>
  read(env.RALPH_SPEC_FILE)
    .split("\n")
    .find((line) => line.trim() !== "")
    .replace(/^#+\s*/, "")
    .trim();
/** The PRD Ralph wrote (RALPH_PRD_FILE), and one of its stories. */
const prd = () => JSON.parse(read(env.RALPH_PRD_FILE));
const storyOf = (id) => prd().userStories.find((s) => s.id === id);
const todayUtc = () => new Date().toISOString().slice(0, 10);
/** The note this example's implementer writes for a story, repository-relative. */
const noteOf = (id) => `ralph-example/${id}.md`;

// plan: write the plan to RALPH_PLAN_FILE, then end with the envelope JSON.
function plan() {
  const stories = [
    { id: "US-1", title: "Record the goal" },
    { id: "US-2", title: "List the repository's files" },
  ];
  write(
    env.RALPH_PLAN_FILE,
    [
      `# Plan: ${env.RALPH_SPEC_ID}`,
      "",
      "## Analysis",
      "- Key files: one note per story under `ralph-example/` (new)",
      `- Approach: stand-in work for "${goal()}": this example agent writes notes, it does not code`,
      "- Risks/trade-offs: none",
      "",
      "## Steps",
      ...stories.map((s, i) => `${i + 1}. Create \`${noteOf(s.id)}\` (new): ${s.title}.`),
      "",
      "## Verification strategy",
      "- each story's note exists: `ls ralph-example/`",
      "",
      // Read only when an architect and a critic review the plan (planning.consensus).
      "ARCHITECT_QUESTION:",
      "- Topic: Pattern",
      "- Context: the example notes",
      "- Files to examine: the repository root",
      "- Specific Question: is one folder of notes the right place?",
      "",
    ].join("\n"),
  );
  const envelope = {
    questions: [],
    uncertainties: [],
    prdDraft: {
      branchName: execFileSync("git", ["branch", "--show-current"], { encoding: "utf8" }).trim(),
      userStories: stories.map((s, i) => ({
        id: s.id,
        title: s.title,
        acceptanceCriteria: [`\`${noteOf(s.id)}\` exists`],
        priority: i + 1,
        passes: false,
        notes: "",
      })),
    },
    recommendUnderstand: {
      shouldRun: !existsSync(env.RALPH_CODEBASE_MAP),
      reasons: existsSync(env.RALPH_CODEBASE_MAP) ? [] : ["there is no codebase map yet"],
    },
  };
  return `Plan written to ${env.RALPH_PLAN_FILE}.\n\n${JSON.stringify(envelope, null, 2)}\n`;
}

// amend (a follow-up round): read the feedback from RALPH_FEEDBACK_FILE, end with the amend
// envelope: one follow-up story per review thread (one for the free text when there is none),
// numbered on from the PRD's last FU story; every thread answered. Writes nothing.
function amend() {
  const feedback = JSON.parse(read(env.RALPH_FEEDBACK_FILE));
  const last = Math.max(
    0,
    ...prd().userStories.map((s) => Number(/^FU-(\d+)$/.exec(s.id)?.[1] ?? 0)),
  );
  const asks =
    feedback.threads.length > 0
      ? feedback.threads.map((t) => ({ text: `${t.path}: ${t.text}`, answers: [t.id] }))
      : [{ text: feedback.text.join(" ") || "the feedback", answers: [] }];
  const followUps = asks.map((ask, i) => {
    const id = `FU-${last + 1 + i}`;
    return {
      id,
      title: `Answer: ${ask.text.split("\n")[0].slice(0, 60)}`,
      acceptanceCriteria: [`\`${noteOf(id)}\` exists`],
      notes: "",
      answers: ask.answers,
    };
  });
  const reply = { followUps, planAddendum: "One note per follow-up story under `ralph-example/`." };
  return `Amended.\n\n${JSON.stringify(reply, null, 2)}\n`;
}

// research: end with one JSON object: the four finding lists and the decisions.
function research() {
  const reply = {
    research: {
      specs: [{ title: "The repository's README", summary: "what the project is", url: "" }],
      best_practices: [{ practice: "Keep notes short", rationale: "they are read by people" }],
      pitfalls: [
        {
          issue: "Notes that go stale",
          consequence: "readers trust outdated facts",
          prevention: "date every note",
        },
      ],
      references: [],
    },
    decisions: [
      {
        id: "D1",
        title: "Where the example notes go",
        category: "behavior",
        context: "The notes need a home in the repository.",
        options: [
          { number: 1, label: "ralph-example/", description: "a folder at the root" },
          { number: 2, label: "docs/ralph-example/", description: "next to the docs" },
        ],
        recommendation: 1,
        recommendation_rationale: "easy to find and to delete",
      },
    ],
  };
  return `Research done.\n\n${JSON.stringify(reply, null, 2)}\n`;
}

// architect: one ARCHITECT_ANSWER block per question; Ralph passes the text on as written.
function architect() {
  // Each question's `Topic:` line (the plan quoted in the prompt repeats them: counted once).
  const topics = [
    ...new Set([...prompt.matchAll(/^\s*-?\s*Topic:\s*([^<\n]+?)\s*$/gm)].map((m) => m[1])),
  ];
  return (topics.length > 0 ? topics : ["the plan"])
    .map((topic) =>
      [
        "ARCHITECT_ANSWER:",
        `- Topic: ${topic}`,
        "- Analysis: this example agent reads no code",
        "- Recommendation: keep the plan as it is",
        "- Trade-offs: none considered",
        "- References: none",
      ].join("\n"),
    )
    .join("\n\n")
    .concat("\n");
}

// critic: end with the CRITIC_FEEDBACK block, verdict OKAY or REJECT.
function critic() {
  const planText = read(env.RALPH_PLAN_FILE);
  const issues = planText.includes("## Verification strategy")
    ? []
    : ["The plan has no Verification strategy section: add one with the commands to run."];
  return [
    "CRITIC_FEEDBACK:",
    `- Verdict: ${issues.length === 0 ? "OKAY" : "REJECT"}`,
    "- Critical Issues:",
    ...(issues.length === 0 ? ["  None"] : issues.map((issue, i) => `  ${i + 1}. ${issue}`)),
    "- Minor Issues:",
    "  None",
    "- Questions for Architect (if any):",
    "  None",
    "",
  ].join("\n");
}

// understand: add an entry dated today to the codebase map (the only file it may write).
function understand() {
  const file = env.RALPH_CODEBASE_MAP;
  let map = existsSync(file)
    ? read(file)
    : "# Codebase Map\n\n## Next Topics\n- [ ] Repository layout and entry points\n";
  const topic = /^- \[ \] (.+)$/m.exec(map)?.[1] ?? "Repository layout and entry points";
  map = map.replace(`- [ ] ${topic}`, `- [x] ${topic}`);
  const files = execFileSync("git", ["ls-files"], { encoding: "utf8" }).trim().split("\n");
  const entry = [`## ${todayUtc()} - ${topic}`, "", ...files.slice(0, 20).map((f) => `- \`${f}\``)];
  write(file, `${map.trimEnd()}\n\n${entry.join("\n")}\n`);
  return `Covered: ${topic}.\n`;
}

// implement: change the working tree for one story; Ralph commits it.
function implement() {
  const story = storyOf(env.RALPH_STORY_ID);
  const note = [
    `# ${story.id}: ${story.title}`,
    "",
    `Goal: ${goal()}`,
    "",
    ...story.acceptanceCriteria.map((c) => `- ${c}`),
  ];
  write(noteOf(story.id), `${note.join("\n")}\n`);
  return `Wrote ${noteOf(story.id)}.\n`;
}

/** A criterion passes when every file it names in backticks exists (all this example checks). */
function holds(criterion) {
  const paths = [...criterion.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
  return paths.filter((p) => /[./]/.test(p)).every((p) => existsSync(p));
}

// verify (and the final re-check of every story): end with the table and the verdict line.
function verify() {
  const rows = env.RALPH_STORY_ID.split(",").flatMap((id) =>
    storyOf(id).acceptanceCriteria.map((c) => ({ id, criterion: c, pass: holds(c) })),
  );
  const verdict = rows.every((r) => r.pass) ? "PASS" : "FAIL";
  return [
    "Checked that the files each criterion names exist.",
    "",
    "| story | criterion | result |",
    "|---|---|---|",
    ...rows.map(
      (r) => `| ${r.id} | ${r.criterion.replace(/\|/g, "\\|")} | ${r.pass ? "pass" : "fail"} |`,
    ),
    `RALPH_VERDICT: ${verdict}`,
    "",
  ].join("\n");
}

const phases = { plan, amend, research, architect, critic, understand, implement, verify };
const phase = phases[env.RALPH_PHASE];
if (phase === undefined) {
  process.stderr.write(`reference agent: no handler for RALPH_PHASE=${env.RALPH_PHASE}\n`);
  process.exit(2);
}
process.stdout.write(phase());
