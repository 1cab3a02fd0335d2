import * as z from "zod";
import type { PendingDecision } from "./state.js";
import { formatZodIssues } from "./zod-errors.js";

/** Seed 002 decisions.json, the critical-decision rules, and reading users' replies. */

export const DECISION_CATEGORIES = [
  "architecture",
  "technology",
  "security",
  "integration",
  "behavior",
] as const;
export const decisionCategorySchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z.enum(DECISION_CATEGORIES),
);
export type DecisionCategory = (typeof DECISION_CATEGORIES)[number];

export const optionSchema = z.object({
  number: z.number().int().min(1),
  label: z.string().min(1),
  description: z.string(),
});

export const followUpSchema = z.object({ question: z.string(), answer: z.string() });

export const decisionSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  category: decisionCategorySchema,
  context: z.string(),
  options: z.array(optionSchema).min(1),
  recommendation: z.number().int().min(1).nullable(),
  recommendation_rationale: z.string(),
  /** Null while undecided or deferred (the seed's file only shows decided ones). */
  selected_option: z.number().int().min(1).nullable(),
  user_response: z.string(),
  follow_up_questions: z.array(followUpSchema),
});
export type Decision = z.infer<typeof decisionSchema>;

export const decisionsFileSchema = z.object({
  task: z.string(),
  decided_at: z.string(),
  decisions: z.array(decisionSchema),
  /** Ids of decisions deferred with "skip" (they fall back to the recommendation). */
  deferred: z.array(z.string()),
  critical_resolved: z.boolean(),
});
export type DecisionsFile = z.infer<typeof decisionsFileSchema>;

export function parseDecisionsFile(
  raw: unknown,
): { ok: true; value: DecisionsFile } | { ok: false; errors: string[] } {
  const parsed = decisionsFileSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: formatZodIssues(parsed.error) };
}

/** Categories that are always critical (seed 002 "Marking Decisions as Critical"). */
export const criticalCategories: readonly DecisionCategory[] = ["architecture", "security"];

/**
 * Technology is critical if it affects core functionality, integration if it blocks
 * implementation; behavior usually is not. Without the hint those two count as non-critical, so a
 * `/ralph skip` can fall back to the recommendation instead of blocking the issue.
 */
export function isCritical(
  category: DecisionCategory,
  hint: { affectsCore?: boolean; blocksImplementation?: boolean } = {},
): boolean {
  if (criticalCategories.includes(category)) return true;
  if (category === "technology") return hint.affectsCore === true;
  if (category === "integration") return hint.blocksImplementation === true;
  return false;
}

export function isResolved(d: PendingDecision): boolean {
  return d.selected !== null || (d.custom !== null && d.custom.trim() !== "");
}

/** `critical_resolved`: every critical decision has an answer. */
export function criticalResolved(decisions: readonly PendingDecision[]): boolean {
  return decisions.every((d) => !d.critical || isResolved(d));
}

