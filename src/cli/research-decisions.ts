import { assessComplexity, type ComplexityAssessment } from "../core/complexity.js";
import { counted } from "../core/counted.js";
import {
  followUpAnswer,
  isFollowUpQuestion,
  isResolved,
  resetDecisions,
} from "../core/decisions.js";
import type { PendingDecision } from "../core/state.js";
import type { PipelineContext } from "../pipeline/context.js";
import { pathsOf } from "../pipeline/context.js";
import {
  readDecisions,
  readResearchFile,
  writeDecisionsFile,
} from "../pipeline/planning-inputs.js";
import { runResearchPhase } from "../pipeline/research-step.js";
import type { PlanArgs } from "./args.js";
import { CliError } from "./errors.js";
import type { CliIo } from "./io.js";
import { appendTranscript, codeBlock, type PlanFiles } from "./plan-state.js";

/**
 * Seed 002 before the planner, in the terminal: complexity assessment, research for complex
 * tasks (research.json; a failed run leaves the minimal file and never blocks), then every open
 * decision asked with its recommendation. Critical decisions block planning until answered.
 * Returns the assessment; research.json and decisions.json are next to the plan.
 */
export async function researchAndDecide(
  io: CliIo,
  ctx: PipelineContext,
  args: PlanArgs,
  files: PlanFiles,
): Promise<ComplexityAssessment> {
  const now = () => io.clock.now().toISOString();
  const complexity = assessComplexity(args.goal);
  const mode = ctx.config.planning.research;
  const wanted = mode === "always" || (mode === "auto" && complexity.level === "complex");
  const signals = complexity.signals.length > 0 ? ` (${complexity.signals.join("; ")})` : "";
  io.out(`complexity: ${complexity.level}${signals}`);
  if (!wanted) {
    io.out(
      mode === "off"
        ? "research: off (planning.research)"
        : "research: skipped (simple task; planning.research: auto)",
    );
    warnUnusedFlags(io, flagAnswers(args), [], []);
    return complexity;
  }
  if ((await readResearchFile(ctx)) === null) {
    io.out("research: running the research agent");
    const result = await runResearchPhase(ctx, { task: args.goal });
    await appendTranscript(
      files,
      `## ${now()} - Research\n\n${codeBlock(JSON.stringify(result.research, null, 2), "json")}`,
    );
    if (result.research.error !== undefined) {
      io.out(`research: failed, planning goes on without findings (${result.research.error})`);
    } else {
      io.out(`research: findings written to ${pathsOf(ctx).research}`);
    }
    const proposed = result.kind === "decisions" ? result.decisions : [];
    await writeDecisionsFile(ctx, args.goal, proposed);
  } else {
    io.out(`research: reusing ${pathsOf(ctx).research}`);
  }
  let decisions = await readDecisions(ctx);
  if (args.resetDecisions) {
    decisions = resetDecisions(decisions);
    io.out("decisions: reset (--reset-decisions)");
  }
  const deferred = await decide(io, args, decisions, files);
  await writeDecisionsFile(ctx, args.goal, decisions, deferred);
  return complexity;
}

/** Parses `--decision D1=2` flags, keyed by the id in lower case. */
function flagAnswers(args: PlanArgs): Map<string, { id: string; answer: string }> {
  const out = new Map<string, { id: string; answer: string }>();
  for (const raw of args.decisions) {
    const i = raw.indexOf("=");
    if (i <= 0) throw new CliError(`--decision expects ID=ANSWER, got "${raw}"`);
    const id = raw.slice(0, i).trim();
    out.set(id.toLowerCase(), { id, answer: raw.slice(i + 1).trim() });
  }
  return out;
}

/**
 * A `--decision` no open decision takes says so on stderr, rather than leaving the user to
 * believe it was answered (a mistyped id, decisions cached from an earlier run, a goal with none).
 */
function warnUnusedFlags(
  io: CliIo,
  flags: ReadonlyMap<string, { id: string }>,
  open: readonly PendingDecision[],
  all: readonly PendingDecision[],
): void {
  const why =
    open.length > 0
      ? `no open decision has that id (open: ${open.map((d) => d.id).join(", ")})`
      : all.length > 0
        ? "every decision is answered already (--reset-decisions asks them again)"
        : "this goal has no decisions to answer";
  for (const [key, { id }] of flags) {
    if (!open.some((d) => d.id.toLowerCase() === key))
      io.err(`ralph: --decision ${id} not used: ${why}`);
  }
}

