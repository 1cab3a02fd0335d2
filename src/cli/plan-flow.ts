import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { QaPair } from "../agents/prompts/shared.js";
import { counted } from "../core/counted.js";
import { cutAtWord } from "../core/cut-at-word.js";
import { activatePlanInfo, homePaths, specPaths } from "../core/plan-meta.js";
import type { Prd } from "../core/prd.js";
import { slugify } from "../git/branch-name.js";
import { planWithConsensus } from "../pipeline/consensus-loop.js";
import type { PipelineContext } from "../pipeline/context.js";
import { pathsOf, specRef } from "../pipeline/context.js";
import { readPlan, writePlanMeta, writePrd, writeText } from "../pipeline/spec-files.js";
import type { PlanArgs } from "./args.js";
import { CliError } from "./errors.js";
import { type CliIo, confirm } from "./io.js";
import {
  appendTranscript,
  codeBlock,
  loadPlanState,
  type PlanFiles,
  type PlanState,
  planFiles,
  savePlanState,
} from "./plan-state.js";
import { prdSummary } from "./prd-summary.js";
import { researchAndDecide } from "./research-decisions.js";
import type { CliSetup } from "./setup.js";

export interface PlanFlowResult {
  approved: boolean;
  state: PlanState;
  prd: Prd | null;
}

/** `<slug>.md`, avoiding any spec, plan or done marker that already exists. */
export function chooseSpecRel(root: string, ralphHome: string, goal: string): string {
  const slug = slugify(goal) || "goal";
  for (let n = 1; ; n++) {
    const rel = n === 1 ? `${slug}.md` : `${slug}-${n}.md`;
    const p = specPaths(ralphHome, rel);
    if (![p.spec, p.plan, p.planMeta, p.done].some((f) => existsSync(join(root, f)))) return rel;
  }
}

function specText(goal: string, qa: readonly PlanState["qa"][number][]): string {
  const title = cutAtWord(goal.split(/\r?\n/)[0]!, 120);
  const lines = [`# ${title}`, "", goal.trim(), ""];
  if (qa.length > 0) {
    lines.push("## Answers", "");
    for (const p of qa) lines.push(`- Q: ${p.question}`, `  A: ${p.answer}`);
    lines.push("");
  }
  return lines.join("\n");
}

