import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { restoreProtected, snapshotProtected } from "../../src/git/protected-state.js";
import { protectedScope } from "../../src/pipeline/agent-run.js";
import type { PipelineContext } from "../../src/pipeline/context.js";
import { applyFileChange, commitPlanFiles } from "../../src/pipeline/file-change.js";
import { runImplementStep } from "../../src/pipeline/implement-step.js";
import { runPlanStep } from "../../src/pipeline/plan-step.js";
import { isDone } from "../../src/pipeline/spec-files.js";
import { runVerifyStep } from "../../src/pipeline/verify-step.js";
import { planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  type Scenario,
  stepContext,
  verdict,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";
import { countGit, wholeTreeScans } from "../support/git-count.js";
import { tempDir } from "../support/temp.js";

const plans = ".ralph/specs/plans";
const S1 = story("US-1", 1);
const S2 = story("US-2", 2);

async function planned(scenario: Scenario): Promise<{ repo: TestRepo; ctx: PipelineContext }> {
  const repo = makeRepo({
    ".ralph/specs/greet.md": "# Greet\n\nSay hello.\n",
    ".github/ralph.yml": "limits:\n  max_attempts: 2\n",
  });
  const handle = writeScenario({ plan: [planStep(prdOf(S1, S2))], ...scenario });
  const ctx = await stepContext(repo, handle, "greet.md");
  const plan = await runPlanStep(ctx, { allowQuestions: false });
  expect(plan.kind).toBe("prd");
  await commitPlanFiles(ctx, 1);
  return { repo, ctx };
}

describe("protected state: compared by content and type, restored after the run (issue 9)", () => {
  it("snapshot/restore: a folder turned into a link, a mode change and a new file are undone", () => {
    const root = tempDir("ralph-protected-");
    mkdirSync(join(root, "s/done"), { recursive: true });
    mkdirSync(join(root, "elsewhere"), { recursive: true });
    writeFileSync(join(root, "s/done/a.md"), "done a\n");
    writeFileSync(join(root, "s/plan.json"), "{}\n");
    return (async () => {
      const before = await snapshotProtected(root, ["s/done", "s/plan.json"]);
      rmSync(join(root, "s/done"), { recursive: true });
      symlinkSync(join(root, "elsewhere"), join(root, "s/done"));
      chmodSync(join(root, "s/plan.json"), 0o777);
      const changed = await restoreProtected(root, before);
      expect(changed).toEqual(["s/done/a.md", "s/plan.json"]);
      expect(lstatSync(join(root, "s/done")).isDirectory()).toBe(true);
      expect(readFileSync(join(root, "s/done/a.md"), "utf8")).toBe("done a\n");
      expect(lstatSync(join(root, "s/plan.json")).mode & 0o777).toBe(0o644 & ~process.umask());
      expect(await restoreProtected(root, before)).toEqual([]);
    })();
  });

  // Issue 9 point 3: an implementer that commits `.ralph/specs/done` as a link to another folder.
  it("a committed link in place of the done folder never reaches the branch, and done is not faked", async () => {
    const { repo, ctx } = await planned({
      implement: [
        {
          files: { "hello.txt": "hello\n", "fake/greet.md": "# Done\n" },
          sh: "ln -s ../../fake .ralph/specs/done && git add -A && git commit -q -m 'all done'",
        },
      ],
    });
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result.kind).toBe("implemented");
    expect(result.revertedRalphFiles).toContain(".ralph/specs/done");
    expect(existsSync(join(repo.dir, ".ralph/specs/done"))).toBe(false);
    expect(repo.git("ls-tree", "-r", "--name-only", "HEAD")).not.toContain(".ralph/specs/done");
    expect(await isDone(ctx)).toBe(false);
  });

  it("isDone follows no link and needs every story passing in the PRD", async () => {
    const { repo, ctx } = await planned({});
    mkdirSync(join(repo.dir, "fake"), { recursive: true });
    writeFileSync(join(repo.dir, "fake/greet.md"), "# Done\n");
    symlinkSync("../../fake", join(repo.dir, ".ralph/specs/done"));
    expect(readFileSync(join(repo.dir, ".ralph/specs/done/greet.md"), "utf8")).toBe("# Done\n");
    expect(await isDone(ctx)).toBe(false);
    rmSync(join(repo.dir, ".ralph/specs/done"));
    await applyFileChange(ctx, { kind: "done_marker", commit: repo.git("rev-parse", "HEAD") });
    // A real marker, but the PRD still has both stories pending: not Ralph's record of done.
    expect(await isDone(ctx)).toBe(false);
    await applyFileChange(ctx, { kind: "mark_story_passed", storyId: "US-1" });
    await applyFileChange(ctx, { kind: "mark_story_passed", storyId: "US-2" });
    expect(await isDone(ctx)).toBe(true);
  });

  // Issue 9 point 5: the agent raises its own budget by editing the config on the branch.
  it("an edit of the config file (content or mode) is restored and never committed", async () => {
    const { repo, ctx } = await planned({
      implement: [
        {
          files: { "hello.txt": "hello\n", ".github/ralph.yml": "limits:\n  max_attempts: 50\n" },
          sh: "git add -A && git commit -q -m budget",
        },
      ],
    });
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result.kind).toBe("implemented");
    expect(result.revertedRalphFiles).toContain(".github/ralph.yml");
    expect(readFileSync(join(repo.dir, ".github/ralph.yml"), "utf8")).toBe(
      "limits:\n  max_attempts: 2\n",
    );
    expect(repo.git("show", "--name-only", "--format=", "HEAD")).toBe("hello.txt");
  });

  it("a changed mode of a PRD is a change", async () => {
    const { repo, ctx } = await planned({
      implement: [{ files: { "hello.txt": "hello\n" }, sh: `chmod 755 ${plans}/greet.prd.json` }],
    });
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result.revertedRalphFiles).toEqual([`${plans}/greet.prd.json`]);
    expect(lstatSync(join(repo.dir, plans, "greet.prd.json")).mode & 0o111).toBe(0);
  });

  // Issue 9 point 6.
  it("a run whose only change is .ralph/progress.md is no progress", async () => {
    const { repo, ctx } = await planned({
      implement: [{ files: { ".ralph/progress.md": "# Progress\n- learned a thing\n" } }],
    });
    const head = repo.git("rev-parse", "HEAD");
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result.kind).toBe("no_progress");
    expect(repo.git("rev-parse", "HEAD")).toBe(head);
  });

  it("an agent-staged candidate file never rides along in Ralph's story commit", async () => {
    const candidate = ".ralph/specs/candidates/greet.json";
    const { repo, ctx } = await planned({
      implement: [
        {
          files: { "hello.txt": "hello\n", [candidate]: '{"candidate_commit":"0000000"}\n' },
          sh: `git add -f ${candidate}`,
        },
      ],
    });
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result.kind).toBe("implemented");
    if (result.kind !== "implemented") return;
    expect(repo.git("show", "--name-only", "--format=", result.commit)).toBe("hello.txt");
    expect(JSON.parse(readFileSync(join(repo.dir, candidate), "utf8")).candidate_commit).toBe(
      result.commit,
    );
  });
});

