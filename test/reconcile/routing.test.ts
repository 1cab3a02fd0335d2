/**
 * Which conversation an event belongs to (src/reconcile/routing.ts): a PR event to its issue, a
 * finished workflow run to the issue it worked on, and whether that run's end is a failure. The
 * App's tests send these events whole; these cases pin each answer, on the fake GitHub where a
 * read is needed (and check that the answers needing none make no call).
 */
import { afterEach, describe, expect, it } from "vitest";
import { initialState, type MachineState } from "../../src/core/state.js";
import {
  FAILED_CONCLUSIONS,
  issueForPullRequest,
  issueForRun,
  runFailureFor,
} from "../../src/reconcile/routing.js";
import { cleanNock, withFake } from "../github/helpers.js";
import type { FakeRun } from "../support/fake-github/model.js";

afterEach(cleanNock);

const CONFIG = { branch_prefix: "ralph/", workflow: "ralph.yml" };
const RUNS = "https://github.com/Codertocat/Hello-World/actions/runs";

function run(id: number, partial: Partial<FakeRun> = {}): FakeRun {
  return {
    id,
    status: "completed",
    conclusion: "failure",
    display_title: "nightly",
    path: ".github/workflows/ralph.yml",
    html_url: `${RUNS}/${id}`,
    ...partial,
  };
}

describe("issueForPullRequest: Ralph's PR belongs to the issue it closes", () => {
  it.each([
    ["Ralph's branch, Closes #12", "ralph/12-login", "Adds login.\n\nCloses #12", 12],
    ["Ralph's branch, closes #12 (any case)", "ralph/12-login", "closes #12", 12],
    ["Ralph's branch, no Closes", "ralph/12-login", "Adds login.", 40],
    ["Ralph's branch, no body", "ralph/12-login", null, 40],
    ["another branch that says Closes #12 (a spec PR)", "feature/login", "Closes #12", 40],
    ["Ralph's branch, a number glued to a word", "ralph/12-login", "Closes #12x", 40],
  ])("%s → #%s", (_name, ref, body, want) => {
    expect(issueForPullRequest({ number: 40, body, head: { ref } }, CONFIG)).toBe(want);
  });
});

describe("runFailureFor: a finished run that is a failure of Ralph's workflow", () => {
  it.each(FAILED_CONCLUSIONS.filter((c) => c !== "cancelled"))(
    "%s: a failure",
    async (conclusion) => {
      const { fake, gh } = withFake();
      expect(await runFailureFor(gh, CONFIG, run(7, { conclusion }), 12)).toBe(true);
      expect(fake.requests).toEqual([]);
    },
  );

  it.each([
    ["a success", run(7, { conclusion: "success" })],
    ["skipped", run(7, { conclusion: "skipped" })],
    ["no conclusion yet", run(7, { conclusion: null })],
    ["another workflow's failure", run(7, { path: ".github/workflows/ci.yml" })],
  ])("%s: not a failure, and nothing read", async (_name, finished) => {
    const { fake, gh } = withFake();
    expect(await runFailureFor(gh, CONFIG, finished, 12)).toBe(false);
    expect(fake.requests).toEqual([]);
  });

  /** An unfinished run of issue `issue`. */
  const active = (id: number, issue: number, status = "queued") =>
    run(id, { status, conclusion: null, display_title: `ralph #${issue} implement` });

  // The listing may still show the cancelled run (7) itself as active: only another run decides.
  it.each([
    [
      "another run of the issue queued: replaced, not failed",
      [active(7, 12, "in_progress"), active(8, 12)],
      false,
    ],
    [
      "only itself, or other issues' runs, active: a failure",
      [active(7, 12, "in_progress"), active(9, 13)],
      true,
    ],
  ])("cancelled, %s", async (_name, runs, failed) => {
    const { fake, gh } = withFake();
    fake.runs.push(...runs);
    expect(await runFailureFor(gh, CONFIG, run(7, { conclusion: "cancelled" }), 12)).toBe(failed);
    expect(fake.requests.length).toBeGreaterThan(0);
  });
});

describe("issueForRun: the issue a finished run worked on", () => {
  it("from the run-name (`ralph #<issue> <phase>`), without a read", async () => {
    const { fake, gh } = withFake();
    expect(await issueForRun(gh, run(7, { display_title: "ralph #12 verify" }))).toBe(12);
    expect(fake.requests).toEqual([]);
  });

  it("else the open issue in an agent phase whose state names the run", async () => {
    const { fake, gh } = withFake();
    const seed = (number: number, label: string, runId: number) => {
      fake.addIssue({ number, title: `#${number}`, labels: [label] });
      const state: MachineState = { ...initialState(number), runUrl: `${RUNS}/${runId}` };
      fake.seedState(state);
    };
    // GitHub lists the newest issue first: the waiting issue (not an agent phase) that names the
    // run is the newest, then a verifying issue of another run, then the one.
    seed(21, "ralph:verifying", 7);
    seed(22, "ralph:verifying", 8);
    seed(23, "ralph:awaiting-approval", 7);
    expect(await issueForRun(gh, run(7))).toBe(21);
  });

  it("no issue names it (one has no status comment, a label left behind): none", async () => {
    const { fake, gh } = withFake();
    fake.addIssue({ number: 23, title: "#23", labels: ["ralph:planning"] });
    fake.addIssue({ number: 22, title: "#22", labels: ["ralph:implementing"] });
    fake.seedState({ ...initialState(22), runUrl: `${RUNS}/8` });
    expect(await issueForRun(gh, run(7))).toBeNull();
  });
});