export type DecisionAnswer = { selected: number } | { custom: string };

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Lines a reader sees: no fenced code, no `>` quotes (quoting the question is not answering). */
function visibleLines(text: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const raw of text.replace(/<!--[\s\S]*?-->/g, "").split(/\r?\n/)) {
    const t = raw.trim();
    const f = /^(`{3,}|~{3,})/.exec(t);
    if (f) {
      if (fence === null) fence = f[1]![0]!;
      else if (f[1]![0] === fence) fence = null;
      continue;
    }
    if (fence !== null || t.startsWith(">")) continue;
    out.push(t.replace(/\*\*|__/g, "").replace(/^[-*+]\s+/, ""));
  }
  return out;
}

/** "2", "option 2", "2 - because…", or an option label; otherwise free text. */
function readValue(value: string, d: PendingDecision): DecisionAnswer | null {
  const v = value.trim();
  if (v === "") return null;
  const m = /^(?:option\s*)?#?(\d+)(?=$|[\s.,;:)\-–—(])/i.exec(v);
  if (m) {
    const n = Number(m[1]);
    return d.options.some((o) => o.number === n) ? { selected: n } : null;
  }
  const bare = v.replace(/[.!]+$/, "").toLowerCase();
  const byLabel = d.options.find((o) => o.label.trim().toLowerCase() === bare);
  if (byLabel) return { selected: byLabel.number };
  return { custom: v };
}

/**
 * Reads answers from a reply comment: `D1: 2`, `D2 - 1`, `d1 = Server-side sessions`, positional
 * `1. 2` (first decision, option 2), or a lone bare number when exactly one decision is open.
 * Later lines win. Option numbers that do not exist are ignored (the decision stays open).
 * Never throws.
 */
export function parseDecisionReply(
  text: string,
  decisions: readonly PendingDecision[],
): Map<string, DecisionAnswer> {
  const answers = new Map<string, DecisionAnswer>();
  if (typeof text !== "string" || decisions.length === 0) return answers;
  const lines = visibleLines(text).filter((l) => l !== "");

  if (decisions.length === 1 && lines.length === 1) {
    const only = decisions[0]!;
    const m = /^(?:option\s*)?#?(\d+)[.!]?$/i.exec(lines[0]!);
    if (m && only.options.some((o) => o.number === Number(m[1]))) {
      answers.set(only.id, { selected: Number(m[1]) });
      return answers;
    }
  }

  const ids = [...decisions]
    .sort((a, b) => b.id.length - a.id.length)
    .map((d) => escapeRegExp(d.id))
    .join("|");
  const byId = new RegExp(`^(?:decision\\s*)?(${ids})\\s*[:=)\\-–—.]\\s*(.*)$`, "i");
  const positional = /^(\d+)\s*[.:)=\-–—]\s*(.*)$/;

  for (const line of lines) {
    let target: PendingDecision | undefined;
    let value = "";
    const idMatch = byId.exec(line);
    if (idMatch) {
      const key = idMatch[1]!.toLowerCase();
      target = decisions.find((d) => d.id.toLowerCase() === key);
      value = idMatch[2]!;
    } else {
      const pos = positional.exec(line);
      if (pos) {
        target = decisions[Number(pos[1]) - 1];
        value = pos[2]!;
      }
    }
    if (target === undefined) continue;
    const answer = readValue(value, target);
    if (answer !== null) answers.set(target.id, answer);
  }
  return answers;
}

/** A reply (or the part of it for one decision) that asks rather than answers. */
export function isFollowUpQuestion(text: string): boolean {
  return /\?\s*$/.test(text.trim());
}

/**
 * Seed 002: "Question → answer the question, then re-present options". Ralph answers from what the
 * research run found for this decision (its context, the options and the rationale of the
 * recommendation); the decision is then asked again.
 */
export function followUpAnswer(d: PendingDecision): string {
  const parts: string[] = [];
  if (d.context.trim() !== "") parts.push(d.context.trim());
  for (const o of d.options) {
    const description = o.description.trim() === "" ? "" : `: ${o.description.trim()}`;
    parts.push(`Option ${o.number} (${o.label})${description}.`);
  }
  if (d.recommendation !== null) {
    const why = d.rationale.trim() === "" ? "" : ` because ${d.rationale.trim()}`;
    parts.push(`Ralph recommends option ${d.recommendation}${why}.`);
  }
  if (d.critical) parts.push("This decision is critical: planning waits for an explicit answer.");
  return parts.join(" ");
}

/** "title: chosen option (description)" lines for the planner's prompt. */
export function decisionLines(decisions: readonly PendingDecision[]): string[] {
  const out: string[] = [];
  for (const d of decisions) {
    const option = d.options.find((o) => o.number === d.selected);
    let chosen: string;
    if (option !== undefined) {
      const description = option.description.trim() === "" ? "" : ` - ${option.description}`;
      chosen = `option ${option.number}: ${option.label}${description}`;
    } else if (d.custom !== null && d.custom.trim() !== "") {
      chosen = `the maintainers' own answer: ${d.custom.trim()}`;
    } else {
      continue;
    }
    out.push(`${d.id} ${d.title}: ${chosen}`);
    for (const f of d.followUps) out.push(`  (asked: ${f.question} / answered: ${f.answer})`);
  }
  return out;
}

/** decisions.json (seed 002) for the decisions as they stand. */
export function decisionsFileOf(
  task: string,
  decidedAt: string,
  decisions: readonly PendingDecision[],
  deferred: readonly string[] = [],
): DecisionsFile {
  return {
    task,
    decided_at: decidedAt,
    decisions: decisions.map((d) => ({
      id: d.id,
      title: d.title,
      category: categoryOf(d.category),
      context: d.context,
      options: d.options.map((o) => ({ ...o })),
      recommendation: d.recommendation,
      recommendation_rationale: d.rationale,
      selected_option: d.selected,
      user_response: d.custom ?? (d.selected === null ? "" : String(d.selected)),
      follow_up_questions: d.followUps.map((f) => ({ ...f })),
    })),
    deferred: [...deferred],
    critical_resolved: criticalResolved(decisions),
  };
}

function categoryOf(raw: string): DecisionCategory {
  const c = raw.trim().toLowerCase();
  return (DECISION_CATEGORIES as readonly string[]).includes(c)
    ? (c as DecisionCategory)
    : "behavior";
}

/** The decisions of a decisions.json, as the machine and the CLI hold them. */
export function pendingFromFile(file: DecisionsFile): PendingDecision[] {
  return file.decisions.map((d) => ({
    id: d.id,
    title: d.title,
    critical: isCritical(d.category),
    options: d.options.map((o) => ({ ...o })),
    recommendation: d.recommendation,
    selected: d.selected_option,
    custom: d.selected_option === null && d.user_response.trim() !== "" ? d.user_response : null,
    category: d.category,
    context: d.context,
    rationale: d.recommendation_rationale,
    followUps: d.follow_up_questions.map((f) => ({ ...f })),
  }));
}

/** `--reset-decisions`: every decision open again, the research kept. */
export function resetDecisions(decisions: readonly PendingDecision[]): PendingDecision[] {
  return decisions.map((d) => ({ ...d, selected: null, custom: null, followUps: [] }));
}
