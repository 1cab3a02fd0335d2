import type { ProcessBoundary } from "../agents/process-boundary.js";
import type { Agent, Clock } from "../agents/types.js";
import type { RalphConfig } from "../core/config.js";
import {
  pushAuthAfterTaking,
  restoreCheckoutCredentials,
  type TakenCredentials,
  takeCheckoutCredentials,
} from "../git/checkout-credentials.js";
import { detectPushAuth, type PushAuth, withPushAuth } from "../git/git-auth.js";
import { type PushReport, pushBranch } from "../git/push.js";
import type { GitIdentity } from "../git/repository.js";
import { GitRepository } from "../git/repository.js";
import type { DroppedWorkflowChanges } from "../git/workflow-changes.js";
import type { AgentRunRecord, PipelineContext, SpecRef } from "../pipeline/context.js";

export interface RunnerCheckoutOptions {
  root: string;
  config: RalphConfig;
  token: string;
  agent: Agent;
  clock: Clock;
  logRoot: string;
  botIdentity: GitIdentity;
  /** GITHUB_TOKEN can never push workflow files: drop them before pushing. */
  dropWorkflowsFirst: boolean;
  onWorkflowChangesDropped: (branch: string, dropped: DroppedWorkflowChanges) => Promise<void>;
  redact: (text: string) => string;
  log: (line: string) => void;
  /** `config-path`: protected like Ralph's own files during agent runs. */
  configPath?: string;
  /** Environment of the `verify.checks` commands (the agent's, without the token). */
  checkEnv?: NodeJS.ProcessEnv;
  /** Where the `verify.checks` run: the agent's boundary. */
  boundary?: ProcessBoundary;
}

/** Where the spec lives and which branch its work goes to. */
export interface SpecTarget {
  spec: SpecRef;
  branch: string;
  /** A spec PR's own branch: pushed although it is outside the Ralph prefix. */
  ownBranch: boolean;
}

/**
 * The runner's checkout as Ralph uses it: Ralph's branch checked out from `origin`, pipeline
 * contexts for the steps, and pushes back to `origin` (never the default branch).
 */
export class RunnerCheckout {
  private taken: TakenCredentials | null = null;

  private constructor(
    readonly options: RunnerCheckoutOptions,
    readonly git: GitRepository,
    private pushAuth: PushAuth,
  ) {}

  /** How Ralph authenticates its pushes (it changes once the persisted credentials are taken). */
  get auth(): PushAuth {
    return this.pushAuth;
  }

  static async open(options: RunnerCheckoutOptions): Promise<RunnerCheckout> {
    const git = await GitRepository.open(options.root, {
      branchPrefix: options.config.branch_prefix,
    });
    const auth = await detectPushAuth(git.root, options.token);
    options.log(`git: pushing to origin (${describeAuth(auth)})`);
    const checkout = new RunnerCheckout({ ...options, root: git.root }, git, auth);
    // Blobs a filtered clone lacks are fetched with the push credentials of the moment (they move
    // out of the checkout's config while an isolated agent works in it: takeCredentials).
    git.fetchBlobsWith((fn) => withPushAuth(git.root, checkout.auth, fn));
    return checkout;
  }

  get root(): string {
    return this.options.root;
  }

  /**
   * Takes the git credentials actions/checkout persisted out of the checkout's config while the
   * agent, another OS user, works in it (DESIGN §7 rule 9); Ralph keeps them for its pushes.
   * Returns how to put them back at the end of the run (null: already taken).
   */
  async takeCredentials(): Promise<(() => Promise<void>) | null> {
    if (this.taken !== null) return null;
    const taken = await takeCheckoutCredentials(this.root);
    this.taken = taken;
    const origin = (await this.git.remoteUrl("origin")) ?? "";
    this.pushAuth = pushAuthAfterTaking(origin, taken, this.pushAuth, this.options.token);
    if (taken.removed.length > 0)
      this.options.log(
        `git: took the persisted credentials out of the checkout while the agent runs (${taken.removed.length} entr${taken.removed.length === 1 ? "y" : "ies"})`,
      );
    return async () => {
      if (this.taken !== taken) return;
      this.taken = null;
      await restoreCheckoutCredentials(this.root, taken);
    };
  }

  /**
   * Checks out `target.branch`: the local branch, else origin's, else a new branch from origin's
   * default branch. The remote branch is fetched first so a fresh runner continues where the last
   * one pushed.
   */
  async checkout(target: SpecTarget, defaultBranch: string): Promise<void> {
    const { git } = this;
    if ((await git.currentBranch().catch(() => "")) === target.branch) return;
    // The default branch too (a new branch starts from it), in the same round trip. git refuses
    // the whole fetch when one ref is not on origin (the branch before its first push): then the
    // default branch alone. With the push credentials: a checkout made without persisted
    // credentials (the example workflow) could not fetch a private repository's branch otherwise.
    const wanted = target.ownBranch ? [target.branch] : [target.branch, defaultBranch];
    await git.onDemand(async () => {
      const fetched = await git.fetch("origin", ...wanted).then(
        () => true,
        () => false,
      );
      if (!fetched && !target.ownBranch) await git.fetch("origin", defaultBranch).catch(() => {});
    });
    const base = (await git.resolve(`refs/remotes/origin/${defaultBranch}`)) ?? "HEAD";
    await git.ensureBranch(target.branch, { base });
  }

  pipeline(
    spec: SpecRef,
    coAuthors: GitIdentity[],
    onAgentRun: (record: AgentRunRecord) => void,
  ): PipelineContext {
    const o = this.options;
    return {
      workspace: o.root,
      config: o.config,
      agent: o.agent,
      git: this.git,
      clock: o.clock,
      logRoot: o.logRoot,
      spec,
      botIdentity: o.botIdentity,
      coAuthors,
      onAgentRun,
      log: o.log,
      redact: o.redact,
      ...(o.configPath === undefined ? {} : { configPath: o.configPath }),
      ...(o.checkEnv === undefined ? {} : { checkEnv: o.checkEnv }),
      ...(o.boundary === undefined ? {} : { boundary: o.boundary }),
    };
  }

  /** `leaseFrom`: origin's remote-tracking sha of the branch, just resolved (pushBranch). */
  async push(target: SpecTarget, leaseFrom?: string | null): Promise<PushReport> {
    return pushBranch({
      root: this.root,
      git: this.git,
      branch: target.branch,
      auth: this.auth,
      allowOutsidePrefix: target.ownBranch,
      ...(leaseFrom === undefined ? {} : { leaseFrom }),
      dropWorkflowsFirst: this.options.dropWorkflowsFirst,
      onWorkflowChangesDropped: (dropped) =>
        this.options.onWorkflowChangesDropped(target.branch, dropped),
      log: this.options.log,
    });
  }
}

function describeAuth(auth: PushAuth): string {
  switch (auth.mode) {
    case "checkout":
      return "with the credentials actions/checkout persisted";
    case "extraheader":
      return "with the github-token, added for each push only";
    case "none":
      return "as the remote is configured";
  }
}
