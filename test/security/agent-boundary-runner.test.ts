/**
 * The agent's boundary where Ralph is NOT root, through the BUILT action run as a user of its own
 * (setpriv; the world, the checkout and the bundle are that user's):
 * - like a GitHub-hosted runner (`runner` with passwordless sudo, setfacl): Ralph makes the
 *   agent's account through sudo, opens the workspace with ACLs and closes its places; the
 *   credential probe finds no token in plan, implement and verify, the issue is done, and the
 *   checkout is the runner's again without an ACL left;
 * - like a self-hosted runner without sudo: `auto` runs the agent as Ralph's user and says so;
 *   `user` refuses the step with the reason.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BRANCH, commentEvent, ISSUE, seedIssue } from "../action/flows.js";
import { type ActionRun, runAction, TOKEN, type World, worldPerTest } from "../action/harness.js";
import {
  agentUserForTest,
  CAN_PLAY_HOSTED_RUNNER,
  type RunnerUser,
  uidOf,
} from "../support/os-users.js";
import { credentialProbe, isToken, persistCheckoutCredentials } from "./credential-probe.js";
import { chownTo, handWorldTo, runnerUser } from "./runner-world.js";

describe.skipIf(!CAN_PLAY_HOSTED_RUNNER)(
  "the agent's boundary with Ralph as a user, not root",
  {
    timeout: 300_000,
  },
  () => {
    const newWorld = worldPerTest();

    /** A world the runner user owns, the action's bundle in it. */
    async function worldOf(runner: RunnerUser): Promise<World> {
      const w = await newWorld();
      seedIssue(w);
      writeFileSync(
        join(w.home, ".git-credentials"),
        `https://x-access-token:${TOKEN}@github.com\n`,
      );
      handWorldTo(runner, w);
      return w;
    }

    it("a GitHub-hosted-like runner (passwordless sudo, setfacl): through sudo and ACLs, the probe finds no token; the issue is done", async () => {
      const runner = runnerUser(true);
      const w = await worldOf(runner);
      const probe = credentialProbe();
      const agentUser = agentUserForTest();
      const runs: ActionRun[] = [];
      for (const body of ["/ralph plan", "/approve"]) {
        const run = await runAction(w, {
          eventName: "issue_comment",
          payload: commentEvent(w, body),
          inputs: { "agent-command": probe.command, "agent-isolation": "auto" },
          env: {
            RALPH_AGENT_USER: agentUser,
            PROBE_DIR: probe.dir,
            SCRIPTED_FAIL_VERIFY_ONCE: join(probe.dir, "failed-once"),
          },
          prepareCheckout: (checkout, runnerTemp) => {
            persistCheckoutCredentials(TOKEN, w.home)(checkout, runnerTemp);
            writeFileSync(
              join(probe.dir, "places.json"),
              JSON.stringify({ ralphHome: w.home, runnerTemp }),
            );
            chownTo(runner, dirname(runnerTemp));
          },
          wrap: runner.wrap,
        });
        runs.push(run);
        expect(run.code, run.stdout + run.stderr).toBe(0);
        expect(run.summary).toContain(
          `The agent ran as the user \`${agentUser}\` (uid ${uidOf(agentUser)}, started through sudo)`,
        );
        expect(run.summary).toContain("opened to it with ACLs");
        // The checkout is the runner's again, without an ACL left on any entry.
        const acls = execFileSync("getfacl", ["-R", "-P", "-s", "-p", run.checkout], {
          encoding: "utf8",
        });
        expect(acls).toBe("");
        const owners = execFileSync("find", [run.checkout, "!", "-uid", String(runner.uid)], {
          encoding: "utf8",
        });
        expect(owners).toBe("");
      }
      expect(runs[1]?.outputs.phase).toBe("done");
      const probed = probe.runs();
      expect(new Set(probed.map((r) => r.phase))).toEqual(new Set(["plan", "implement", "verify"]));
      for (const run of probed) {
        expect(run.uid, run.phase).toBe(uidOf(agentUser));
        expect(run.found.filter(isToken(TOKEN)), run.phase).toEqual([]);
      }
      const files = w.remoteGit("ls-tree", "--name-only", BRANCH).split("\n");
      expect(files).toEqual(expect.arrayContaining(["greeting-US-1.txt", "greeting-US-2.txt"]));
      expect(files).not.toContain("probe-stray.txt");
    });

    it("a self-hosted runner without sudo: auto runs the agent as Ralph's user and says so; user refuses the step", async () => {
      const runner = runnerUser(false);
      const w = await worldOf(runner);
      const probe = credentialProbe();
      const comment = (body: string, isolation: string) =>
        runAction(w, {
          eventName: "issue_comment",
          payload: commentEvent(w, body),
          inputs: { "agent-command": probe.command, "agent-isolation": isolation },
          env: { RALPH_AGENT_USER: agentUserForTest(), PROBE_DIR: probe.dir },
          prepareCheckout: (_checkout: string, runnerTemp: string) =>
            chownTo(runner, dirname(runnerTemp)),
          wrap: runner.wrap,
        });
      const auto = await comment("/ralph plan", "auto");
      expect(auto.code, auto.stdout + auto.stderr).toBe(0);
      expect(auto.outputs.phase).toBe("awaiting_approval");
      expect(probe.runs()[0]?.uid).toBe(runner.uid);
      const warning =
        "The agent ran as Ralph's own user (Ralph is not root and has no passwordless sudo): it could read the GitHub token";
      expect(auto.summary).toContain(warning);
      expect(w.fake.statusComment(ISSUE)?.body).toContain(warning);

      const required = await comment("/ralph replan try again", "user");
      expect(required.code, required.stdout + required.stderr).toBe(0);
      expect(required.outputs.phase).toBe("failed");
      expect(required.outputs.reason).toContain(
        "agent_isolation is 'user', but Ralph is not root and has no passwordless sudo",
      );
      // No agent ran for it.
      expect(probe.runs()).toHaveLength(1);
    });
  },
);
