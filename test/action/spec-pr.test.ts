import { describe, expect, it } from "vitest";
import { issueCommentCreated } from "../fixtures/webhooks/index.js";
import { user } from "../support/fake-github/index.js";
import { addSpecPr } from "./flows.js";
import { agentCalls, pushFiles, runAction, worldPerFile } from "./harness.js";

const PR = 7;
const BRANCH = "spec/greeting";
const MAINTAINER = "octocat";

/** DESIGN §2.2: a same-repository spec PR is planned and implemented on its own branch. */
describe("the built action and a same-repository spec PR", { timeout: 120_000 }, () => {
  const world = worldPerFile(async (world) => {
    pushFiles(
      world,
      BRANCH,
      { ".ralph/specs/greeting.md": "# Greeting\n\nAdd two greeting files.\n" },
      "spec: greeting",
    );

    world.fake.grant(MAINTAINER, "write");
    addSpecPr(world, {
      number: PR,
      title: "Spec: greeting",
      author: MAINTAINER,
      draft: true,
      head: { ref: BRANCH, sha: "2".repeat(40) },
      specs: [".ralph/specs/greeting.md"],
    });
  });

  function comment(body: string) {
    const c = world().fake.addComment(PR, body, user(MAINTAINER));
    return issueCommentCreated({
      issue: { number: PR, title: "Spec: greeting", author: MAINTAINER, pullRequest: true },
      comment: { id: c.id, body, user: { login: MAINTAINER } },
    });
  }

  it("plans the spec and commits the plan and PRD to the PR's own branch; no new PR", async () => {
    const run = await runAction(world(), {
      eventName: "issue_comment",
      payload: comment("/ralph plan"),
    });
    expect(run.code, run.stdout).toBe(0);
    expect(world().fake.unhandled).toEqual([]);
    expect(run.outputs).toMatchObject({
      phase: "awaiting_approval",
      branch: BRANCH,
      "pr-number": String(PR),
    });
    const files = world().remoteGit("ls-tree", "-r", "--name-only", BRANCH);
    expect(files).toContain(".ralph/specs/plans/greeting.md");
    expect(files).toContain(".ralph/specs/plans/greeting.prd.json");
    expect(world().remoteGit("branch", "--list", "ralph/*")).toBe("");
    expect(world().fake.requestsMatching("POST", /\/pulls$/)).toEqual([]);
    expect(world().fake.stateOf(PR)).toMatchObject({
      kind: "spec_pr",
      specId: "greeting",
      branch: BRANCH,
    });
  });

  it("`/approve` implements on the PR branch; verifier reviews and readiness go to the spec PR", async () => {
    const run = await runAction(world(), {
      eventName: "issue_comment",
      payload: comment("/approve"),
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ phase: "done", status: "done", "pr-number": String(PR) });
    expect(agentCalls(world()).map((c) => c.phase)).toEqual([
      "plan",
      "implement",
      "verify",
      "implement",
      "verify",
      // The regression gate: both stories again on the final tree before done.
      "verify",
    ]);
    expect(world().remoteGit("show", `${BRANCH}:.ralph/specs/done/greeting.md`)).toContain(
      "# Done: greeting",
    );
    expect(world().remoteGit("show", `${BRANCH}:greeting-US-1.txt`)).toBe("hello from US-1");
    expect(
      world()
        .fake.reviews.get(PR)
        ?.map((r) => r.state),
    ).toEqual(["COMMENTED", "COMMENTED"]);
    expect(world().fake.pulls.get(PR)!.draft).toBe(false);
    const log = world().remoteGit("log", "--reverse", "--format=%s", `main..${BRANCH}`).split("\n");
    expect(log[0]).toBe("spec: greeting");
    expect(log.slice(1, 3)).toEqual([
      "ralph(greeting): plan attempt 1",
      "ralph(greeting): US-1 First greeting",
    ]);
    expect(log.at(-1)).toBe("ralph(greeting): done");
    expect(world().remoteGit("rev-parse", "main")).toBe(
      world().remoteGit("rev-parse", `${BRANCH}~${log.length}`),
    );
  });
});
