#!/usr/bin/env node
// The scripted agent of `npm run demo`, speaking Ralph's command-agent protocol (docs/agents.md):
// the prompt on stdin, RALPH_PHASE and friends in the environment, the final message on stdout.
// It plays a short, fixed story: one clarifying question, a two-story PRD, a typo that the
// verifier catches, the fix, and the second story.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

await new Promise((resolve) => {
  process.stdin.resume();
  process.stdin.on("data", () => {});
  process.stdin.on("end", resolve);
});
const env = process.env;
const phase = env.RALPH_PHASE;
const story = env.RALPH_STORY_ID;
const workspace = env.RALPH_WORKSPACE;
const asked = join(env.DEMO_STATE_DIR, "asked-question");

const STORIES = [
  {
    id: "US-1",
    title: "Add hello.txt",
    acceptanceCriteria: ["hello.txt holds exactly: hello, world"],
    priority: 1,
    passes: false,
    notes: "",
  },
  {
    id: "US-2",
    title: "Add goodbye.txt",
    acceptanceCriteria: ["goodbye.txt holds exactly: goodbye, world"],
    priority: 2,
    passes: false,
    notes: "",
  },
];
const EXPECTED = {
  "US-1": ["hello.txt", "hello, world"],
  "US-2": ["goodbye.txt", "goodbye, world"],
};

function say(text) {
  process.stdout.write(`${text}\n`);
}

if (phase === "plan") {
  if (!existsSync(asked)) {
    writeFileSync(asked, "yes\n");
    say(
      JSON.stringify({
        questions: [
          "Should the greetings be plain (`hello, world` / `goodbye, world`) or something friendlier?",
        ],
        uncertainties: [],
        prdDraft: null,
        recommendUnderstand: { shouldRun: false, reasons: [] },
      }),
    );
  } else {
    mkdirSync(dirname(env.RALPH_PLAN_FILE), { recursive: true });
    writeFileSync(
      env.RALPH_PLAN_FILE,
      [
        `# Plan: ${env.RALPH_SPEC_ID}`,
        "",
        "## Analysis",
        "- Two plain text files at the repository root, as the maintainer answered.",
        "",
        "## Steps",
        "1. Write hello.txt",
        "2. Write goodbye.txt",
        "",
        "## Verification strategy",
        "- Compare each file's content with the expected greeting.",
        "",
      ].join("\n"),
    );
    say("The maintainer wants plain greetings: two stories, one file each.");
    say(
      JSON.stringify({
        questions: [],
        uncertainties: [],
        prdDraft: { branchName: "ralph/1-add-greeting-files", userStories: STORIES },
        recommendUnderstand: { shouldRun: false, reasons: [] },
      }),
    );
  }
} else if (phase === "implement") {
  const [file, text] = EXPECTED[story];
  // The first attempt at US-1 has a typo, so the demo shows a verify failure and its retry.
  const typo = story === "US-1" && env.RALPH_ATTEMPT === "1";
  writeFileSync(join(workspace, file), `${typo ? "helo, world" : text}\n`);
  say(`Wrote ${file}.`);
} else if (phase === "verify") {
  // RALPH_STORY_ID lists every story for the final re-check before done: one row per story then.
  const ids = story.split(",");
  const checked = ids.map((id) => {
    const [file, text] = EXPECTED[id];
    const criterion = STORIES.find((s) => s.id === id).acceptanceCriteria[0];
    const path = join(workspace, file);
    const actual = existsSync(path) ? readFileSync(path, "utf8").trim() : "(missing)";
    const pass = actual === text;
    say(
      pass
        ? `${file} holds "${actual}".`
        : `${file} holds "${actual}", expected "${text}": fix the typo.`,
    );
    return { id, criterion, pass };
  });
  const all = ids.length > 1;
  say("");
  say(all ? "| story | criterion | result |" : "| criterion | result |");
  say(all ? "|---|---|---|" : "|---|---|");
  for (const c of checked) {
    say(`| ${all ? `${c.id} | ` : ""}${c.criterion} | ${c.pass ? "pass" : "fail"} |`);
  }
  say("");
  say(`RALPH_VERDICT: ${checked.every((c) => c.pass) ? "PASS" : "FAIL"}`);
} else {
  say(`nothing to do for ${phase}`);
}
