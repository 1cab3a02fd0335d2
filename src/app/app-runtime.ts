import type { Context, Probot } from "probot";
import { defaultConfig, type RalphConfig } from "../core/config.js";
import type { GitHubClient, GitHubContext } from "../github/client.js";
import { paginate } from "../github/client.js";
import { loadRepoConfig } from "../github/config.js";
import { type IssueInfo, toIssueInfo } from "../reconcile/issue-info.js";
import { KeyedLock } from "../reconcile/lock.js";
import { type ReconcileReport, reconcileIssue, type Signal } from "../reconcile/reconcile.js";
import type { RalphAppOptions } from "./create-app.js";
import { InFlight } from "./in-flight.js";
import { ApprovalPoller, DEFAULT_POLL_INTERVAL_MS, intervalScheduler } from "./poller.js";
import { recoverUnacknowledgedCommands } from "./recover-commands.js";

const AWAITING_APPROVAL_LABEL = "ralph:awaiting-approval";

type Log = GitHubContext["log"];

function logOf(target: { log: Log }): Log {
  return {
    info: (m) => target.log.info(m),
    warn: (m) => target.log.warn(m),
    error: (m) => target.log.error(m),
    debug: (m) => target.log.debug(m),
  };
}

/**
 * What the App's handlers share: the loaded Probot, Ralph's own login (looked up once), the
 * per-issue lock every reconcile runs under, and the approval poller. No issue state: that lives
 * in the status comment.
 */
export class AppRuntime {
  probot: Probot | null = null;
  readonly poller: ApprovalPoller;
  /** Work started after a webhook was answered (answer first: GitHub gives up after 10 s). */
  readonly inFlight = new InFlight((error) =>
    this.probot?.log.error(`handling a webhook failed after it was answered: ${String(error)}`),
  );
  private readonly lock = new KeyedLock();
  private botLogin: Promise<string> | null;
  private readonly answerFirst: boolean;
  private readonly pollIntervalMs: number;

  constructor(options: RalphAppOptions) {
    this.botLogin = options.botLogin === undefined ? null : Promise.resolve(options.botLogin);
    this.answerFirst = options.answerFirst ?? false;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.poller = new ApprovalPoller({
      scheduler: options.scheduler ?? intervalScheduler,
      intervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
      sweep: (id) => this.sweep(id),
      log: {
        info: (m) => this.probot?.log.info(m),
        warn: (m) => this.probot?.log.warn(m),
        error: (m) => this.probot?.log.error(m),
        debug: (m) => this.probot?.log.debug(m),
      },
    });
  }

  /**
   * `app.on` for Ralph's handlers: each one answers GitHub as soon as the payload is accepted and
   * runs after (unless `answerFirst` is false); `inFlight.idle()` waits for the work.
   */
  listen(app: Probot): Probot["on"] {
    if (!this.answerFirst) return app.on.bind(app);
    return ((events: unknown, handler: (context: Context) => Promise<void>) =>
      app.on(events as never, async (context: Context) =>
        this.inFlight.start(() => handler(context)),
      )) as unknown as Probot["on"];
  }

  /** The GitHub context of a webhook; its installation gets a poller. */
  fromContext(app: Probot, context: Context): Promise<GitHubContext> {
    const { owner, repo } = context.repo();
    const installation = (context.payload as { installation?: { id: number } }).installation;
    if (installation) this.poller.ensure(installation.id);
    const client = context.octokit as unknown as GitHubClient;
    return this.contextFor(app, client, owner, repo, logOf(context));
  }

  /** One reconcile of one issue, under the issue's lock. */
  run(
    gh: GitHubContext,
    issue: number | IssueInfo,
    signal: Signal,
    repoUrl?: string,
  ): Promise<ReconcileReport> {
    const number = typeof issue === "number" ? issue : issue.number;
    return this.lock.run(`${gh.owner}/${gh.repo}#${number}`.toLowerCase(), () =>
      reconcileIssue({ gh, issue, signal, ...(repoUrl === undefined ? {} : { repoUrl }) }),
    );
  }

