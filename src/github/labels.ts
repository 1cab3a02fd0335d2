import { ALL_PHASE_LABELS } from "../core/state.js";
import { type GitHubContext, paginateUpTo, repoParams } from "./client.js";

/** Colours make the phase readable at a glance in issue lists. */
export const PHASE_LABEL_COLORS: Record<string, { color: string; description: string }> = {
  "ralph:planning": { color: "1d76db", description: "Ralph is planning" },
  "ralph:questions": { color: "fbca04", description: "Ralph is waiting for answers" },
  "ralph:awaiting-approval": { color: "d93f0b", description: "Ralph's PRD waits for approval" },
  "ralph:implementing": { color: "5319e7", description: "Ralph is implementing" },
  "ralph:verifying": { color: "0e8a16", description: "Ralph is verifying" },
  "ralph:plan-invalidated": { color: "b60205", description: "The verifier invalidated the plan" },
  "ralph:ci": { color: "c2e0c6", description: "Ralph waits for the repository's CI on its PR" },
  "ralph:done": { color: "0e8a16", description: "Ralph finished: review the PR" },
  "ralph:failed": { color: "b60205", description: "Ralph stopped on a failure" },
  "ralph:stopped": { color: "cccccc", description: "Ralph was stopped" },
};

export async function listIssueLabels(gh: GitHubContext, issue: number): Promise<string[]> {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/issues/{issue_number}/labels", {
    ...repoParams(gh),
    issue_number: issue,
    per_page: 100,
  });
  return (res.data as { name: string }[]).map((l) => l.name);
}

/** GitHub's colour for a label it created implicitly (a name set on an issue that did not exist). */
export const IMPLICIT_LABEL_COLOR = "ededed";

/** Phase labels whose colour is known to be right, per repository (no second look). */
const styledLabels = new Set<string>();

/** Forget the label cache (tests run several repos' worth of mocks in one process). */
export function resetLabelCache(): void {
  styledLabels.clear();
}

/**
 * Exactly one Ralph phase label at a time (DESIGN §3.2): the other `ralph:*` phase labels go,
 * `label` comes (`null`: none), every other label (the trigger label too) stays. One
 * `PUT .../labels` with the whole set (issue 11; it was up to five calls), after one read of the
 * current labels unless the caller knows them. Nothing is written when the issue already has
 * exactly the wanted phase label. A phase label GitHub had to create implicitly gets Ralph's
 * colour and description in one more call, once per repository. With `gh.phaseLabels` (the
 * Action) the change is one GraphQL call instead (src/github/phase-label-switch.ts), and this
 * REST path is its fallback.
 */
export async function setPhaseLabel(
  gh: GitHubContext,
  issue: number,
  label: string | null,
  current?: readonly string[],
): Promise<string[]> {
  if (current === undefined && gh.phaseLabels !== undefined) {
    const set = await gh.phaseLabels.set(gh, issue, label);
    if (set !== null) return set;
  }
  const labels = current ?? (await listIssueLabels(gh, issue));
  const others = labels.filter((name) => !ALL_PHASE_LABELS.includes(name));
  const wanted = label === null ? others : [...others, label];
  const phaseNow = labels.filter((name) => ALL_PHASE_LABELS.includes(name));
  if (phaseNow.length === (label === null ? 0 : 1) && (label === null || phaseNow[0] === label)) {
    return [...labels];
  }
  const res = await gh.client.request("PUT /repos/{owner}/{repo}/issues/{issue_number}/labels", {
    ...repoParams(gh),
    issue_number: issue,
    labels: wanted,
  });
  const set = (res.data as { name: string; color?: string }[]) ?? [];
  if (label !== null) await styleLabel(gh, label, set.find((l) => l.name === label)?.color);
  return set.map((l) => l.name);
}

/** Gives a phase label GitHub created implicitly (grey) Ralph's colour and description. */
export async function styleLabel(
  gh: GitHubContext,
  name: string,
  color: string | undefined,
): Promise<void> {
  const cacheKey = `${gh.owner}/${gh.repo}:${name}`;
  if (styledLabels.has(cacheKey)) return;
  const style = PHASE_LABEL_COLORS[name];
  if (style !== undefined && color?.toLowerCase() === IMPLICIT_LABEL_COLOR) {
    try {
      await gh.client.request("PATCH /repos/{owner}/{repo}/labels/{name}", {
        ...repoParams(gh),
        name,
        color: style.color,
        description: style.description,
      });
    } catch (error) {
      // Cosmetic: the label works grey; the next process tries again.
      gh.log.warn(`could not colour the ${name} label: ${String(error)}`);
      return;
    }
  }
  styledLabels.add(cacheKey);
}

/**
 * The waiting phases no webhook may end (DESIGN §3.3): a PRD approved by a 👍 (reactions fire no
 * event), and the CI gate's wait, where a CI that is not GitHub Actions (or a workflow the
 * Action does not listen to) and the end of `verify.ci_wait_minutes` bring no event of their own.
 */
export const SWEPT_LABELS: readonly string[] = ["ralph:awaiting-approval", "ralph:ci"];

/**
 * The open issues a sweep re-reads: one listing per swept label, each issue once, up to
 * `maxPages` pages a label. `cut` names each label whose listing had more than that (never silent).
 */
export async function listSweptIssues<T extends { number: number }>(
  gh: GitHubContext,
  maxPages: number,
): Promise<{ issues: T[]; cut: { label: string; read: number }[] }> {
  const issues: T[] = [];
  const cut: { label: string; read: number }[] = [];
  for (const label of SWEPT_LABELS) {
    const { items, more } = await paginateUpTo<T>(
      gh,
      "GET /repos/{owner}/{repo}/issues",
      { labels: label, state: "open" },
      maxPages,
    );
    if (more) cut.push({ label, read: items.length });
    for (const item of items) if (!issues.some((i) => i.number === item.number)) issues.push(item);
  }
  return { issues, cut };
}