function present(io: CliIo, d: PendingDecision, n: number): void {
  io.out("");
  io.out(`Decision ${n} (${d.id}): ${d.title}${d.critical ? " [critical]" : ""}`);
  if (d.context.trim() !== "") io.out(`  ${d.context.trim()}`);
  for (const o of d.options) {
    const description = o.description.trim() === "" ? "" : ` - ${o.description.trim()}`;
    io.out(`  ${o.number}. ${o.label}${description}`);
  }
  const rec = d.options.find((o) => o.number === d.recommendation);
  const why = d.rationale.trim() === "" ? "" : ` because ${d.rationale.trim()}`;
  io.out(`  Recommendation: ${rec ? `${rec.number} (${rec.label})${why}` : "none"}`);
}

/** Asks each open decision; returns the ids deferred to their recommendation (`skip`). */
async function decide(
  io: CliIo,
  args: PlanArgs,
  decisions: PendingDecision[],
  files: PlanFiles,
): Promise<string[]> {
  const open = decisions.filter((d) => !isResolved(d));
  const flags = flagAnswers(args);
  warnUnusedFlags(io, flags, open, decisions);
  if (open.length === 0) return [];
  const deferred: string[] = [];
  io.out(`${counted(open.length, "decision")} before planning:`);
  for (const [i, d] of open.entries()) {
    present(io, d, i + 1);
    for (;;) {
      const answer = args.nonInteractive
        ? (flags.get(d.id.toLowerCase())?.answer ?? "skip")
        : ((await io
            .prompter()
            .ask("Which option? (number, skip, your own answer, or a question ending with ?) ")) ??
          "skip");
      const value = answer.trim() === "" ? "skip" : answer.trim();
      if (value.toLowerCase() === "skip") {
        if (d.critical) {
          const hint = args.nonInteractive
            ? `pass --decision ${d.id}=<option number or answer>`
            : "answer it to continue";
          if (args.nonInteractive || answer === null) {
            throw new CliError(
              `the critical decision ${d.id} (${d.title}) has no answer and cannot be skipped: ${hint}. Planning did not start.`,
            );
          }
          io.out(`  ${d.id} is critical: it cannot be skipped.`);
          continue;
        }
        d.selected = d.recommendation;
        deferred.push(d.id);
        io.out(`  ${d.id}: skipped, using the recommendation (${d.recommendation ?? "none"})`);
        break;
      }
      if (isFollowUpQuestion(value)) {
        const reply = followUpAnswer(d);
        d.followUps.push({ question: value, answer: reply });
        io.out(`  ${reply}`);
        await appendTranscript(
          files,
          `## ${io.clock.now().toISOString()} - Question on ${d.id}\n\n**Q:** ${value}\n\n**A:** ${reply}`,
        );
        if (args.nonInteractive) {
          flags.delete(d.id.toLowerCase());
        }
        continue;
      }
      const byNumber = /^(?:option\s*)?#?(\d+)$/i.exec(value);
      const option = byNumber
        ? d.options.find((o) => o.number === Number(byNumber[1]))
        : d.options.find((o) => o.label.trim().toLowerCase() === value.toLowerCase());
      if (option) {
        d.selected = option.number;
        d.custom = null;
      } else if (byNumber) {
        io.out(`  ${d.id} has no option ${byNumber[1]}.`);
        if (args.nonInteractive) throw new CliError(`--decision ${d.id}: no option ${byNumber[1]}`);
        continue;
      } else {
        d.selected = null;
        d.custom = value;
      }
      break;
    }
    await appendTranscript(
      files,
      `## ${io.clock.now().toISOString()} - Decision ${d.id}\n\n${d.title}: ${d.selected !== null ? `option ${d.selected}` : (d.custom ?? "")}${deferred.includes(d.id) ? " (skipped: recommendation)" : ""}`,
    );
  }
  return deferred;
}
