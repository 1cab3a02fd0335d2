import { ALL_PHASE_LABELS } from "../core/state.js";
import { type GitHubContext, httpStatus, isNotFound, repoParams } from "./client.js";

/** Colours make the phase readable at a glance in issue lists. */
export const PHASE_LABEL_COLORS: Record<string, { color: string; description: string }> = {
  "ralph:planning": { color: "1d76db", description: "Ralph is planning" },
  "ralph:questions": { color: "fbca04", description: "Ralph is waiting for answers" },
  "ralph:awaiting-approval": { color: "d93f0b", description: "Ralph's PRD waits for approval" },
  "ralph:implementing": { color: "5319e7", description: "Ralph is implementing" },
  "ralph:verifying": { color: "0e8a16", description: "Ralph is verifying" },
  "ralph:plan-invalidated": { color: "b60205", description: "The verifier invalidated the plan" },
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

/** Labels known to exist, per repository, so a phase change costs no extra lookup next time. */
const existingLabels = new Set<string>();

async function ensureLabel(gh: GitHubContext, name: string): Promise<void> {
  const cacheKey = `${gh.owner}/${gh.repo}:${name}`;
  if (existingLabels.has(cacheKey)) return;
  try {
    await gh.client.request("GET /repos/{owner}/{repo}/labels/{name}", { ...repoParams(gh), name });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const style = PHASE_LABEL_COLORS[name] ?? { color: "ededed", description: "Ralph" };
    try {
      await gh.client.request("POST /repos/{owner}/{repo}/labels", {
        ...repoParams(gh),
        name,
        color: style.color,
        description: style.description,
      });
    } catch (createError) {
      // 422 already_exists: someone created it between our two calls.
      if (httpStatus(createError) !== 422) throw createError;
    }
  }
  existingLabels.add(cacheKey);
}

/** Forget the label cache (tests run several repos' worth of mocks in one process). */
export function resetLabelCache(): void {
  existingLabels.clear();
}

/**
 * Exactly one Ralph phase label at a time (DESIGN §3.2): removes the other `ralph:*` phase labels
 * and adds `label` (created with a colour when missing). `null` removes them all. Touches nothing
 * when the issue already has exactly the wanted label. Other labels (the trigger label too) stay.
 */
export async function setPhaseLabel(
  gh: GitHubContext,
  issue: number,
  label: string | null,
  current?: readonly string[],
): Promise<void> {
  const labels = current ?? (await listIssueLabels(gh, issue));
  for (const name of labels) {
    if (name === label || !ALL_PHASE_LABELS.includes(name)) continue;
    try {
      await gh.client.request("DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}", {
        ...repoParams(gh),
        issue_number: issue,
        name,
      });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  if (label === null || labels.includes(label)) return;
  await ensureLabel(gh, label);
  await gh.client.request("POST /repos/{owner}/{repo}/issues/{issue_number}/labels", {
    ...repoParams(gh),
    issue_number: issue,
    labels: [label],
  });
}
