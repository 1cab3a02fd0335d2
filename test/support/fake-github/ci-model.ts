/**
 * The repository's CI as the fake GitHub holds it: check suites and check runs of any app, commit
 * statuses, GitHub Actions job logs (served behind a short-lived URL, like GitHub's), and a pull
 * request's mergeability (`mergeable` null while GitHub computes it). Seeding helpers for tests;
 * ci-routes.ts serves them.
 */
import { type FakeRun, OWNER, REPO, SERVER_URL } from "./model.js";

export interface FakeApp {
  id: number;
  slug: string;
  name: string;
}

export const ACTIONS_APP: FakeApp = { id: 15368, slug: "github-actions", name: "GitHub Actions" };

export interface FakeCheckSuite {
  id: number;
  head_sha: string;
  head_branch: string | null;
  app: FakeApp;
  status: string;
  conclusion: string | null;
  /** The GitHub Actions workflow run behind the suite (its file path), when Actions made it. */
  workflowPath: string | null;
}

export interface FakeCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  app: FakeApp;
  check_suite: { id: number };
  details_url: string;
  html_url: string;
  output: { title: string | null; summary: string | null; text: string | null };
}

export interface FakeCommitStatus {
  id: number;
  sha: string;
  context: string;
  state: "pending" | "success" | "failure" | "error";
  description: string | null;
  target_url: string | null;
  created_at: string;
}

export interface CheckRunSeed {
  sha: string;
  name: string;
  status?: string;
  conclusion?: string | null;
  app?: FakeApp;
  /** For GitHub Actions: the workflow file that made it (`.github/workflows/ci.yml`). */
  workflowPath?: string;
  headBranch?: string;
  output?: Partial<FakeCheckRun["output"]>;
  /** The job's log (GitHub Actions only), served through the job-logs redirect. */
  log?: string;
}

export interface MergeabilitySeed {
  mergeable: boolean | null;
  state: string;
  /** Reads that answer `mergeable: null` (GitHub still computing) before the value shows. */
  computingReads?: number;
}

/** One read of a job log's short-lived URL, as the log server saw it. */
export interface LogRead {
  jobId: number;
  authorization: string | null;
  range: string | null;
}

/** The passing status of a commit nobody seeded a check for (CiModel.passByDefault). */
const DEFAULT_STATUS = (sha: string): FakeCommitStatus => ({
  id: 1,
  sha,
  context: "ci/default",
  state: "success",
  description: "The fake repository's CI passed",
  target_url: null,
  created_at: "2026-01-02T03:04:05Z",
});

export class CiModel {
  readonly suites: FakeCheckSuite[] = [];
  readonly checkRuns: FakeCheckRun[] = [];
  readonly statuses: FakeCommitStatus[] = [];
  readonly jobLogs = new Map<number, string>();
  readonly logReads: LogRead[] = [];
  readonly mergeability = new Map<number, MergeabilitySeed & { reads: number }>();
  /**
   * The repository's CI passes on every commit nobody seeded a check for: such a commit has one
   * successful commit status, `ci/default` (so Ralph's CI gate lets a pull request through at its
   * first read, as most suites expect). Set false for a repository without any CI.
   */
  passByDefault = true;

  constructor(
    private readonly nextId: () => number,
    private readonly runs: FakeRun[],
    private readonly timeOf: (id: number) => string,
  ) {}

  /**
   * A check run on `sha`, in the suite of its app (and, for Actions, of its workflow run, which
   * is listed among the repository's workflow runs with the suite's id). Later runs with the same
   * name in the same suite supersede it (a re-run).
   */
  addCheckRun(seed: CheckRunSeed): FakeCheckRun {
    const app = seed.app ?? ACTIONS_APP;
    const workflowPath =
      seed.workflowPath ?? (app.slug === ACTIONS_APP.slug ? ".github/workflows/ci.yml" : null);
    const suite = this.suiteFor(seed.sha, app, workflowPath, seed.headBranch ?? null);
    const id = this.nextId();
    const runId = this.runs.find((r) => r.check_suite_id === suite.id)?.id ?? suite.id;
    const url =
      app.slug === ACTIONS_APP.slug
        ? `${SERVER_URL}/${OWNER}/${REPO}/actions/runs/${runId}/job/${id}`
        : `https://ci.example.com/${app.slug}/builds/${id}`;
    const run: FakeCheckRun = {
      id,
      name: seed.name,
      head_sha: seed.sha,
      status: seed.status ?? "completed",
      conclusion: seed.conclusion === undefined ? "success" : seed.conclusion,
      app,
      check_suite: { id: suite.id },
      details_url: url,
      html_url: url,
      output: { title: null, summary: null, text: null, ...seed.output },
    };
    this.checkRuns.push(run);
    if (seed.log !== undefined) this.jobLogs.set(id, seed.log);
    this.settle(suite);
    return run;
  }

