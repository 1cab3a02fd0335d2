/**
 * No GitHub credential in the agent's reach (DESIGN §7 rule 9, issue 19), through the BUILT
 * action on the shared fake GitHub: a hostile agent (credential-probe.mjs) searches every place a
 * local process can look — its environment, every process's /proc/<pid>/environ and cmdline (Ralph's
 * node process among them), git config (global, system, the checkout's and its includes),
 * ~/.git-credentials, every file under $RUNNER_TEMP — in every phase it runs. The checkout holds
 * what actions/checkout persists by default (the token in `.git/config`, v4, and in an included
 * file under $RUNNER_TEMP, v6) and Ralph's home a `.git-credentials` with the token.
 *
 * With `agent_isolation: auto` on this machine (Ralph runs as root, so it makes the agent's
 * account itself), in App mode and Actions-only mode, the probe finds nothing and the issue is
 * done: what the agent wrote is committed, the verifier's stray write is reverted. With
 * `agent_isolation: off` the same probe finds the token, and the status comment and the Step
 * Summary say so.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/core/config.js";
import type { MachineEvent } from "../../src/core/events.js";
import { transition } from "../../src/core/machine/index.js";
import { initialState } from "../../src/core/state.js";
import { basicAuthHeader } from "../../src/git/git-auth.js";
import {
  BRANCH,
  commentEvent,
  dispatchEvent,
  ISSUE,
  MAINTAINER,
  seedIssue,
} from "../action/flows.js";
import { type ActionRun, runAction, TOKEN, type World, worldPerTest } from "../action/harness.js";
import { user } from "../support/fake-github/index.js";
import { agentUserForTest, CAN_MAKE_USERS, uidOf } from "../support/os-users.js";
import {
  credentialProbe,
  isToken,
  type Probe,
  persistCheckoutCredentials,
} from "./credential-probe.js";

/** A world whose runner looks like a real one: credentials where checkout and `gh` leave them. */
function runnerLike(w: World): void {
  seedIssue(w);
  // The checks run code the agent wrote: inside its boundary too (Ralph is root here, so this
  // check fails if it runs as Ralph).
  w.fake.files.set(":.github/ralph.yml", `verify:\n  checks: ['test "$(id -u)" != 0']\n`);
  writeFileSync(join(w.home, ".git-credentials"), `https://x-access-token:${TOKEN}@github.com\n`);
}

function options(w: World, probe: Probe, agentUser: string, isolation = "auto") {
  return {
    inputs: { "agent-command": probe.command, "agent-isolation": isolation },
    env: {
      RALPH_AGENT_USER: agentUser,
      PROBE_DIR: probe.dir,
      SCRIPTED_FAIL_VERIFY_ONCE: join(probe.dir, "failed-once"),
    },
    prepareCheckout: (checkout: string, runnerTemp: string) => {
      persistCheckoutCredentials(TOKEN, w.home)(checkout, runnerTemp);
      // Where a hostile agent on a runner would look (the harness's layout of a run).
      const run = dirname(runnerTemp);
      writeFileSync(
        join(probe.dir, "places.json"),
        JSON.stringify({
          ralphHome: w.home,
          runnerTemp,
          GITHUB_OUTPUT: join(run, "output.txt"),
          GITHUB_STEP_SUMMARY: join(run, "summary.md"),
        }),
      );
    },
  };
}

/** What an isolated lifecycle must show, whatever the mode. */
function expectNothingInReach(probe: Probe, agentUser: string, runs: ActionRun[]): void {
  for (const run of runs) expect(run.code, run.stdout + run.stderr).toBe(0);
  const probed = probe.runs();
  expect(new Set(probed.map((r) => r.phase))).toEqual(new Set(["plan", "implement", "verify"]));
  for (const run of probed) {
    expect(run.uid, run.phase).toBe(uidOf(agentUser));
    // It looked: processes it could read (its own and its siblings'), and it ran git.
    expect(run.places.processes, run.phase).toBeGreaterThan(0);
    expect(run.found.filter(isToken(TOKEN)), run.phase).toEqual([]);
    expect(run.writable, run.phase).toEqual([]);
  }
  // The closed places were really tried: Ralph's home and the runner's temp folder.
  const tried = probed.flatMap((r) => r.places.unreadable).join("\n");
  expect(tried).toMatch(/\.git-credentials: EACCES/);
  expect(tried).toMatch(/git-credentials-0b1c\.config: EACCES|tmp: EACCES/);
}

