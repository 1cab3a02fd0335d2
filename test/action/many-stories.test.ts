/**
 * Issue 20 (16 in the design): a PRD of 150 stories of 4 criteria reaches done through the built
 * action, and the next run exits 0. On main a 90-story PRD stopped after 71 verified stories: the
 * status comment could no longer be saved, its claim stayed, and every later run failed the same
 * way. `verify: per_spec` keeps it fast (no verifier run per story) while the state, the status
 * comment and the regression gate's batches carry all 150 stories.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PRD_LIMITS } from "../../src/core/prd.js";
import { decodeStateBlock } from "../../src/core/state-codec.js";
import { CLAIM_NAMESPACE } from "../../src/github/state-claim.js";
import { commentEvent, ISSUE } from "./flows.js";
import { runAction, worldPerTest } from "./harness.js";
import { MANY_STORIES_AGENT, manyStoriesToDone, seedManyStories } from "./many-stories.js";

const STORIES = 150;
const PLANS = ".ralph/specs/plans";
const SPEC = "issue-1-add-greeting-files";

describe("a PRD of 150 stories (issue 20)", { timeout: 900_000 }, () => {
  const newWorld = worldPerTest();

  it("a PRD Ralph could not carry (201 stories) is refused at planning, saying why", async () => {
    const w = await newWorld();
    const stories = PRD_LIMITS.stories + 1;
    const base = seedManyStories(w, { stories, verify: "per_spec" });
    const planned = await runAction(w, { ...base, payload: commentEvent(w, "/ralph plan") });
    expect(planned.outputs.phase, planned.stdout.slice(-4000)).toBe("failed");
    const state = w.fake.stateOf(ISSUE);
    expect(state?.prd).toBeNull();
    const said = w.fake
      .botComments(ISSUE)
      .map((c) => c.body)
      .join("\n");
    expect(said).toContain(
      `${stories} stories, but Ralph carries at most ${PRD_LIMITS.stories} in one PRD: merge small stories into larger ones, or plan a first part of the work and leave the rest for another issue`,
    );
    // Nothing was implemented: no branch with story commits, no story in the state.
    expect(w.remoteGit("for-each-ref", "--format=%(refname)", "refs/heads/ralph")).toBe("");
  });

  it("reaches done through the built action, and the next run exits 0", async () => {
    const w = await newWorld();
    const done = await manyStoriesToDone(w, { stories: STORIES, verify: "per_spec" });
    expect(done.run.code, done.run.stdout.slice(-4000)).toBe(0);
    expect(done.run.outputs.phase, done.run.stdout.slice(-4000)).toBe("done");
    // One run takes at most 200 steps: the second run, dispatched by the first, finishes.
    expect(done.runs).toBe(2);
    console.info(
      `150 stories: approved to done in ${done.runs} runs, ${(done.ms / 1000).toFixed(1)} s, ${done.requests.length} API calls`,
    );

    // The status comment carries every story and fits: ✓ marks and attempts.
    const status = w.fake.botComments(ISSUE).find((c) => c.body.includes("ralph:state"));
    if (status === undefined) throw new Error("no status comment");
    expect(status.body.length).toBeLessThan(65_536);
    expect(status.body).toContain(`### Stories (${STORIES}/${STORIES} verified)`);
    expect(status.body).toMatch(
      /- ✓ \*\*US-001\*\* Story 1 of 150: .* \(verified, 1 attempt, `[0-9a-f]{7}`\)/,
    );
    const state = decodeStateBlock(status.body);
    expect(state.phase).toBe("done");
    expect(state.prd?.stories).toHaveLength(STORIES);
    expect(state.prd?.stories.every((s) => s.status === "passed")).toBe(true);

    // Per-story details are on the branch: the PRD's `passes`, the sidecar, the done marker.
    const branch = w.remoteGit("for-each-ref", "--format=%(refname:short)", "refs/heads/ralph");
    const show = (path: string) => w.remoteGit("show", `${branch}:${path}`);
    const prd = JSON.parse(show(`${PLANS}/${SPEC}.prd.json`)) as {
      userStories: { passes: boolean; acceptanceCriteria: string[] }[];
    };
    expect(prd.userStories.filter((s) => s.passes)).toHaveLength(STORIES);
    expect(prd.userStories[149]?.acceptanceCriteria).toHaveLength(4);
    const sidecar = JSON.parse(show(`${PLANS}/${SPEC}.stories.json`)) as {
      stories: { id: string; status: string; commit: string | null }[];
    };
    expect(sidecar.stories).toHaveLength(STORIES);
    expect(sidecar.stories.every((s) => s.status === "verified" && s.commit !== null)).toBe(true);
    expect(show(`.ralph/specs/done/${SPEC}.md`)).toContain("| US-150 | Story 150 of 150:");

    // The final re-check ran in batches of at most 25 stories, each its own verifier run.
    const runs = readFileSync(done.agentLog, "utf8").trim().split("\n");
    const gate = runs.filter((l) => l.startsWith("verify ")).map((l) => l.split(" ")[1] ?? "");
    expect(gate.map((ids) => ids.split(",").length)).toEqual([25, 25, 25, 25, 25, 25]);
    expect(runs.filter((l) => l.startsWith("implement "))).toHaveLength(STORIES);

    // The next run exits 0, and cleans the claims of the finished issue: they can no longer
    // matter seven claim holds after the last save (docs/security.md), so that save is moved an
    // hour back rather than waited for. (A shortened hold made a starved run's claim come too
    // late after its read: "the read it follows is too old to claim on".)
    w.fake.backdateSave(ISSUE, 3_600_000);
    const doneRevision = w.fake.stateOf(ISSUE)?.revision ?? 0;
    const next = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, "/ralph status"),
      inputs: { "agent-command": `sh ${MANY_STORIES_AGENT}` },
    });
    expect(next.code, next.stdout.slice(-4000)).toBe(0);
    expect(next.outputs.phase).toBe("done");
    // Left: only the claims of this run's own saves, above the revision it read.
    const claims = [...w.fake.refs.keys()].filter((r) =>
      r.startsWith(`${CLAIM_NAMESPACE}/issue-${ISSUE}/`),
    );
    expect(claims.length).toBeGreaterThan(0);
    for (const ref of claims) {
      expect(Number(/\/rev-(\d+)$/.exec(ref)?.[1])).toBeGreaterThan(doneRevision);
    }
  });
});