  /** Finishes (or changes) a check run, as its CI would. */
  updateCheckRun(id: number, change: Partial<Pick<FakeCheckRun, "status" | "conclusion">>): void {
    const run = this.checkRuns.find((r) => r.id === id);
    if (!run) throw new Error(`no check run ${id}`);
    Object.assign(run, change);
    const suite = this.suites.find((s) => s.id === run.check_suite.id);
    if (suite) this.settle(suite);
  }

  setStatus(
    sha: string,
    context: string,
    state: FakeCommitStatus["state"],
    description: string | null = null,
  ): FakeCommitStatus {
    const id = this.nextId();
    const status = {
      id,
      sha,
      context,
      state,
      description,
      target_url: `https://ci.example.com/${encodeURIComponent(context)}/${id}`,
      created_at: this.timeOf(id),
    };
    this.statuses.push(status);
    return status;
  }

  setMergeability(pr: number, seed: MergeabilitySeed): void {
    this.mergeability.set(pr, { computingReads: 0, ...seed, reads: 0 });
  }

  /** What `GET /pulls/{n}` shows of the mergeability now (each read counts). */
  readMergeability(
    pr: number,
    fromGit?: () => boolean | undefined,
  ): { mergeable: boolean | null; mergeable_state: string } {
    const seed = this.mergeability.get(pr);
    if (seed === undefined) {
      // Unseeded, the backing git repository decides, as GitHub does: does head merge into base?
      return fromGit?.() === false
        ? { mergeable: false, mergeable_state: "dirty" }
        : { mergeable: true, mergeable_state: "clean" };
    }
    seed.reads += 1;
    if (seed.reads <= (seed.computingReads ?? 0))
      return { mergeable: null, mergeable_state: "unknown" };
    return { mergeable: seed.mergeable, mergeable_state: seed.state };
  }

  /** The latest run of each check name in each suite on `ref` (a sha or a suite's branch). */
  latestRuns(ref: string): FakeCheckRun[] {
    const onRef = this.checkRuns.filter((r) => r.head_sha === ref || this.suiteBranch(r) === ref);
    const latest = new Map<string, FakeCheckRun>();
    for (const run of onRef) latest.set(`${run.check_suite.id}:${run.name}`, run);
    return [...latest.values()].sort((a, b) => a.id - b.id);
  }

  /** The newest status of each context on `ref`. */
  latestStatuses(ref: string): FakeCommitStatus[] {
    const latest = new Map<string, FakeCommitStatus>();
    for (const s of this.statuses.filter((x) => x.sha === ref)) latest.set(s.context, s);
    if (latest.size === 0 && this.passByDefault && this.latestRuns(ref).length === 0) {
      return [DEFAULT_STATUS(ref)];
    }
    return [...latest.values()].sort((a, b) => a.id - b.id);
  }

  private suiteBranch(run: FakeCheckRun): string | null {
    return this.suites.find((s) => s.id === run.check_suite.id)?.head_branch ?? null;
  }

  private suiteFor(
    sha: string,
    app: FakeApp,
    workflowPath: string | null,
    headBranch: string | null,
  ): FakeCheckSuite {
    const found = this.suites.find(
      (s) => s.head_sha === sha && s.app.slug === app.slug && s.workflowPath === workflowPath,
    );
    if (found) return found;
    const suite: FakeCheckSuite = {
      id: this.nextId(),
      head_sha: sha,
      head_branch: headBranch,
      app,
      status: "queued",
      conclusion: null,
      workflowPath,
    };
    this.suites.push(suite);
    if (workflowPath !== null) {
      const id = this.nextId();
      this.runs.push({
        id,
        status: "queued",
        conclusion: null,
        display_title: workflowPath.split("/").at(-1) ?? workflowPath,
        path: workflowPath,
        html_url: `${SERVER_URL}/${OWNER}/${REPO}/actions/runs/${id}`,
        head_sha: sha,
        check_suite_id: suite.id,
      });
    }
    return suite;
  }

  /** A suite completes when all its runs have; its conclusion is the worst of theirs. */
  private settle(suite: FakeCheckSuite): void {
    const runs = this.checkRuns.filter((r) => r.check_suite.id === suite.id);
    const done = runs.length > 0 && runs.every((r) => r.status === "completed");
    suite.status = done
      ? "completed"
      : runs.some((r) => r.status !== "queued")
        ? "in_progress"
        : "queued";
    const order = [
      "action_required",
      "cancelled",
      "timed_out",
      "failure",
      "neutral",
      "success",
      "skipped",
      "stale",
    ];
    const conclusions = runs.map((r) => r.conclusion ?? "");
    suite.conclusion = done ? (order.find((c) => conclusions.includes(c)) ?? "success") : null;
    const run = this.runs.find((r) => r.check_suite_id === suite.id);
    if (run) Object.assign(run, { status: suite.status, conclusion: suite.conclusion });
  }
}