  async configOrDefault(gh: GitHubContext): Promise<RalphConfig> {
    try {
      return await loadRepoConfig(gh);
    } catch {
      // Routing only needs branch_prefix / ralph_home / workflow; the reconcile reports the error.
      return defaultConfig();
    }
  }

  /** One approval sweep of an installation: every open issue awaiting approval is re-read. */
  async sweep(installationId: number): Promise<void> {
    if (this.probot === null) return;
    const app = this.probot;
    const client = (await app.auth(installationId)) as unknown as GitHubClient;
    for (let page = 1; page <= 50; page++) {
      const res = await client.request("GET /installation/repositories", { per_page: 100, page });
      const repos = (
        res.data as { repositories: { name: string; owner: { login: string }; html_url: string }[] }
      ).repositories;
      for (const r of repos) {
        const gh = await this.contextFor(app, client, r.owner.login, r.name, logOf(app));
        await this.sweepRepository(app, gh, r.html_url);
      }
      if (repos.length < 100) break;
    }
  }

  /** Lists installations at load, so their pollers start without waiting for a webhook. */
  async discover(app: Probot): Promise<void> {
    try {
      const octokit = await app.auth();
      for (let page = 1; page <= 50; page++) {
        const res = await octokit.request("GET /app/installations", { per_page: 100, page });
        const installations = res.data as { id: number }[];
        for (const i of installations) this.poller.ensure(i.id);
        if (installations.length < 100) break;
      }
    } catch (error) {
      app.log.warn(`could not list installations for the approval poller: ${String(error)}`);
    }
  }

  private async sweepRepository(app: Probot, gh: GitHubContext, repoUrl: string): Promise<void> {
    // Every page: a busy repository may have more than 100 PRDs waiting.
    const issues = await paginate<Parameters<typeof toIssueInfo>[0]>(
      gh,
      "GET /repos/{owner}/{repo}/issues",
      { labels: AWAITING_APPROVAL_LABEL, state: "open" },
    );
    for (const raw of issues) {
      try {
        await this.run(gh, toIssueInfo(raw), { kind: "touch" }, repoUrl);
      } catch (error) {
        app.log.error(`sweep of ${gh.owner}/${gh.repo}#${raw.number} failed: ${String(error)}`);
      }
    }
    if (this.answerFirst) await this.recover(gh, repoUrl);
  }

  /** Commands whose webhook was answered but never handled (a crash in between). */
  private async recover(gh: GitHubContext, repoUrl: string): Promise<void> {
    const windowMs = 2 * (this.pollIntervalMs || DEFAULT_POLL_INTERVAL_MS);
    try {
      await recoverUnacknowledgedCommands(gh, windowMs, (issue, comment) =>
        this.run(gh, issue, { kind: "comment", comment }, repoUrl),
      );
    } catch (error) {
      gh.log.error(`recovering commands in ${gh.owner}/${gh.repo} failed: ${String(error)}`);
    }
  }

  private async contextFor(
    app: Probot,
    client: GitHubClient,
    owner: string,
    repo: string,
    log: Log,
  ): Promise<GitHubContext> {
    return { client, owner, repo, botLogin: await this.ownLogin(app), log };
  }

  private ownLogin(app: Probot): Promise<string> {
    if (this.botLogin === null) {
      const lookup = (async () => {
        const octokit = await app.auth();
        const res = await octokit.request("GET /app");
        const slug = (res.data as { slug?: string } | null)?.slug;
        if (!slug) throw new Error("GET /app returned no slug");
        return `${slug}[bot]`;
      })();
      this.botLogin = lookup;
      // A failed lookup is retried at the next event instead of being cached.
      lookup.catch(() => {
        this.botLogin = null;
      });
    }
    return this.botLogin;
  }
}