describe("issue 20: Ralph's git work per story scans the tree no more than it needs", () => {
  it("an implement step scans the whole tree twice (before and after its run), a verify step twice", async () => {
    const { repo, ctx } = await planned({
      implement: [{ files: { "hello.txt": "hello\n" } }],
      verify: [verdict.pass()],
    });
    const git = countGit();
    onTestFinished(() => git.remove());
    const implemented = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(implemented.kind).toBe("implemented");
    if (implemented.kind !== "implemented") return;
    expect(wholeTreeScans(git.calls())).toHaveLength(2);
    // The story commit stages the paths the scan found, not the whole tree again.
    expect(git.calls().filter((c) => /(^| )add /.test(c))).toEqual([
      "add --all --verbose -- :(literal)hello.txt",
    ]);
    git.reset();
    const verified = await runVerifyStep(ctx, {
      story: S1,
      commit: implemented.commit,
      attempt: 1,
    });
    expect(verified).toMatchObject({ kind: "verdict", verdict: "PASS" });
    expect(wholeTreeScans(git.calls())).toHaveLength(2);
    // Marking the story verified looks at its two files only.
    git.reset();
    await applyFileChange(ctx, { kind: "mark_story_passed", storyId: "US-1" });
    expect(wholeTreeScans(git.calls())).toEqual([]);
    // Left for the Action to commit: the story's candidate.
    expect(repo.git("status", "--porcelain")).toBe("?? .ralph/specs/candidates/");
  });

  it("the protected snapshot holds the current spec's files and the folders on their way, not other specs'", async () => {
    const { repo, ctx } = await planned({});
    repo.write(`${plans}/other.prd.json`, "{}\n");
    repo.write(".ralph/specs/done/other.md", "# Done\n");
    const snap = await snapshotProtected(repo.dir, protectedScope(ctx));
    const paths = [...snap.entries.keys()];
    expect(paths).toContain(`${plans}/greet.prd.json`);
    expect(paths).toContain(`${plans}/greet.md`);
    expect(paths).toContain(".ralph/specs/done");
    expect(paths).not.toContain(`${plans}/other.prd.json`);
    expect(paths).not.toContain(".ralph/specs/done/other.md");
    // A file of the spec planted by an agent goes; a folder whose mode changed keeps what it holds.
    repo.write(`${plans}/greet.attempt-9.md`, "a fake earlier plan\n");
    chmodSync(join(repo.dir, plans), 0o777);
    const restored = await restoreProtected(repo.dir, snap);
    // (A folder is listed only when nothing below it is.)
    expect(restored).toEqual([`${plans}/greet.attempt-9.md`]);
    expect(existsSync(join(repo.dir, plans, "greet.attempt-9.md"))).toBe(false);
    expect(readFileSync(join(repo.dir, plans, "other.prd.json"), "utf8")).toBe("{}\n");
    expect(lstatSync(join(repo.dir, plans)).mode & 0o777).toBe(0o755 & ~process.umask());
  });
});
