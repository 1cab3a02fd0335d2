/**
 * What reaches Ralph's pull request after it opened (DESIGN §2.3): it is merged, closed or
 * reopened, and the repository's CI reports on it. Each goes to the issue the pull request
 * belongs to; an event about a pull request that is not Ralph's costs one call (the config) or
 * none.
 */
import type { Probot } from "probot";
import { FAILING_CHECK_CONCLUSIONS } from "../core/ci-verdict.js";
import { isBotUser } from "../github/client.js";
import { type PullPayload, pullAsIssue, ralphPullOwner } from "../reconcile/issue-info.js";
import {
  ciEventTargets,
  closedPullOwner,
  mayBeRalphPull,
  type PullRef,
} from "../reconcile/pr-events.js";
import type { AppRuntime } from "./app-runtime.js";

export function onAfterPrEvents(app: Probot, rt: AppRuntime): void {
  const on = rt.listen(app);

  // Merged or closed: Ralph stops watching it. Reopened (unmerged): `/ralph run` may resume.
  on(["pull_request.closed", "pull_request.reopened"], async (context) => {
    const p = context.payload;
    const pull = p.pull_request as unknown as PullPayload & { merged?: boolean | null };
    const gh = await rt.fromContext(app, context);
    const owner = closedPullOwner(gh, pull, await rt.configOrDefault(gh));
    if (owner === null) return;
    await rt.run(
      gh,
      owner === pull.number ? pullAsIssue(pull) : owner,
      p.action === "closed"
        ? { kind: "pr_closed", pr: pull.number, merged: pull.merged === true }
        : { kind: "pr_reopened", pr: pull.number },
      p.repository.html_url,
    );
  });

  // A check suite completes once all its runs have: the CI gate's usual signal.
  on("check_suite.completed", async (context) => {
    const p = context.payload;
    const suite = p.check_suite as unknown as { head_sha: string; pull_requests?: PullRef[] };
    await touchOwners(app, rt, context, { sha: suite.head_sha, pulls: suite.pull_requests ?? [] });
  });

  // A single run only when it failed (the rest is seen when its suite completes).
  on("check_run.completed", async (context) => {
    const p = context.payload;
    const run = p.check_run as unknown as {
      head_sha: string;
      conclusion: string | null;
      pull_requests?: PullRef[];
    };
    if (!FAILING_CHECK_CONCLUSIONS.includes(run.conclusion ?? "")) return;
    await touchOwners(app, rt, context, { sha: run.head_sha, pulls: run.pull_requests ?? [] });
  });

  // A legacy commit status: only a final one (success, failure, error) says anything new.
  on("status", async (context) => {
    const p = context.payload as unknown as {
      sha: string;
      state: string;
      branches?: { name: string }[];
    };
    if (p.state === "pending") return;
    await touchOwners(app, rt, context, {
      sha: p.sha,
      branches: (p.branches ?? []).map((b) => b.name),
    });
  });
}

/**
 * A push to Ralph's pull request (`pull_request.synchronize`): by Ralph itself it says nothing
 * new; by anyone else (a maintainer's commit on Ralph's branch) the issue is re-read, as for CI.
 * Returns whether the pull request was Ralph's (then nothing else is to be done with the event).
 * Pull requests that cannot be Ralph's cost no call.
 */
export async function routeRalphPrPush(
  app: Probot,
  rt: AppRuntime,
  context: Parameters<AppRuntime["fromContext"]>[1],
  pull: PullPayload,
  sender: { login: string; type: string } | null | undefined,
): Promise<boolean> {
  const gh = await rt.fromContext(app, context);
  if (!mayBeRalphPull(gh, pull)) return false;
  const owner = ralphPullOwner(gh, pull, await rt.configOrDefault(gh));
  if (owner === null) return false;
  if (!isBotUser(sender) && sender?.login !== gh.botLogin) {
    await rt.run(gh, owner, { kind: "ci", pr: pull.number, sha: pull.head.sha });
  }
  return true;
}

async function touchOwners(
  app: Probot,
  rt: AppRuntime,
  context: Parameters<AppRuntime["fromContext"]>[1],
  event: { sha: string; pulls?: PullRef[]; branches?: string[] },
): Promise<void> {
  // Nothing names a branch of this repository: not a pull request Ralph could own.
  if ((event.pulls ?? []).length === 0 && (event.branches ?? []).length === 0) return;
  const gh = await rt.fromContext(app, context);
  const repoUrl = (context.payload as { repository: { html_url: string } }).repository.html_url;
  for (const target of await ciEventTargets(gh, event, () => rt.configOrDefault(gh))) {
    await rt.run(gh, target.issue, { kind: "ci", pr: target.pr, sha: target.sha }, repoUrl);
  }
}
