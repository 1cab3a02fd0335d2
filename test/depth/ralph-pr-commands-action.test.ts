/**
 * Issue 13: `/ralph …` commands on Ralph's own pull request go to the issue it closes, through the
 * BUILT action with a scripted command agent. The PR's run (grouped by the PR number) reconciles
 * the issue and hands the agent work to a run for the issue; nothing is refused on the PR.
 */
import { describe, expect, it } from "vitest";
import { ISSUE, MAINTAINER, maintainerIssue } from "../action/flows.js";
import { runAction, type World, worldPerFile } from "../action/harness.js";
import { planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { records, type ScenarioHandle, writeScenario } from "../fixtures/pipeline/scenario.js";
import { implementStep, verdict } from "../fixtures/pipeline/steps.js";
import { issueCommentCreated } from "../fixtures/webhooks/index.js";
import { user } from "../support/fake-github/index.js";

const issue = maintainerIssue("Add a greeting file", "Please add a greeting file.");

describe("commands on Ralph's own PR, through the built action", { timeout: 180_000 }, () => {
  let handle: ScenarioHandle;
  const worldOfFile = worldPerFile((world) => {
    issue.seed(world);
    handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("greeting.txt", "hello\n")],
      verify: [verdict.pass()],
    });
  });
  let w: World;

  function onIssue(body: string) {
    w = worldOfFile();
    return issue.comment(w, handle.command, body);
  }

  function onPull(pr: number, body: string) {
    const c = w.fake.addComment(pr, body, user(MAINTAINER));
    const pull = w.fake.pulls.get(pr) as { title: string; body: string | null };
    const run = runAction(w, {
      eventName: "issue_comment",
      payload: issueCommentCreated({
        issue: {
          number: pr,
          title: pull.title,
          body: pull.body ?? "",
          author: w.fake.botLogin,
          pullRequest: true,
        },
        comment: { id: c.id, body, user: { login: MAINTAINER } },
      }),
      inputs: { "agent-command": handle.command },
    });
    return { comment: c, run };
  }

  it("`/approve` on Ralph's PR approves the issue's PRD; the work runs in the issue's own run", async () => {
    const planned = await onIssue("/ralph plan");
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(planned.outputs.phase).toBe("awaiting_approval");
    const pr = w.fake.stateOf(ISSUE)!.prNumber!;
    expect(pr).toBeGreaterThan(ISSUE);

    const { comment, run } = onPull(pr, "/approve");
    const approved = await run;
    expect(approved.code, approved.stdout + approved.stderr).toBe(0);
    expect(w.fake.stateOf(ISSUE)).toMatchObject({
      phase: "implementing",
      approvedBy: [MAINTAINER],
    });
    expect(w.fake.stateOf(ISSUE)!.watermark.commentId).toBe(comment.id);
    // Handed to a run in the issue's concurrency group: no agent ran in the PR's run.
    expect(w.fake.dispatches.map((d) => (d.body as { inputs: unknown }).inputs)).toEqual([
      expect.objectContaining({ issue: String(ISSUE) }),
    ]);
    expect(records(handle.recordDir).map((r) => r.phase)).toEqual(["plan"]);
    // Acknowledged where it was written; no refusal, no status comment on the PR.
    expect(w.fake.reactions.get(comment.id)?.map((r) => r.content)).toEqual(["eyes"]);
    expect(w.fake.botComments(pr)).toEqual([]);

    const resumed = await runAction(w, {
      eventName: "workflow_dispatch",
      payload: { inputs: { issue: String(ISSUE) } },
      inputs: { "agent-command": handle.command },
    });
    expect(resumed.code, resumed.stdout + resumed.stderr).toBe(0);
    expect(resumed.outputs.phase).toBe("done");
    expect(records(handle.recordDir).map((r) => r.phase)).toEqual(["plan", "implement", "verify"]);
  });

  it("`/ralph plan <notes>` on Ralph's PR of a finished issue re-plans the issue with the notes", async () => {
    w = worldOfFile();
    const pr = w.fake.stateOf(ISSUE)!.prNumber!;
    const { run } = onPull(pr, "/ralph plan KEEP-IT-SHORT");
    const replanned = await run;
    expect(replanned.code, replanned.stdout + replanned.stderr).toBe(0);
    expect(w.fake.stateOf(ISSUE)).toMatchObject({
      phase: "planning",
      pendingStep: "plan",
      planNotes: ["KEEP-IT-SHORT"],
    });
    expect(w.fake.botComments(pr)).toEqual([]);
  });

  it("a plain comment on Ralph's PR changes nothing and makes no API call for the PR", async () => {
    w = worldOfFile();
    const pr = w.fake.stateOf(ISSUE)!.prNumber!;
    const before = w.fake.stateOf(ISSUE);
    const seen = w.fake.requests.length;
    const { run } = onPull(pr, "Looks good to me");
    const chat = await run;
    expect(chat.code, chat.stdout + chat.stderr).toBe(0);
    expect(w.fake.stateOf(ISSUE)).toEqual(before);
    const calls = w.fake.requests.slice(seen).map((r) => `${r.method} ${r.path}`);
    expect(calls.filter((c) => c.endsWith(`/pulls/${pr}`))).toEqual([]);
  });
});
