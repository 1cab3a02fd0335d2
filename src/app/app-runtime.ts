import type { Context, Probot } from "probot";
import { defaultConfig, type RalphConfig } from "../core/config.js";
import type { GitHubClient, GitHubContext } from "../github/client.js";
import { loadRepoConfig } from "../github/config.js";
import { conflictingPulls, openRalphPulls } from "../reconcile/conflict-sweep.js";
import type { IssueInfo } from "../reconcile/issue-info.js";
import { KeyedLock } from "../reconcile/lock.js";
import { type ReconcileReport, reconcileIssue, type Signal } from "../reconcile/reconcile.js";
import type { RalphAppOptions } from "./create-app.js";
import { InFlight } from "./in-flight.js";
import { ApprovalPoller, DEFAULT_POLL_INTERVAL_MS, intervalScheduler } from "./poller.js";
import { recoverUnacknowledgedCommands } from "./recover-commands.js";
import {
  accountOf,
  awaitingApproval,
  DONE_LABEL,
  type FoundIssue,
  type InstallationAccount,
  updatedSince,
} from "./sweep.js";

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
  /** Installation → its account (search qualifier), from listings, webhooks or one lookup. */
  private readonly accounts = new Map<number, InstallationAccount>();
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
      app.on(events as never, async (context: Context) => {
        // Each installation has its own slots (in-flight.ts): one busy installation waits alone.
        const installation = (context.payload as { installation?: { id?: number } }).installation;
        this.inFlight.start(() => handler(context), `installation-${installation?.id ?? "none"}`);
      })) as unknown as Probot["on"];
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

  /**
   * One approval sweep of an installation (DESIGN §3.3): its open issues awaiting approval, found
   * by one search across its repositories (sweep.ts), are re-read; then, when the App answers
   * first, commands on recently updated issues that were never handled.
   */
  async sweep(installationId: number): Promise<void> {
    if (this.probot === null) return;
    const app = this.probot;
    const client = (await app.auth(installationId)) as unknown as GitHubClient;
    const account = await this.accountOf(app, installationId);
    const log = logOf(app);
    const startedAt = new Date();
    const found = await awaitingApproval(client, account, log);
    const done = found.filter((f) => f.issue.labels.includes(DONE_LABEL));
    for (const f of found.filter((x) => !done.includes(x))) {
      const gh = await this.contextFor(app, client, f.owner, f.repo, log);
      await this.sweepOne(app, gh, f.issue, { kind: "touch" }, f.repoUrl);
    }
    // Done issues: their repositories' open pull requests of Ralph's, one listing each; only a
    // pull request GitHub says conflicts with a moved base has its issue re-read.
    for (const repoUrl of new Set(done.map((f) => f.repoUrl))) {
      const { owner, repo } = done.find((f) => f.repoUrl === repoUrl) as FoundIssue;
      const gh = await this.contextFor(app, client, owner, repo, log);
      const config = await this.configOrDefault(gh);
      const conflicts = await conflictingPulls(gh, await openRalphPulls(gh, config), config);
      for (const t of conflicts) {
        await this.sweepOne(app, gh, t.issue, { kind: "base", pr: t.pr }, repoUrl);
      }
    }
    if (this.answerFirst) await this.recover(app, client, account, startedAt);
  }

  private async sweepOne(
    app: Probot,
    gh: GitHubContext,
    issue: IssueInfo | number,
    signal: Signal,
    repoUrl: string,
  ): Promise<void> {
    try {
      await this.run(gh, issue, signal, repoUrl);
    } catch (error) {
      const n = typeof issue === "number" ? issue : issue.number;
      app.log.error(`sweep of ${gh.owner}/${gh.repo}#${n} failed: ${String(error)}`);
    }
  }

  /** Remembers an installation's account (from a listing or its webhook): no lookup later. */
  noteInstallation(id: number, raw: Parameters<typeof accountOf>[0]): void {
    const account = accountOf(raw);
    if (account !== null) this.accounts.set(id, account);
  }

  /** Lists installations at load, so their pollers start without waiting for a webhook. */
  async discover(app: Probot): Promise<void> {
    try {
      const octokit = await app.auth();
      for (let page = 1; ; page++) {
        const res = await octokit.request("GET /app/installations", { per_page: 100, page });
        const installations = res.data as ({ id: number } & Parameters<typeof accountOf>[0])[];
        for (const i of installations) {
          this.noteInstallation(i.id, i);
          this.poller.ensure(i.id);
        }
        if (installations.length < 100) break;
      }
    } catch (error) {
      app.log.warn(`could not list installations for the approval poller: ${String(error)}`);
    }
  }

  /** The account an installation belongs to (the sweep's search qualifier), looked up once. */
  private async accountOf(app: Probot, id: number): Promise<InstallationAccount> {
    const known = this.accounts.get(id);
    if (known !== undefined) return known;
    const octokit = await app.auth();
    const res = await octokit.request("GET /app/installations/{installation_id}", {
      installation_id: id,
    });
    const account = accountOf(res.data as Parameters<typeof accountOf>[0]);
    if (account === null) throw new Error(`installation ${id} names no account`);
    this.accounts.set(id, account);
    return account;
  }

  /** Commands whose webhook was answered but never handled (a crash in between). */
  private async recover(
    app: Probot,
    client: GitHubClient,
    account: InstallationAccount,
    now: Date,
  ): Promise<void> {
    const since = new Date(now.getTime() - 2 * (this.pollIntervalMs || DEFAULT_POLL_INTERVAL_MS));
    try {
      for (const found of await updatedSince(client, account, since, logOf(app))) {
        const gh = await this.contextFor(app, client, found.owner, found.repo, logOf(app));
        await recoverUnacknowledgedCommands(gh, found.issue.number, since, (issue, comment) =>
          this.run(gh, issue, { kind: "comment", comment }, found.repoUrl),
        );
      }
    } catch (error) {
      app.log.error(
        `recovering commands of ${account.login}'s installation failed: ${String(error)}`,
      );
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
