/**
 * DESIGN §2.2 / issue 13 acceptance: a spec PR with two specs ends with both done, through the
 * BUILT action and a scripted command agent. Each spec is planned, approved and implemented in
 * path order on the PR's own branch; the PR is marked ready only after the last one.
 */
import { describe, expect, it } from "vitest";
import { addSpecPr, MAINTAINER } from "../action/flows.js";
import { pushFiles, runAction, worldPerFile } from "../action/harness.js";
import { planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { records, type ScenarioHandle, writeScenario } from "../fixtures/pipeline/scenario.js";
import { verdict } from "../fixtures/pipeline/steps.js";
import { issueCommentCreated } from "../fixtures/webhooks/index.js";
import { user } from "../support/fake-github/index.js";
import { ALPHA_THEN_BETA } from "./fixtures.js";

const PR = 9;
const BRANCH = "spec/two";
const TITLE = "Specs: alpha and beta";

describe("the built action and a spec PR with two specs", { timeout: 180_000 }, () => {
  let handle: ScenarioHandle;
  const worldOfFile = worldPerFile((world) => {
    pushFiles(
      world,
      BRANCH,
      Object.fromEntries(
        ["beta", "alpha"].map((name) => [
          `.ralph/specs/${name}.md`,
          `# ${name}\n\nWrite the ${name} file.\n`,
        ]),
      ),
      "specs: alpha and beta",
    );

    world.fake.grant(MAINTAINER, "write");
    addSpecPr(world, {
      number: PR,
      title: TITLE,
      author: MAINTAINER,
      draft: true,
      head: { ref: BRANCH, sha: "2".repeat(40) },
      // The listing order is not the path order: Ralph sorts.
      specs: [".ralph/specs/beta.md", ".ralph/specs/alpha.md"],
    });
    handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [{ files: { "{{SPEC}}-{{STORY}}.txt": "hello from {{SPEC}}\n" } }],
      verify: [verdict.pass()],
    });
  });

  function comment(body: string) {
    const world = worldOfFile();
    const c = world.fake.addComment(PR, body, user(MAINTAINER));
    return runAction(world, {
      eventName: "issue_comment",
      payload: issueCommentCreated({
        issue: { number: PR, title: TITLE, author: MAINTAINER, pullRequest: true },
        comment: { id: c.id, body, user: { login: MAINTAINER } },
      }),
      inputs: { "agent-command": handle.command },
    });
  }

  const calls = () => records(handle.recordDir).map((r) => `${r.phase}:${r.env.RALPH_SPEC_ID}`);

  it("plans and runs alpha, then beta, each after its own approval; both done", async () => {
    const world = worldOfFile();
    const first = await comment("/ralph plan");
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.outputs.phase).toBe("awaiting_approval");
    expect(world.fake.stateOf(PR)).toMatchObject({ specId: "alpha", specsLeft: ["beta"] });

    const second = await comment("/approve");
    expect(second.code, second.stdout + second.stderr).toBe(0);
    // alpha done, beta planned and waiting for its own approval; the PR is still a draft.
    expect(second.outputs.phase).toBe("awaiting_approval");
    expect(world.fake.stateOf(PR)).toMatchObject({ specId: "beta", specsDone: ["alpha"] });
    expect(world.fake.pulls.get(PR)!.draft).toBe(true);
    expect(world.remoteGit("show", `${BRANCH}:.ralph/specs/done/alpha.md`)).toContain(
      "# Done: alpha",
    );
    const status = world.fake.botComments(PR).find((c) => c.body.includes("ralph:status"))!;
    expect(status.body).toContain("**Specs:** 1 of 2 done: ✓ `alpha` · … `beta`");

    const third = await comment("/approve");
    expect(third.code, third.stdout + third.stderr).toBe(0);
    expect(third.outputs).toMatchObject({ phase: "done", status: "done" });
    expect(calls()).toEqual(ALPHA_THEN_BETA);
    expect(world.fake.stateOf(PR)).toMatchObject({ specsDone: ["alpha", "beta"] });
    for (const name of ["alpha", "beta"]) {
      expect(world.remoteGit("show", `${BRANCH}:.ralph/specs/done/${name}.md`)).toContain(
        `# Done: ${name}`,
      );
      expect(world.remoteGit("show", `${BRANCH}:${name}-US-1.txt`)).toBe(`hello from ${name}`);
    }
    expect(world.fake.pulls.get(PR)!.draft).toBe(false);
    const log = world.remoteGit("log", "--reverse", "--format=%s", `main..${BRANCH}`).split("\n");
    expect(log.filter((l) => l.endsWith(": done"))).toEqual([
      "ralph(alpha): done",
      "ralph(beta): done",
    ]);
  });
});