/** What a finished issue must show: the agent's files committed, the verifier's stray write not. */
function expectDone(w: World, probe: Probe, last: ActionRun): void {
  expect(last.outputs.phase, last.stdout).toBe("done");
  const files = w.remoteGit("ls-tree", "--name-only", BRANCH).split("\n");
  expect(files).toEqual(expect.arrayContaining(["greeting-US-1.txt", "greeting-US-2.txt"]));
  expect(files).not.toContain("probe-stray.txt");
  expect(probe.runs().some((r) => r.stray)).toBe(true);
  // The verify failure and its fix ran: the lifecycle is the whole one.
  expect(probe.calls().filter((c) => c === "implement:US-1")).toHaveLength(2);
}

describe.skipIf(!CAN_MAKE_USERS)(
  "the agent's boundary through the built action",
  {
    timeout: 300_000,
  },
  () => {
    const newWorld = worldPerTest();

    /** A runner-like world, the probe as the agent, an account of its own for the test. */
    async function probedWorld(isolation = "auto") {
      const w = await newWorld();
      runnerLike(w);
      const probe = credentialProbe();
      const agentUser = agentUserForTest();
      return { w, probe, agentUser, opts: options(w, probe, agentUser, isolation) };
    }

    it("Actions-only mode, agent_isolation: auto: the probe finds no token in plan, implement and verify; the issue is done", async () => {
      const { w, probe, agentUser, opts } = await probedWorld();
      const runs: ActionRun[] = [];
      for (const body of ["/ralph plan", "/approve"]) {
        const run = await runAction(w, {
          eventName: "issue_comment",
          payload: commentEvent(w, body),
          ...opts,
        });
        runs.push(run);
        expect(run.summary).toContain(`The agent ran as the user \`${agentUser}\``);
        // checkout's own clean-up finds its credentials where it left them.
        const config = readFileSync(join(run.checkout, ".git", "config"), "utf8");
        expect(config, run.stdout).toContain(basicAuthHeader(TOKEN));
        expect(config).toMatch(
          /\[includeIf "gitdir:.*"\]\s+path = .*git-credentials-0b1c\.config/i,
        );
      }
      expectNothingInReach(probe, agentUser, runs);
      expectDone(w, probe, runs[1]!);
      const status = w.fake.statusComment(ISSUE)?.body ?? "";
      expect(status).not.toContain("could read the GitHub token");
    });

    it("App mode, agent_isolation: auto: the dispatched steps' probe finds no token; the issue is done", async () => {
      const { w, probe, agentUser, opts } = await probedWorld();
      const config = defaultConfig();
      /** What the App does with a maintainer's comment: the transition, saved; the step dispatched. */
      const appHandles = (body: string, command: "plan" | "approve") => {
        const comment = w.fake.addComment(ISSUE, body, user(MAINTAINER));
        const before = w.fake.stateOf(ISSUE) ?? initialState(ISSUE);
        const event: MachineEvent = {
          type: "command",
          command: { name: command, args: "", line: body },
          actor: { login: MAINTAINER, permission: "write", isBot: false, isIssueAuthor: true },
          commentId: comment.id,
        };
        const { state } = transition(before, event, config);
        w.fake.seedState({
          ...state,
          revision: before.revision + 1,
          watermark: { ...state.watermark, commentId: comment.id },
        });
        return state.pendingStep ?? "auto";
      };
      const runs: ActionRun[] = [];
      for (const [body, command] of [
        ["/ralph plan", "plan"],
        ["/approve", "approve"],
      ] as const) {
        const phase = appHandles(body, command);
        runs.push(
          await runAction(w, {
            eventName: "workflow_dispatch",
            payload: dispatchEvent(ISSUE, phase),
            ...opts,
            inputs: { ...opts.inputs, issue: String(ISSUE), phase },
          }),
        );
      }
      expectNothingInReach(probe, agentUser, runs);
      expectDone(w, probe, runs[1]!);
    });

    it("agent_isolation: off: the same probe finds the token, and the status comment and the Step Summary say the agent could", async () => {
      const { w, probe, opts } = await probedWorld("off");
      const run = await runAction(w, {
        eventName: "issue_comment",
        payload: commentEvent(w, "/ralph plan"),
        ...opts,
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const [plan] = probe.runs();
      const where = plan!.found.filter(isToken(TOKEN)).map((f) => f.where);
      // Ralph's own process (the token the runner hands the action), the checkout's persisted
      // credentials, Ralph's home, the runner's temp folder.
      expect(where.some((p) => /^\/proc\/\d+\/environ$/.test(p))).toBe(true);
      expect(where).toContain(".git/config");
      expect(where.some((p) => p.endsWith(".git-credentials"))).toBe(true);
      expect(where.some((p) => p.endsWith("git-credentials-0b1c.config"))).toBe(true);
      const warning = "could read the GitHub token from Ralph's process";
      expect(run.summary).toContain(warning);
      expect(w.fake.statusComment(ISSUE)?.body).toContain(warning);
    });
  },
);
