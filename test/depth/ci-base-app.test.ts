/**
 * Issue 17's CI gate and moving base through the BUILT App with the dispatched BUILT action, on
 * one shared fake GitHub (one world, one story of a pull request's life):
 * - main moves (cleanly) while the stories run: the action merges it before ready and re-runs the
 *   gate on the merged tree (merge and gate only), then the pull request waits in `ci`;
 * - waiting in `ci` while a check runs dispatches no job; a red check with a failing job log
 *   becomes a follow-up (the log's end in the implementer's prompt and feedback file), pushed;
 *   green marks the pull request ready, in the App alone;
 * - main moves with a conflicting change: the App hears of the pull request's CI, GitHub says it
 *   conflicts, the dispatched merge leaves the markers to a conflict story, none is left, the gate
 *   passes and the pull request is ready again; the same through the App's poller sweep with no CI
 *   event at all;
 * - a check that turns red later and stays red stops at `limits.max_ci_fixes`, no job dispatched;
 * - a second issue whose pull request never gets a check: the poller's sweep keeps it in `ci`
 *   within `verify.ci_wait_minutes` and, once the wait is over (the injected clock: the state's
 *   `ci.since` moved back, as the built action's ci-gate suite does), marks it ready with the note.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { BRANCH, commentEvent, dispatchEvent, ISSUE, maintainerIssue } from "../action/flows.js";
import { PR } from "../action/followup-flows.js";
import { agentCalls, pushFiles, runAction, type World } from "../action/harness.js";
import { checkRunCompleted, checkSuiteCompleted } from "../fixtures/webhooks/index.js";
import { type AppWithAction, appWithAction } from "./app-dispatch.js";

const FAILURE_LINE = "AssertionError: expected 'Hello' to equal 'Hello, world!'";
const JOB_LOG = `2026-01-02T03:04:05.0000000Z setup\n2026-01-02T03:04:06.0000000Z ${FAILURE_LINE}\n##[error]Process completed with exit code 1.`;
const ENV = { SCRIPTED_PROBE: FAILURE_LINE };

describe("the CI gate and a moving base: the built App dispatches, the built action runs", {
  timeout: 300_000,
}, () => {
  const world = appWithAction();
  const { appThenAction, appOnly } = world;
  let cluster: AppWithAction["cluster"];
  let w: World;
  beforeAll(() => {
    ({ cluster, w } = world);
  });

  const head = () => w.remoteGit("rev-parse", BRANCH);
  const main = () => w.remoteGit("rev-parse", "main");
  const phase = () => cluster.stateOf(ISSUE)?.phase;
  const calls = (from: number) =>
    agentCalls(w)
      .slice(from)
      .map((c) => `${c.phase}:${c.story ?? "-"}`);
  const ci = (conclusion: string, event = checkSuiteCompleted) =>
    event({ sha: head(), conclusion, pulls: [{ number: PR, headRef: BRANCH, headSha: head() }] });
  /** The App's poller sweep of the installation, as its timer runs it. */
  const sweep = () => cluster.replicas[0]?.scheduler.tickAll() ?? Promise.resolve();
  const readyMarks = () =>
    cluster.fake.requests.filter(
      (r) =>
        r.route === "POST /graphql" && /markPullRequestReadyForReview/.test(JSON.stringify(r.body)),
    ).length;

  it("main moves cleanly while the stories run: merged before ready, the gate on the merged tree, then ralph:ci", async () => {
    cluster.fake.ci.passByDefault = false;
    await appThenAction("issue_comment", commentEvent(w, "/ralph plan"), "awaiting_approval");
    pushFiles(w, "next-main", { "NEWS.md": "A maintainer's change.\n" });
    await appThenAction("issue_comment", commentEvent(w, "/approve"), "ci", {
      SCRIPTED_MOVE_BASE: `implement:US-2:${w.remote}:next-main`,
    });
    const merge = w.remoteGit("rev-list", "--merges", "-n", "1", BRANCH);
    expect(w.remoteGit("rev-list", "--parents", "-n", "1", merge).split(" ")[2]).toBe(main());
    // Merge and gate only: the gate ran again on the merged tree, no agent wrote the merge.
    expect(calls(0).slice(-3)).toEqual(["verify:US-2", "verify:US-1,US-2", "verify:US-1,US-2"]);
    const gated = agentCalls(w).at(-1)?.commit ?? "";
    expect(w.remoteGit("merge-base", gated, "main")).toBe(main());
    expect(cluster.fake.labelsOf(ISSUE)).toContain("ralph:ci");
    expect(readyMarks()).toBe(0);
  });

  it("waiting in ci dispatches no job; a red check with a failing job log → a follow-up with the log's end → push → green → ready", async () => {
    const agents = agentCalls(w).length;
    const running = cluster.fake.ci.addCheckRun({
      sha: head(),
      name: "test",
      status: "in_progress",
      conclusion: null,
      log: JOB_LOG,
    });
    // Another suite completes while `test` still runs: Ralph keeps waiting, no runner started.
    await appOnly("check_suite", ci("success"));
    expect(phase()).toBe("ci");

    cluster.fake.ci.updateCheckRun(running.id, { status: "completed", conclusion: "failure" });
    const before = head();
    expect(await appThenAction("check_run", ci("failure", checkRunCompleted), "ci", ENV)).toBe(
      "amend",
    );
    const round = agentCalls(w).slice(agents);
    expect(round.map((c) => `${c.phase}:${c.story}`)).toEqual([
      "implement:FU-1",
      "verify:FU-1",
      "verify:US-1,US-2,FU-1",
    ]);
    expect(round[0]).toMatchObject({ probe: true, feedbackProbe: true });
    expect(head()).not.toBe(before);
    expect(cluster.stateOf(ISSUE)).toMatchObject({ phase: "ci", ci: { sha: head(), fixes: 1 } });

    cluster.fake.ci.addCheckRun({ sha: head(), name: "test", conclusion: "success" });
    await appOnly("check_suite", ci("success"));
    expect(phase()).toBe("done");
    expect(readyMarks()).toBe(1);
    expect(cluster.fake.pulls.get(PR)?.draft).toBe(false);
  });

  it("main moves with a conflicting change: the App hears the CI, GitHub says it conflicts, the merge, a conflict story, no marker left, the gate passes", async () => {
    cluster.fake.ci.passByDefault = true;
    const agents = agentCalls(w).length;
    pushFiles(w, "main", { "greeting-US-1.txt": "hello from main\n" });
    expect(await appThenAction("check_suite", ci("success"), "done")).toBe("merge_base");
    expect(calls(agents)).toEqual(["implement:FU-2", "verify:FU-2", "verify:US-1,US-2,FU-1,FU-2"]);
    expect(w.remoteGit("merge-base", BRANCH, "main")).toBe(main());
    const text = w.remoteGit("show", `${BRANCH}:greeting-US-1.txt`);
    expect(text).not.toMatch(/^(<{7}|={7}|>{7}|\|{7})/m);
    expect(text).toContain("hello from main");
    expect(cluster.stateOf(ISSUE)).toMatchObject({ phase: "done", followUp: { rounds: 2 } });
    expect(cluster.fake.pulls.get(PR)?.draft).toBe(false);
    const said = cluster.fake
      .botComments(ISSUE)
      .map((c) => c.body)
      .join("\n");
    expect(said).toContain("conflicts with the default branch");
    expect(said).toContain("Follow-up round 2 is done");
  });

  it("no CI event at all: the App's poller sweep reads Ralph's open pull request, finds it conflicting, dispatches the merge; a clean one starts nothing", async () => {
    const before = cluster.fake.dispatches.length;
    await sweep();
    expect(cluster.fake.dispatches).toHaveLength(before);
    expect(phase()).toBe("done");

    const agents = agentCalls(w).length;
    pushFiles(w, "main", { "greeting-US-2.txt": "hello again from main\n" });
    await sweep();
    expect(world.dispatched().slice(-1)).toEqual(["merge_base"]);
    const run = await runAction(w, {
      eventName: "workflow_dispatch",
      payload: dispatchEvent(ISSUE, "merge_base"),
      inputs: { issue: String(ISSUE), phase: "merge_base" },
    });
    expect(run.outputs.phase, run.stdout).toBe("done");
    expect(calls(agents)).toEqual([
      "implement:FU-3",
      "verify:FU-3",
      "verify:US-1,US-2,FU-1,FU-2,FU-3",
    ]);
    expect(w.remoteGit("merge-base", BRANCH, "main")).toBe(main());
  });

  it("a check that turns red later and stays red: past limits.max_ci_fixes the named stop, no job dispatched", async () => {
    pushFiles(w, "main", { ".github/ralph.yml": "limits:\n  max_ci_fixes: 1\n" });
    cluster.fake.ci.addCheckRun({ sha: head(), name: "test", conclusion: "failure", log: JOB_LOG });
    await appOnly("check_run", ci("failure", checkRunCompleted));
    expect(cluster.stateOf(ISSUE)).toMatchObject({ phase: "failed" });
    expect(cluster.stateOf(ISSUE)?.stopReason).toContain("limits.max_ci_fixes");
  });

  it("no check at all on a second issue's pull request: the sweep keeps waiting in ci, then past verify.ci_wait_minutes (injected clock) marks it ready with the note, nothing dispatched", async () => {
    cluster.fake.ci.passByDefault = false;
    const second = maintainerIssue("Add farewell files", "Please add two farewell files.", 3);
    second.seed(w);
    await appThenAction(
      "issue_comment",
      second.commentEvent(w, "/ralph plan"),
      "awaiting_approval",
    );
    await appThenAction("issue_comment", second.commentEvent(w, "/approve"), "ci");
    const waiting = cluster.stateOf(3);
    const pr = waiting?.prNumber ?? 0;
    const headSha = w.remoteGit("rev-parse", "ralph/3-add-farewell-files");
    expect(waiting).toMatchObject({ phase: "ci", ci: { sha: headSha } });
    expect(cluster.fake.labelsOf(3)).toContain("ralph:ci");
    const marks = readyMarks();
    const dispatches = cluster.fake.dispatches.length;
    const agents = agentCalls(w).length;

    // Within the window the poller's sweep reads the checks (none) and keeps waiting.
    await sweep();
    expect(cluster.stateOf(3)?.phase).toBe("ci");
    expect(cluster.fake.labelsOf(3)).toContain("ralph:ci");
    expect(readyMarks()).toBe(marks);

    // The wait began 16 minutes ago, as the state says it (the injected clock: default 15 minutes).
    const state = cluster.stateOf(3)!;
    const since = new Date(Date.now() - 16 * 60_000).toISOString();
    cluster.fake.seedState({ ...state, ci: { ...state.ci!, since } });
    await sweep();
    expect(cluster.stateOf(3)).toMatchObject({ phase: "done" });
    const note = cluster.stateOf(3)?.ci?.note ?? "";
    expect(note).toContain(
      `No check of the repository's CI appeared on \`${headSha.slice(0, 12)}\``,
    );
    // Pushed with the App's token (not GITHUB_TOKEN): the reason Ralph can give is the general one.
    expect(note).toContain(
      "within 15 minutes (verify.ci_wait_minutes): the repository may have no CI",
    );
    expect(cluster.fake.statusComment(3)?.body).toContain(`**CI:** ${note}`);
    expect(readyMarks()).toBe(marks + 1);
    expect(cluster.fake.pulls.get(pr)?.draft).toBe(false);
    expect(cluster.fake.labelsOf(3)).toContain("ralph:done");
    // The App alone: no job dispatched, no agent ran while waiting or after.
    expect(cluster.fake.dispatches).toHaveLength(dispatches);
    expect(agentCalls(w)).toHaveLength(agents);
  });
});