/**
 * Seed 003 planner mode: preflight → collect context (questions) → draft PRD → review gate.
 * Before approval only ralph_home is written: plan_state.json, plan_transcript.md and the draft
 * spec in `<ralph_home>/local/` (a folder git never shows), and the planner's plan file; the
 * planner itself may write nothing else (read-only enforcement). On approval the spec, plan meta
 * and PRD are written under `<ralph_home>/specs/`, where `ralph run` finds them, and committed.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the interactive planner conversation, its steps in the order the user meets them.
export async function planFlow(io: CliIo, s: CliSetup, args: PlanArgs): Promise<PlanFlowResult> {
  const { home, localDir } = homePaths(s.config.ralph_home);
  const files = planFiles(s.root, home);
  const now = () => io.clock.now().toISOString();
  let state = await loadPlanState(files, args.goal);
  // An approved goal is done planning: the same goal again starts a new spec.
  if (state?.approvedPrdAt) state = null;
  if (state === null) {
    state = {
      schemaVersion: 1,
      root: s.root,
      goal: args.goal,
      createdAt: now(),
      updatedAt: now(),
      specRel: chooseSpecRel(s.root, s.config.ralph_home, args.goal),
      qa: [],
      uncertainties: [],
      recommendUnderstand: null,
      lastPrdDraft: null,
      approvedPrdAt: null,
    };
    await appendTranscript(files, `## ${now()} - Goal\n\n${args.goal}`);
  } else {
    io.out(`resuming the plan for this goal (${counted(state.qa.length, "answer")} so far)`);
  }
  const real = specRef(s.config.ralph_home, state.specRel);
  const draftFile = `${localDir}/draft/${state.specRel}`;
  const ctx: PipelineContext = { ...s.base, spec: { ...real, file: draftFile } };
  const answers = [...args.answers];
  let feedback: string[] = [];
  let rounds = 0;
  await writeText(ctx, draftFile, specText(args.goal, state.qa));
  await researchAndDecide(io, ctx, args, files);

  for (;;) {
    state.updatedAt = now();
    await savePlanState(files, state);
    await writeText(ctx, draftFile, specText(args.goal, state.qa));
    const qa: QaPair[] = state.qa.map((p) => ({ question: p.question, answer: p.answer }));
    const result = await planWithConsensus(ctx, {
      qa,
      feedback,
      allowQuestions: rounds < s.config.planning.max_question_rounds,
      questionRound: rounds + 1,
      persist: false,
    });
    if (result.envelope) {
      state.uncertainties = result.envelope.uncertainties;
      state.recommendUnderstand = result.envelope.recommendUnderstand;
      await appendTranscript(
        files,
        `## ${now()} - Planner envelope\n\n${codeBlock(JSON.stringify(result.envelope, null, 2), "json")}`,
      );
    }
    if (result.kind === "questions") {
      rounds += 1;
      await askQuestions(io, args, files, state, result.questions, answers);
      continue;
    }
    if (result.kind === "invalid_output") {
      await appendTranscript(files, `## ${now()} - Planner failed\n\n${result.errors.join("\n")}`);
      throw new CliError(`the planner failed:\n${result.errors.map((e) => `  - ${e}`).join("\n")}`);
    }
    if (result.kind !== "prd") {
      const detail = result.kind === "crash" ? `: ${result.message}` : "";
      throw new CliError(`the planner run failed (${result.kind}${detail})`);
    }

    // An --answer the planner never asked for: said, not silently dropped.
    for (const unused of answers.splice(0)) {
      io.err(`ralph: --answer "${unused}" not used: the planner asked no more questions`);
    }
    state.lastPrdDraft = result.prd;
    const summary = prdSummary(result.prd);
    io.out("");
    io.out(summary);
    io.out("");
    if (result.consensus) {
      const c = result.consensus;
      const lines = c.forced
        ? [
            `Consensus was forced after ${counted(c.rounds, "round")} (planning.consensus_max_rounds). The critic's unresolved concerns:`,
            ...c.concerns.map((concern) => `  - ${concern}`),
          ]
        : [`The critic approved the plan in round ${c.rounds}.`];
      for (const line of lines) io.out(line);
      io.out("");
      await appendTranscript(files, `## ${now()} - Consensus\n\n${lines.join("\n")}`);
    }
    await appendTranscript(files, `## ${now()} - PRD summary\n\n${codeBlock(summary)}`);
    const prdPath = specPaths(s.config.ralph_home, state.specRel).prd;
    const approved = args.nonInteractive
      ? args.yesPrd
      : await confirm(io, `Write this PRD to ${prdPath}?`);
    await appendTranscript(
      files,
      `## ${now()} - PRD decision\n\n${approved ? "approved" : "not approved"}${args.nonInteractive ? " (non-interactive)" : ""}`,
    );
    if (approved) {
      await promote(ctx, real, args.goal, state, result.prd, io);
      state.approvedPrdAt = now();
      await savePlanState(files, state);
      const commit = await commitApprovedPlan(s, { ...ctx, spec: real });
      io.out(
        `wrote ${real.file}, ${specPaths(s.config.ralph_home, state.specRel).plan} and ${prdPath}${commit === null ? "" : ` (committed as ${commit.slice(0, 7)})`}`,
      );
      return { approved: true, state, prd: result.prd };
    }
    const change = args.nonInteractive
      ? null
      : await io.prompter().ask("What should change? (empty line to stop) ");
    if (change === null || change.trim() === "") {
      await discardDraft(ctx, draftFile);
      await savePlanState(files, state);
      io.out(
        args.nonInteractive
          ? "PRD not written (pass --yes-prd to approve it without a terminal)"
          : "PRD not written",
      );
      return { approved: false, state, prd: result.prd };
    }
    feedback = [change.trim()];
    await appendTranscript(files, `## ${now()} - Requested changes\n\n${change.trim()}`);
  }
}

async function askQuestions(
  io: CliIo,
  args: PlanArgs,
  files: PlanFiles,
  state: PlanState,
  questions: readonly string[],
  answers: string[],
): Promise<void> {
  if (args.nonInteractive && answers.length < questions.length) {
    const list = questions.map((q, i) => `  ${i + 1}. ${q}`).join("\n");
    throw new CliError(
      `the planner has questions and --non-interactive has no answers left for them (pass --answer "..." once per question, in order):\n${list}`,
    );
  }
  io.out("The planner has questions:");
  for (const question of questions) {
    let answer: string;
    // Pre-supplied answers first, on a terminal too: `--answer` is the planner's next answer.
    if (args.nonInteractive || answers.length > 0) {
      answer = answers.shift() ?? "";
      io.out(`Q: ${question}\nA: ${answer}`);
    } else {
      answer = (await io.prompter().ask(`Q: ${question}\n> `)) ?? "";
    }
    if (answer.trim() === "") answer = "(no answer: use your best judgment)";
    const askedAt = io.clock.now().toISOString();
    state.qa.push({ id: `q${state.qa.length + 1}`, question, answer, askedAt });
    await appendTranscript(
      files,
      `## ${askedAt} - Q${state.qa.length}\n\n**Q:** ${question}\n\n**A:** ${answer}`,
    );
  }
  await savePlanState(files, state);
}

/** After approval: the real spec, plan meta and PRD (seed 003: PRD only after confirmation). */
async function promote(
  ctx: PipelineContext,
  real: PipelineContext["spec"],
  goal: string,
  state: PlanState,
  prd: Prd,
  io: CliIo,
): Promise<void> {
  const target: PipelineContext = { ...ctx, spec: real };
  await writeText(target, real.file, specText(goal, state.qa));
  if ((await readPlan(target)) === null) throw new CliError("the approved plan file disappeared");
  await writePrd(target, prd);
  await writePlanMeta(
    target,
    activatePlanInfo(null, real.rel, real.id, io.clock.now().toISOString()),
  );
  await rm(join(ctx.workspace, ctx.spec.file), { force: true });
}

/**
 * The approved spec and its plan files, committed (issue 18): the checkout holds nothing of
 * Ralph's uncommitted after `ralph plan`, as after `ralph run`. Only these paths, so nothing the
 * user has in the working tree or the index rides along. Null when there was nothing to commit.
 */
async function commitApprovedPlan(s: CliSetup, ctx: PipelineContext): Promise<string | null> {
  const p = pathsOf(ctx);
  const files = [ctx.spec.file, p.plan, p.planMeta, p.prd, p.research, p.decisions, p.consensus];
  return s.git.commitAll(`ralph(${ctx.spec.id}): plan attempt 1`, {
    author: s.base.botIdentity,
    coAuthors: s.base.coAuthors,
    paths: files,
  });
}

/** Declined: the draft spec and the planner's plan file go; the transcript keeps the story. */
async function discardDraft(ctx: PipelineContext, draftFile: string): Promise<void> {
  await rm(join(ctx.workspace, draftFile), { force: true });
  await rm(join(ctx.workspace, specPaths(ctx.config.ralph_home, ctx.spec.rel).plan), {
    force: true,
  });
}
