/**
 * `/ralph stop` finds every active run of the issue (issue 16: one listing per unfinished status,
 * each to its last page, not the workflow's newest 100 runs).
 */
import { afterEach, describe, expect, it } from "vitest";
import { cancelIssueRuns } from "../../src/github/actions.js";
import { cleanNock, withFake } from "./helpers.js";

afterEach(cleanNock);

describe("an issue's active runs", () => {
  it("stop cancels the state's run and the issue's other active runs, however many runs came after them", async () => {
    const { fake, gh } = withFake();
    const run = (id: number, status: string, title: string) => ({
      id,
      status,
      conclusion: null,
      display_title: title,
      path: ".github/workflows/ralph.yml",
      html_url: `https://github.com/Codertocat/Hello-World/actions/runs/${id}`,
    });
    fake.runs.push(run(555, "in_progress", "ralph #42 plan"), run(556, "queued", "ralph #42 plan"));
    fake.runs.push(
      run(557, "completed", "ralph #42 plan"),
      run(600, "in_progress", "ralph #420 plan"),
    );
    // Issue 16: 150 newer runs of other issues; the newest 100 alone would miss #42's queued one.
    for (let i = 0; i < 150; i++)
      fake.runs.push(run(1_000 + i, "completed", `ralph #${i + 1} plan`));
    const cancelled = await cancelIssueRuns(
      gh,
      "ralph.yml",
      42,
      "https://github.com/Codertocat/Hello-World/actions/runs/555",
    );
    expect(cancelled.sort()).toEqual([555, 556]);
    expect(fake.runs.find((r) => r.id === 600)?.status).toBe("in_progress");
  });
});
