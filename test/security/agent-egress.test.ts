/**
 * Egress under control (DESIGN §7 rule 9, issue 19), through the BUILT action: with
 * `agent_network: allowlist` Ralph makes iptables rules for the agent's uid, so the agent reaches
 * the allowed stand-in for the model API and nothing else; what it was refused is listed in the
 * status comment and the Step Summary, and the rules are gone after the run. The action runs in a
 * network namespace the test makes (only loopback; the fake GitHub forwarded in), so the
 * machine's own rules are never touched. Where the rules cannot be made (iptables missing), the
 * run says so and the agent's connections are not restricted.
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { commentEvent, ISSUE, seedIssue } from "../action/flows.js";
import { runAction, worldPerTest } from "../action/harness.js";
import { CAN_USE_NETNS, inNetns } from "../support/netns.js";
import {
  agentUserForTest,
  CAN_MAKE_USERS,
  CAN_PLAY_HOSTED_RUNNER,
  type RunnerUser,
} from "../support/os-users.js";
import { credentialProbe, type Probe } from "./credential-probe.js";
import { chownTo, handWorldTo, runnerUser } from "./runner-world.js";

/** `/ralph plan` with the probe as the agent and an allowlist of `hosts`. */
function planWithAllowlist(probe: Probe, hosts: string, env: Record<string, string>) {
  return {
    eventName: "issue_comment",
    inputs: {
      "agent-command": probe.command,
      "agent-isolation": "auto",
      "agent-network": "allowlist",
      "agent-allowed-hosts": hosts,
    },
    env: { RALPH_AGENT_USER: agentUserForTest(), PROBE_DIR: probe.dir, ...env },
  };
}

/** Inside the namespace: the stand-in for the model API, and a server the list does not name. */
const ALLOWED = 18_443;
const BLOCKED = 18_444;

describe.skipIf(!CAN_MAKE_USERS)(
  "the agent's egress through the built action",
  {
    timeout: 240_000,
  },
  () => {
    const newWorld = worldPerTest();

    /**
     * One `/ralph plan` in a namespace of its own with an allowlist of the stand-in: `runner` plays
     * Ralph as a user with sudo (else Ralph is root).
     */
    async function allowlistRun(runner?: RunnerUser): Promise<void> {
      const w = await newWorld();
      seedIssue(w);
      if (runner !== undefined) handWorldTo(runner, w);
      const probe = credentialProbe();
      const blockedLog = join(probe.dir, "blocked-server.log");
      const allowedLog = join(probe.dir, "allowed-server.log");
      const rulesAfter = join(probe.dir, "rules-after.txt");
      const netns = inNetns({
        forwardPorts: [Number(new URL(w.fake.url).port)],
        servers: [
          { port: ALLOWED, reply: "model API stand-in", log: allowedLog },
          { port: BLOCKED, reply: "should never answer the agent", log: blockedLog },
        ],
        rulesAfter,
      });
      const run = await runAction(w, {
        ...planWithAllowlist(probe, `127.0.0.1:${ALLOWED}`, {
          PROBE_CONNECT: `127.0.0.1:${ALLOWED},127.0.0.1:${BLOCKED}`,
        }),
        payload: commentEvent(w, "/ralph plan"),
        ...(runner && {
          prepareCheckout: (_checkout: string, runnerTemp: string) =>
            chownTo(runner, dirname(runnerTemp)),
        }),
        wrap: (file, args) => {
          const inner = runner?.wrap(file, args) ?? { file, args };
          return netns(inner.file, inner.args);
        },
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.outputs.phase).toBe("awaiting_approval");
      const [plan] = probe.runs();
      expect(plan?.connections).toEqual([
        { target: `127.0.0.1:${ALLOWED}`, ok: true, data: "model API stand-in" },
        { target: `127.0.0.1:${BLOCKED}`, ok: false, error: "ECONNREFUSED" },
      ]);
      // The refusal was the firewall's: the server was up and never saw the agent.
      expect(readFileSync(allowedLog, "utf8")).toContain(`connection on ${ALLOWED}`);
      expect(existsSync(blockedLog)).toBe(false);
      const blocked = `Blocked connections from the agent (\`agent_network: allowlist\`): \`127.0.0.1:${BLOCKED}\``;
      expect(run.summary).toContain(blocked);
      expect(run.summary).toContain("Egress: allowlist, enforced with iptables");
      expect(w.fake.statusComment(ISSUE)?.body).toContain(blocked);
      // Removed after the run, in both families.
      const rules = readFileSync(rulesAfter, "utf8");
      expect(rules).toContain("-P OUTPUT ACCEPT");
      expect(rules).not.toMatch(/RALPH-AGENT|uid-owner/);
    }

    it.skipIf(!CAN_USE_NETNS)(
      "allowlist: the allowed stand-in answers, a port not allowed is refused and reported, and the rules are gone after",
      () => allowlistRun(),
    );

    it.skipIf(!CAN_USE_NETNS || !CAN_PLAY_HOSTED_RUNNER)(
      "allowlist with Ralph as a user with sudo (a GitHub-hosted-like runner): the same, the rules made and read through sudo",
      () => allowlistRun(runnerUser(true)),
    );

    it("allowlist where the firewall cannot be set up (no iptables): the run says so, the agent is not restricted", async () => {
      const w = await newWorld();
      seedIssue(w);
      const probe = credentialProbe();
      // A server on the machine's loopback, which an allowlist of the model API would refuse.
      const server = createServer((client) => client.end("unrestricted"));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      onTestFinished(() => {
        server.close();
      });
      const port = (server.address() as { port: number }).port;
      const run = await runAction(w, {
        ...planWithAllowlist(probe, "api.example.com", {
          RALPH_IPTABLES: "/nonexistent/iptables",
          PROBE_CONNECT: `127.0.0.1:${port}`,
        }),
        payload: commentEvent(w, "/ralph plan"),
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(probe.runs()[0]?.connections).toEqual([
        { target: `127.0.0.1:${port}`, ok: true, data: "unrestricted" },
      ]);
      const warning =
        "`agent_network: allowlist` is NOT enforced (/nonexistent/iptables was not found): the agent's connections were not restricted.";
      expect(run.summary).toContain(warning);
      expect(w.fake.statusComment(ISSUE)?.body).toContain(warning);
      // The agent still ran as its own user: only the firewall is missing.
      expect(run.summary).toMatch(/The agent ran as the user `ralph-t-/);
    });
  },
);
