/**
 * The git processes of a story through the built action (the many-stories setup, fewer stories):
 * each costs a fork of the action's whole node process, and a 150-story PRD runs hundreds of
 * them per minute of the suite. HEAD and the branch are read from git's files
 * (src/git/head-files.ts), and so are the branch and origin's branch a push leases from; the
 * unpushed commits and their base are one rev-list.
 */
import { describe, expect, it, onTestFinished } from "vitest";
import { countGit } from "../support/git-count.js";
import { commentEvent, seedIssue } from "./flows.js";
import { pushFiles, runAction, worldPerTest } from "./harness.js";
import { manyStoriesToDone } from "./many-stories.js";

const STORIES = 4;

describe("git processes per story through the built action", { timeout: 300_000 }, () => {
  const newWorld = worldPerTest();

  it("no git process asks for HEAD, the branch or origin's branch, and none is silent", async () => {
    const w = await newWorld();
    const git = countGit({ thisProcess: false, silent: true });
    onTestFinished(() => git.remove());
    const done = await manyStoriesToDone(w, {
      stories: STORIES,
      verify: "per_spec",
      env: git.env,
      beforeApprove: () => git.reset(),
    });
    expect(done.run.outputs.phase, done.run.stdout.slice(-4000)).toBe("done");
    const calls = git.calls();
    const perStory = calls.length / STORIES;
    console.info(`${STORIES} stories: ${calls.length} git processes, ${perStory} per story`);
    expect(calls.filter((c) => c === "symbolic-ref --quiet --short HEAD")).toEqual([]);
    expect(calls.filter((c) => c === "rev-parse --verify HEAD")).toEqual([]);
    const pushes = calls.filter((c) => c.startsWith("push "));
    expect(pushes.length).toBeGreaterThanOrEqual(STORIES);
    expect(
      calls.filter((c) => /^rev-parse --verify --quiet refs\/(heads|remotes)\//.test(c)),
    ).toEqual([]);
    expect(calls.filter((c) => c.startsWith("for-each-ref "))).toEqual([]);
    // simple-git waits 50 ms after a command that printed nothing: pushes, fetches, the checkout,
    // the workflow check and the push's credentials each print (4 stories: 18 silent calls before).
    expect(git.silentCalls()).toEqual([]);
    // 48 per story before HEAD was read from files (192 in all), 27 after (108), 24 once the
    // branches were too (96), 21.75 once a push's refs were too (87), 21.5 once a run fetched its
    // branch and the default branch in one (86); 22.5 (90) since the workflow check reads the
    // folder's tree in both commits (two `rev-parse`, ~3 ms each) instead of a diff that, finding
    // nothing, printed nothing and cost 50 ms of simple-git's wait.
    expect(perStory).toBeLessThanOrEqual(22.5);
  });

  it("a run fetches its branch and the default branch at once; before the first push, main alone", async () => {
    const w = await newWorld();
    seedIssue(w);
    const git = countGit({ thisProcess: false });
    onTestFinished(() => git.remove());
    const fetches = () => git.calls().filter((c) => c.startsWith("fetch "));
    const branch = "ralph/1-add-greeting-files";
    const both = `fetch --verbose origin +refs/heads/${branch}:refs/remotes/origin/${branch} +refs/heads/main:refs/remotes/origin/main`;
    // main moves on origin after the runner checked it out: the new branch must start from it.
    const planned = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, "/ralph plan"),
      env: git.env,
      prepareCheckout: () => pushFiles(w, "main", { "NEWS.md": "moved on\n" }, "main moves on"),
    });
    expect(planned.outputs.phase, planned.stdout.slice(-4000)).toBe("awaiting_approval");
    const main = w.remoteGit("rev-parse", "main").trim();
    expect(w.remoteGit("log", "--format=%s", branch)).toContain("main moves on");
    expect(w.remoteGit("merge-base", main, branch).trim()).toBe(main);
    expect(fetches()).toEqual([
      both,
      "fetch --verbose origin +refs/heads/main:refs/remotes/origin/main",
    ]);

    git.reset();
    const approved = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, "/approve"),
      env: git.env,
    });
    expect(approved.outputs.phase, approved.stdout.slice(-4000)).toBe("done");
    // Not counted: the base check's own fetch of main (`--no-tags`) before the run is done.
    expect(fetches().filter((c) => !c.includes("--no-tags"))).toEqual([both]);
  });
});
