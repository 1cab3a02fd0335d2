import { describe, expect, it } from "vitest";
import { commentEvent, commentRun, ISSUE, seedIssue } from "./flows.js";
import { agentCalls, runAction, TOKEN, worldPerFile } from "./harness.js";

/** The action never throws: errors end as a failed step with a clear message, outputs and summary. */
describe("the built action when something is wrong", { timeout: 120_000 }, () => {
  const world = worldPerFile(seedIssue);

  it("an empty github-token fails the step with the input named; outputs and summary still written", async () => {
    const run = await runAction(world(), {
      eventName: "issue_comment",
      payload: commentEvent(world(), "/ralph plan"),
      inputs: { "github-token": "" },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::Ralph: Invalid action inputs:.*input `github-token` is empty/,
    );
    expect(run.outputs).toMatchObject({ status: "noop", phase: "idle" });
    expect(run.outputs.reason).toContain("github-token");
    expect(run.summary).toContain("**Error:**");
    expect(world().fake.requests).toEqual([]);
  });

  it("`agent: command` without `agent-command` fails before anything is said on the issue", async () => {
    const before = world().fake.commentsOn(ISSUE).length;
    const run = await runAction(world(), {
      eventName: "issue_comment",
      payload: commentEvent(world(), "/ralph plan"),
      inputs: { agent: "command", "agent-command": "" },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("agent_command");
    expect(world().fake.botComments(ISSUE)).toEqual([]);
    expect(world().fake.commentsOn(ISSUE)).toHaveLength(before + 1); // only the maintainer's comment
    expect(agentCalls(world())).toEqual([]);
  });

  it("the token never appears in what the action prints, outputs or summarizes", async () => {
    const run = await commentRun(world(), "/ralph help");
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(`::add-mask::${TOKEN}`);
    expect(run.stdout.replaceAll(`::add-mask::${TOKEN}`, "")).not.toContain(TOKEN);
    expect(JSON.stringify(run.outputs)).not.toContain(TOKEN);
    expect(run.summary).not.toContain(TOKEN);
    expect(
      world()
        .fake.botComments(ISSUE)
        .some((c) => c.body.includes("/ralph plan")),
    ).toBe(true); // the help text
  });

  it("an event Ralph does not handle is a no-op, not a failure", async () => {
    const run = await runAction(world(), {
      eventName: "push",
      payload: { ref: "refs/heads/main" },
    });
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ status: "noop" });
    expect(run.summary).toContain("not one Ralph handles");
  });
});
