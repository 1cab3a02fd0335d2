/**
 * Benchmark 6: what the agent's boundary (DESIGN §7 rule 9) costs per agent run, on this machine
 * (Ralph as root; sudo played by a user of the bench's own). Alternated in one run, medians:
 * - a trivial agent (`true`) as Ralph's user against the same agent as its own account, for a
 *   checkout of 1,000 and of 10,000 files (the workspace opened and taken back each run: the
 *   group-and-mode walk Ralph does as root);
 * - the same opening and taking back with ACLs (setfacl, chown --from: the GitHub-hosted way);
 * - what sudo adds per privileged call (GitHub-hosted: about four per agent run);
 * - the firewall, in a network namespace of its own: making the rules (once per Action run),
 *   reading what was blocked (once per agent run), removing them (once).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { expect, it } from "vitest";
import { aclAccess, aclTools } from "../src/agents/boundary/acl-access.js";
import { ensureAgentAccount } from "../src/agents/boundary/agent-account.js";
import { openAgentBoundary } from "../src/agents/boundary/agent-boundary.js";
import { groupAccess } from "../src/agents/boundary/group-access.js";
import { createCommandAgent } from "../src/agents/command-agent.js";
import {
  CAN_MAKE_USERS,
  CAN_PLAY_HOSTED_RUNNER,
  makeRunnerUser,
  removeRunnerUser,
  removeUser,
  uniqueUserName,
} from "../test/support/os-users.js";
import { printTable, quantile, writeResult } from "./support/report.js";

const ROUNDS = 15;
const median = (values: number[]) => quantile(values, 0.5);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** A checkout-like tree: `files` files in folders of 100, and a .git folder. */
function tree(base: string, files: number): string {
  const root = join(base, `checkout-${files}`);
  for (let i = 0; i < files; i++) {
    const dir = join(root, `d${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `f${i}.txt`), "x\n");
  }
  mkdirSync(join(root, ".git"), { recursive: true });
  writeFileSync(join(root, ".git", "config"), "[core]\n");
  return root;
}

it.skipIf(!CAN_MAKE_USERS)("the agent's boundary: cost per agent run", async () => {
  const base = mkdtempSync(join(tmpdir(), "ralph-bench-boundary-"));
  const user = uniqueUserName("ralph-b");
  const rows: Record<string, string | number>[] = [];
  const data: Record<string, unknown> = {};
  try {
    const account = await ensureAgentAccount({ kind: "root" }, user);
    for (const files of [1_000, 10_000]) {
      const workspace = tree(base, files);
      const boundary = await openAgentBoundary(
        { isolation: "auto", network: "open", allowedHosts: [], agentBinary: null },
        {
          env: { ...process.env, HOME: join(base, "home"), RALPH_AGENT_USER: user },
          workspace,
          log: () => {},
        },
      );
      const same = createCommandAgent({ command: "true" });
      const isolated = createCommandAgent({ command: "true", boundary });
      const request = (i: number) => ({
        role: "implement" as const,
        prompt: "",
        workspace,
        env: {},
        timeoutMs: 60_000,
        logDir: join(base, "logs", String(i)),
      });
      const times = { same: [] as number[], isolated: [] as number[] };
      for (let i = 0; i < ROUNDS; i++) {
        times.same.push(await timed(() => same.run(request(i))));
        times.isolated.push(await timed(() => isolated.run(request(i))));
      }
      await boundary.close();
      const group = groupAccess(account);
      const tools = aclTools(process.env);
      const acl = tools === null ? null : aclAccess({ kind: "root" }, account, tools);
      const walks = { group: [] as number[], acl: [] as number[] };
      for (let i = 0; i < 5; i++) {
        walks.group.push(await timed(async () => (await group.openTree(workspace))()));
        if (acl !== null)
          walks.acl.push(await timed(async () => (await acl.openTree(workspace))()));
      }
      const row = {
        checkout: `${files.toLocaleString("en-US")} files`,
        "agent as Ralph (ms)": median(times.same),
        "as its own user (ms)": median(times.isolated),
        "added (ms)": median(times.isolated) - median(times.same),
        "group walk, open+undo (ms)": median(walks.group),
        "ACLs, open+undo (ms)": acl === null ? "n/a" : median(walks.acl),
      };
      rows.push(row);
      data[`files-${files}`] = { times, walks };
    }
    printTable("Benchmark 6: the agent's boundary per agent run (medians)", rows);

    if (CAN_PLAY_HOSTED_RUNNER) {
      const runner = makeRunnerUser({ sudo: true });
      try {
        const as = (cmd: string[]) => () =>
          Promise.resolve(
            spawnSync("setpriv", [
              "--reuid",
              String(runner.uid),
              "--regid",
              String(runner.gid),
              "--init-groups",
              "--",
              ...cmd,
            ]),
          );
        const sudo = { plain: [] as number[], sudo: [] as number[] };
        for (let i = 0; i < ROUNDS; i++) {
          sudo.plain.push(await timed(as(["true"])));
          sudo.sudo.push(await timed(as(["sudo", "-n", "true"])));
        }
        const added = median(sudo.sudo) - median(sudo.plain);
        printTable("sudo per privileged call", [
          {
            "true (ms)": median(sudo.plain),
            "sudo -n true (ms)": median(sudo.sudo),
            "added (ms)": added,
          },
        ]);
        data.sudo = sudo;
      } finally {
        removeRunnerUser(runner);
      }
    }

    if (spawnSync("unshare", ["--net", "true"]).status === 0) {
      const script = join(base, "firewall-timing.mjs");
      await build({
        entryPoints: [new URL("./support/firewall-timing.ts", import.meta.url).pathname],
        bundle: true,
        platform: "node",
        format: "esm",
        outfile: script,
      });
      const out = execFileSync("unshare", ["--net", "--", process.execPath, script, "10"], {
        encoding: "utf8",
      });
      const firewall = JSON.parse(out) as { start: number[]; blocked: number[]; stop: number[] };
      printTable("the firewall (5 allowed entries, IPv4 and IPv6), in its own namespace", [
        {
          "make the rules (ms)": median(firewall.start),
          "read what was blocked (ms)": median(firewall.blocked),
          "remove them (ms)": median(firewall.stop),
        },
      ]);
      data.firewall = firewall;
    }
    writeResult("agent-boundary", data);
    expect(rows).toHaveLength(2);
  } finally {
    removeUser(user);
    rmSync(base, { recursive: true, force: true });
  }
});
