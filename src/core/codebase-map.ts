import type { Uncertainty } from "./prd.js";

/**
 * Seed 003 understand gating: codebase-map staleness, triggers, the auto understand cap, and
 * appending dated entries. Dates are plain `YYYY-MM-DD` strings; "today" is given by the caller
 * (the seed compares local dates, so the caller decides which clock and zone that is).
 */

const ENTRY_HEADER = /^## (\d{4}-\d{2}-\d{2}) - /;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class MapEntryError extends Error {
  override name = "MapEntryError";
}

/** A real calendar date in `YYYY-MM-DD` form (rejects 2026-02-30). */
export function isIsoDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The most recent `## YYYY-MM-DD - ` entry date, or null when there is none. */
export function lastEntryDate(map: string): string | null {
  let last: string | null = null;
  for (const line of map.split(/\r?\n/)) {
    const m = ENTRY_HEADER.exec(line);
    if (m && isIsoDate(m[1]!) && (last === null || m[1]! > last)) last = m[1]!;
  }
  return last;
}

/** Missing map, no dated entry, or last entry before `today` (ISO dates compare as strings). */
export function isMapStale(map: string | null, today: string): boolean {
  if (map === null) return true;
  const last = lastEntryDate(map);
  return last === null || last < today;
}

export interface UnderstandTriggers {
  missing: boolean;
  stale: boolean;
  lastEntry: string | null;
  uncertain: boolean;
  topics: string[];
  reasons: string[];
  any: boolean;
}

export interface UnderstandTriggerInput {
  map: string | null;
  today: string;
  uncertainties: readonly Uncertainty[];
  recommendUnderstand: { shouldRun: boolean; reasons: readonly string[] } | null;
}

/** Seed 003 triggers: missing map, stale map, planner uncertainty; `reasons` are for the prompt. */
export function understandTriggers(input: UnderstandTriggerInput): UnderstandTriggers {
  const missing = input.map === null;
  const lastEntry = input.map === null ? null : lastEntryDate(input.map);
  const stale = !missing && isMapStale(input.map, input.today);
  const topics = [...new Set(input.uncertainties.map((u) => u.topic.trim()).filter(Boolean))];
  const uncertain = input.uncertainties.length > 0 || input.recommendUnderstand?.shouldRun === true;

  const reasons: string[] = [];
  if (missing) reasons.push("the codebase map does not exist yet");
  else if (stale && lastEntry === null) reasons.push("the codebase map has no dated entries");
  else if (stale) reasons.push(`the codebase map is stale (last entry ${lastEntry})`);
  if (topics.length > 0) reasons.push(`the planner is uncertain about: ${topics.join(", ")}`);
  else if (uncertain) reasons.push("the planner recommends refreshing the codebase map");
  for (const r of input.recommendUnderstand?.reasons ?? []) {
    if (r.trim() !== "") reasons.push(r.trim());
  }
  return {
    missing,
    stale,
    lastEntry,
    uncertain,
    topics,
    reasons,
    any: missing || stale || uncertain,
  };
}

export type UnderstandMode = "auto" | "always" | "never";

export function shouldPromptUnderstand(
  mode: UnderstandMode,
  triggers: UnderstandTriggers,
): boolean {
  if (mode === "always") return true;
  if (mode === "never") return false;
  return triggers.any;
}

/**
 * Our stand-in for the default topic list of seed 003's `understand_prompt.md` (the seed names
 * the list but does not reproduce it). Used for the new map and the auto-cap fallback.
 */
export const DEFAULT_UNDERSTAND_TOPICS: readonly string[] = [
  "Repository layout and entry points",
  "Build, test and lint commands",
  "Core modules and data model",
  "Configuration and environment",
  "External services and integrations",
  "Error handling and logging conventions",
  "Testing patterns and fixtures",
];

export function defaultCodebaseMap(topics: readonly string[] = DEFAULT_UNDERSTAND_TOPICS): string {
  return ["# Codebase Map", "", "## Next Topics", ...topics.map((t) => `- [ ] ${t}`), ""].join(
    "\n",
  );
}

export interface NextTopicsChecklist {
  found: boolean;
  unchecked: number;
  checked: number;
}

/** The first `## Next Topics` section, up to the next `#`/`##` heading. */
export function nextTopicsChecklist(map: string): NextTopicsChecklist {
  const lines = map.split(/\r?\n/);
  const start = lines.findIndex((l) => /^##\s+Next Topics\s*$/.test(l.trim()));
  if (start === -1) return { found: false, unchecked: 0, checked: 0 };
  let unchecked = 0;
  let checked = 0;
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,2}\s/.test(line)) break;
    if (/^\s*- \[ \] /.test(line)) unchecked++;
    else if (/^\s*- \[[xX]\] /.test(line)) checked++;
  }
  return { found: true, unchecked, checked };
}

/** Unchecked `- [ ] ` items under the first `## Next Topics` (0 when the section is missing). */
export function countNextTopics(map: string): number {
  return nextTopicsChecklist(map).unchecked;
}

/**
 * Seed 003 understand cap (auto): unchecked Next Topics; fallback to the default topic count when
 * the section is missing or has no checklist at all. All topics checked gives 0 ("nothing left").
 */
export function autoUnderstandCap(map: string | null): { count: number; how: string } {
  const n = DEFAULT_UNDERSTAND_TOPICS.length;
  if (map === null) return { count: n, how: `no codebase map yet: ${n} default topics` };
  const list = nextTopicsChecklist(map);
  if (!list.found) return { count: n, how: `no "## Next Topics" section: ${n} default topics` };
  if (list.unchecked + list.checked === 0) {
    return { count: n, how: `"## Next Topics" has no checklist: ${n} default topics` };
  }
  return {
    count: list.unchecked,
    how: `${list.unchecked} unchecked of ${list.unchecked + list.checked} Next Topics`,
  };
}

/** Appends a dated `## YYYY-MM-DD - <title>` entry; a missing map starts from the default one. */
export function appendMapEntry(
  map: string | null,
  date: string,
  title: string,
  body: string,
): string {
  if (!isIsoDate(date)) throw new MapEntryError(`entry date must be YYYY-MM-DD, got "${date}"`);
  const oneLine = title.replace(/\s+/g, " ").trim();
  if (oneLine === "") throw new MapEntryError("entry title must not be empty");
  const base = (map ?? defaultCodebaseMap()).replace(/\s+$/, "");
  const text = body.replace(/\r\n/g, "\n").trim();
  return `${base}\n\n## ${date} - ${oneLine}\n${text === "" ? "" : `\n${text}\n`}`;
}
