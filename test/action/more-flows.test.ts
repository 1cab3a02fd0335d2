import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { PLAN_INVALIDATION_FLAG } from "../../src/github/pulls.js";
import { issuesLabeled, reviewSubmitted } from "../fixtures/webhooks/index.js";
import { FakeGitHub, labelNodeId, user } from "../support/fake-github/index.js";
import { commentEvent, commentRun, dispatchEvent, planThroughAction, seedIssue } from "./flows.js";
import { BRANCH, ISSUE, MAINTAINER, SPEC_ID } from "./greeting-issue.js";
import { agentCalls, pushFiles, runAction, type World, worldPerTest } from "./harness.js";

describe("the built action: conversation, stop, re-plan, workflow files, sweeps and reviews", {
  timeout: 120_000,
}, () => {
  const makeWorld = worldPerTest();

  async function newWorld(fake?: FakeGitHub): Promise<World> {
    const world = await makeWorld(fake);
    seedIssue(world);
    return world;
  }

  const marker = (w: World, name: string) => join(w.base, name);

  it("adding the trigger label plans the issue like `/ralph plan`", async () => {
    const w = await newWorld();
    w.fake.issueLabels.set(ISSUE, [...w.fake.labelsOf(ISSUE), "ralph"]);
    const payload = issuesLabeled({
      issue: {
        number: ISSUE,
        title: "Add greeting files",
        body: "Please add two greeting files.",
        author: MAINTAINER,
        labels: ["ralph"],
      },
      label: "ralph",
      sender: { login: MAINTAINER },
    });
    const run = await runAction(w, { eventName: "issues", payload });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({
      phase: "awaiting_approval",
      branch: BRANCH,
      "pr-number": "2",
    });
    // The trigger label stays; exactly one phase label is added.
    expect(w.fake.labelsOf(ISSUE)).toEqual(["ralph", "ralph:awaiting-approval"]);
    expect(w.fake.unhandled).toEqual([]);
  });

  it("research and consensus run when the config asks for them; understand refreshes the map", async () => {
    const w = await newWorld();
    pushFiles(w, "main", {
      ".github/ralph.yml": "planning:\n  research: always\n  consensus: always\n",
    });
    const run = await commentRun(w, "/ralph plan");
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ phase: "awaiting_approval" });
    expect(agentCalls(w).map((c) => c.phase)).toEqual(["research", "plan", "critic"]);
    expect(w.fake.stateOf(ISSUE)).toMatchObject({ researchDone: true, concerns: [] });

    const understood = await commentRun(w, "/ralph understand");
    expect(understood.code, understood.stdout).toBe(0);
    expect(understood.outputs).toMatchObject({ phase: "awaiting_approval" });
    expect(
      agentCalls(w)
        .map((c) => c.phase)
        .at(-1),
    ).toBe("understand");
    expect(w.remoteGit("show", `${BRANCH}:.ralph/codebase_map.md`)).toContain(
      "## 2026-01-02 - Layout",
    );
    expect(w.fake.unhandled).toEqual([]);
  });

  it("questions: posted and labelled; the maintainer's answer reaches the planner through the spec", async () => {
    const w = await newWorld();
    const env = {
      SCRIPTED_QUESTIONS_ONCE: marker(w, "asked"),
      SCRIPTED_PROBE: "Hello and welcome",
    };
    const first = await commentRun(w, "/ralph plan", env);
    expect(first.code, first.stdout).toBe(0);
    expect(first.outputs).toMatchObject({ phase: "questions", status: "waiting" });
    expect(w.fake.labelsOf(ISSUE)).toEqual(["ralph:questions"]);
    expect(
      w.fake
        .botComments(ISSUE)
        .some((c) => c.body.includes("Which greeting text should the files hold?")),
    ).toBe(true);
    expect(w.remoteGit("branch", "--list", BRANCH)).toBe(""); // nothing pushed before a PRD exists

    const answer = commentEvent(w, "Hello and welcome");
    // A second answer said in its own comment right after the first (issue 10: every answer
    // recorded): the first closes the round, the second still reaches the planner.
    w.fake.addComment(ISSUE, "Also a German one: Hallo.", user(MAINTAINER));
    const second = await runAction(w, { eventName: "issue_comment", payload: answer, env });
    expect(second.code, second.stdout).toBe(0);
    expect(second.outputs).toMatchObject({ phase: "awaiting_approval" });
    const calls = agentCalls(w);
    expect(calls.map((c) => [c.phase, c.probe])).toEqual([
      ["plan", false],
      ["plan", true],
    ]);
    const spec = w.remoteGit("show", `${BRANCH}:.ralph/specs/${SPEC_ID}.md`);
    expect(spec).toContain("Q: Which greeting text should the files hold?");
    expect(spec).toContain(`A (${MAINTAINER}): Hello and welcome`);
    expect(spec).toContain(`A (${MAINTAINER}): Also a German one: Hallo.`);
    expect(w.fake.unhandled).toEqual([]);
  });

  it("`/ralph stop` during a step: the run stops at its next checkpoint; `/ralph run` resumes with verify", async () => {
    const w = await newWorld();
    await planThroughAction(w);
    const env = { SCRIPTED_STOP_DURING: "implement:US-1", SCRIPTED_HUMAN: MAINTAINER };
    const stopped = await commentRun(w, "/approve", env);
    expect(stopped.code, stopped.stdout).toBe(0);
    expect(stopped.outputs).toMatchObject({ phase: "stopped", status: "stopped" });
    expect(agentCalls(w).map((c) => `${c.phase}:${c.story}`)).toEqual([
      "plan:null",
      "implement:US-1",
    ]);
    const state = w.fake.stateOf(ISSUE)!;
    // The step's result still landed: US-1's commit is recorded and pushed; verify is remembered.
    const us1 = state.prd!.stories.find((s) => s.id === "US-1")!;
    expect(us1.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(w.remoteGit("rev-parse", `${BRANCH}~1`)).toBe(us1.commit);
    expect(state).toMatchObject({
      resumePhase: "verifying",
      resumeStep: "verify",
      stopReason: `stopped by @${MAINTAINER}`,
    });
    expect(w.fake.labelsOf(ISSUE)).toEqual(["ralph:stopped"]);
    // The run's ralph.log: the stop, seen at the checkpoint, is its last phase line, with who stopped it.
    const log = join(dirname(stopped.checkout), "tmp", "ralph-runs", String(ISSUE), "ralph.log");
    const phases = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((l) => l.event === "phase");
    expect(phases.map((l) => `${l.from} -> ${l.to}`)).toEqual([
      "awaiting_approval -> implementing",
      "implementing -> verifying",
      "verifying -> stopped",
    ]);
    expect(phases.at(-1)).toMatchObject({ stopReason: `stopped by @${MAINTAINER}` });

    const resumed = await commentRun(w, "/ralph run");
    expect(resumed.code, resumed.stdout).toBe(0);
    expect(resumed.outputs).toMatchObject({ phase: "done", status: "done" });
    const calls = agentCalls(w).slice(2);
    expect(calls.map((c) => `${c.phase}:${c.story}`)).toEqual([
      "verify:US-1",
      "implement:US-2",
      "verify:US-2",
      "verify:US-1,US-2",
    ]);
    expect(calls[0]!.commit).toBe(us1.commit);
    expect(w.fake.unhandled).toEqual([]);
  });

  it("another writer saves while a step runs: the step's result lands on the newer state", async () => {
    const w = await newWorld();
    await planThroughAction(w);
    // The run starts a step's result from the checkpoint's state (issue 11): when the App saves
    // meanwhile (claiming the next revision, then writing it), the run's claim of that revision
    // must fail and the result go to the newer state.
    let bumped = false;
    let at = 0;
    w.fake.onRequest = (request) => {
      const implemented = agentCalls(w).some((c) => c.phase === "implement");
      if (bumped || !implemented || request.method !== "POST") return;
      if (!request.path.endsWith("/git/refs")) return;
      const state = w.fake.stateOf(ISSUE)!;
      w.fake.seedState({ ...state, revision: state.revision + 1, lastError: "saved meanwhile" });
      bumped = true;
      at = w.fake.requests.length;
    };
    const run = await commentRun(w, "/approve");
    expect(bumped).toBe(true);
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ phase: "done", status: "done" });
    const state = w.fake.stateOf(ISSUE)!;
    expect(state.prd!.stories.map((s) => s.status)).toEqual(["passed", "passed"]);
    // The save's claim was taken, it re-read the issue and saved on top of the newer state.
    const later = w.fake.requests.slice(at);
    const after = later.map((r) => r.route);
    const reload = later.findIndex((r) => JSON.stringify(r.body).includes("RalphIssueRead"));
    const save = after.indexOf("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}");
    expect(reload).toBeGreaterThanOrEqual(0);
    expect(reload).toBeLessThan(save);
    expect(w.fake.unhandled).toEqual([]);
  });

  it("PLAN_INVALIDATION: flagged review, label, archived plan, re-plan that needs approval again", async () => {
    const w = await newWorld();
    await planThroughAction(w);
    const env = { SCRIPTED_INVALIDATE_ONCE: marker(w, "invalidated") };
    const run = await commentRun(w, "/approve", env);
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ phase: "awaiting_approval", status: "waiting" });
    expect(agentCalls(w).map((c) => `${c.phase}:${c.story}`)).toEqual([
      "plan:null",
      "implement:US-1",
      "verify:US-1",
      "plan:null",
    ]);

    const reviews = w.fake.reviews.get(2)!;
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.state).toBe("COMMENTED");
    expect(reviews[0]!.body).toContain(PLAN_INVALIDATION_FLAG);
    expect(reviews[0]!.body).toContain("greetings belong in one file, not one per story");
    // Phase labels change by GraphQL (src/github/phase-label-switch.ts): the ids each added.
    const labelled = w.fake
      .requestsMatching("POST", /^\/graphql$/)
      .flatMap((r) => (r.body as { variables?: { add?: string[] } }).variables?.add ?? []);
    expect(labelled).toContain(labelNodeId("ralph:plan-invalidated"));
    expect(w.fake.labelsOf(ISSUE)).toEqual(["ralph:awaiting-approval"]);

    // seed 000: the invalidated plan archived as attempt-1, the new plan is attempt 2.
    const plans = `.ralph/specs/plans/${SPEC_ID}`;
    expect(w.remoteGit("show", `${BRANCH}:${plans}.attempt-1.md`)).toContain("## Steps");
    const meta = JSON.parse(w.remoteGit("show", `${BRANCH}:${plans}.json`));
    expect(meta).toMatchObject({ status: "active", attempt: 2 });
    const log = w.remoteGit("log", "--format=%B", `main..${BRANCH}`);
    expect(log).toContain(
      "PLAN_INVALIDATION reason: greetings belong in one file, not one per story",
    );
    const state = w.fake.stateOf(ISSUE)!;
    expect(state.prd?.number).toBe(2);
    expect(state.counters.replans).toBe(1);
    expect(
      w.fake.botComments(ISSUE).filter((c) => c.body.includes("ralph:prd revision=")),
    ).toHaveLength(2);
  });

  it("with GITHUB_TOKEN, a workflow change is left out of the branch and posted as a patch", async () => {
    const w = await newWorld(new FakeGitHub("github-actions[bot]"));
    await planThroughAction(w);
    const run = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, "/approve"),
      env: { SCRIPTED_WORKFLOW: "1" },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ phase: "done" });
    expect(w.remoteGit("ls-tree", "-r", "--name-only", BRANCH)).not.toContain(".github/workflows");
    expect(w.remoteGit("show", `${BRANCH}:greeting-US-1.txt`)).toBe("hello from US-1");
    const patch = w.fake
      .botComments(ISSUE)
      .find((c) => c.body.includes("could not push its changes to workflow files"));
    expect(patch?.body).toContain("```diff");
    expect(patch?.body).toContain("+name: greeting");
    expect(patch?.body).toContain("`.github/workflows/greeting.yml`");
    expect(run.summary).toContain("posted as a patch: .github/workflows/greeting.yml");
  });

  it("a schedule sweep finds a 👍 on the PRD comment and starts implementation in a run for the issue", async () => {
    const w = await newWorld();
    await planThroughAction(w);
    const prd = w.fake.botComments(ISSUE).find((c) => c.body.includes("ralph:prd revision="))!;
    w.fake.reactions.set(prd.id, [{ id: w.fake.id(), content: "+1", user: user(MAINTAINER) }]);
    const run = await runAction(w, {
      eventName: "schedule",
      payload: { schedule: "*/15 * * * *" },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(w.fake.dispatches.map((d) => [d.path.split("/").at(-2), d.body])).toEqual([
      ["ralph.yml", { ref: "main", inputs: { issue: "1", phase: "implement" } }],
    ]);
    expect(agentCalls(w).map((c) => c.phase)).toEqual(["plan"]); // no agent work in the sweep job
    expect(w.fake.stateOf(ISSUE)).toMatchObject({
      phase: "implementing",
      pendingStep: "implement",
      approvedBy: [MAINTAINER],
    });
    expect(run.summary).toContain("Swept:** #1");

    // The dispatched run does the work.
    const work = await runAction(w, {
      eventName: "workflow_dispatch",
      payload: dispatchEvent(ISSUE, "implement"),
      inputs: { issue: "1", phase: "implement" },
    });
    expect(work.outputs).toMatchObject({ phase: "done", status: "done" });
    expect(w.fake.unhandled).toEqual([]);
  });

  it("an approving review on Ralph's PR counts for the PRD at that commit; the work goes to the issue's run", async () => {
    const w = await newWorld();
    await planThroughAction(w);
    const head = w.remoteGit("rev-parse", BRANCH);
    const review = {
      id: w.fake.id(),
      user: user(MAINTAINER),
      body: "LGTM",
      state: "APPROVED",
      commit_id: head,
      submitted_at: w.fake.timeOf(1),
    };
    w.fake.reviews.set(2, [review]);
    const payload = reviewSubmitted({
      pull: {
        number: 2,
        headRef: BRANCH,
        headSha: head,
        body: "Closes #1",
        title: "Ralph: Add greeting files",
      },
      review: {
        id: review.id,
        state: "approved",
        body: "LGTM",
        user: { login: MAINTAINER },
        commitId: head,
      },
    });
    const run = await runAction(w, { eventName: "pull_request_review", payload });
    expect(run.code, run.stdout).toBe(0);
    expect(w.fake.stateOf(ISSUE)).toMatchObject({
      phase: "implementing",
      pendingStep: "implement",
    });
    expect(w.fake.dispatches.map((d) => [d.path.split("/").at(-2), d.body])).toEqual([
      ["ralph.yml", { ref: "main", inputs: { issue: "1", phase: "implement" } }],
    ]);
    expect(agentCalls(w).map((c) => c.phase)).toEqual(["plan"]);
    expect(run.summary).toContain("handed to a new run");
    expect(w.fake.unhandled).toEqual([]);
  });
});
