/**
 * The agent's boundary on this machine (root, no sudo needed): the agent runs as an account of
 * its own, made by Ralph, with the workspace open to it and Ralph's places closed; what it wrote
 * is Ralph's again afterwards, with owners, groups and modes as they were.
 */
import {
  chmodSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pidsOf } from "../../../src/agents/boundary/account-processes.js";
import {
  type AgentBoundary,
  AgentBoundaryError,
  openAgentBoundary,
} from "../../../src/agents/boundary/agent-boundary.js";
import { createCommandAgent } from "../../../src/agents/command-agent.js";
import { createAgent } from "../../../src/agents/create-agent.js";
import { parseConfig } from "../../../src/core/config.js";
import { CAN_MAKE_USERS, removeUser, uidOf, uniqueUserName } from "../../support/os-users.js";
import { fixture, request } from "../helpers.js";

/** Every entry under `dir` with its owner, group and mode. */
function inventory(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (path: string, rel: string) => {
    const info = lstatSync(path);
    out[rel] = `${info.uid}:${info.gid}:${(info.mode & 0o7777).toString(8)}`;
    if (info.isDirectory())
      for (const name of readdirSync(path)) visit(join(path, name), `${rel}/${name}`);
  };
  visit(dir, ".");
  return out;
}

describe.skipIf(!CAN_MAKE_USERS)("the agent's boundary, Ralph as root", { timeout: 60_000 }, () => {
  const user = uniqueUserName();
  let base: string;
  let workspace: string;
  let home: string;
  let runnerTemp: string;
  let boundary: AgentBoundary;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), "ralph-boundary-"));
    // The runner's layout: <work>/<repo>/<repo> is the checkout, _temp beside it, Ralph's home.
    workspace = join(base, "work", "repo", "repo");
    runnerTemp = join(base, "work", "_temp");
    home = join(base, "home");
    for (const dir of [join(workspace, "src"), join(workspace, ".git"), runnerTemp, home])
      mkdirSync(dir, { recursive: true });
    writeFileSync(join(workspace, "README.md"), "# hi\n");
    writeFileSync(join(workspace, "src", "tool.sh"), "#!/bin/sh\n");
    chmodSync(join(workspace, "src", "tool.sh"), 0o755);
    writeFileSync(join(workspace, ".git", "config"), "[core]\n");
    writeFileSync(join(runnerTemp, "git-credentials.config"), "extraheader = secret\n");
    writeFileSync(join(home, ".git-credentials"), "https://x-access-token:secret@github.com\n");
    writeFileSync(join(base, "work", "repo", "other-file"), "beside the checkout\n");
    boundary = await openAgentBoundary(
      { isolation: "auto", network: "open", allowedHosts: [], agentBinary: null },
      {
        env: {
          ...process.env,
          HOME: home,
          RUNNER_TEMP: runnerTemp,
          GITHUB_WORKSPACE: workspace,
          RALPH_AGENT_USER: user,
        },
        workspace,
        log: () => {},
      },
    );
  });

  afterAll(async () => {
    await boundary?.close();
    removeUser(user);
    rmSync(base, { recursive: true, force: true });
  });

  const script = () =>
    [
      "id -u",
      `cat ${join(runnerTemp, "git-credentials.config")} 2>/dev/null && echo LEAK-TEMP`,
      `cat ${join(home, ".git-credentials")} 2>/dev/null && echo LEAK-HOME`,
      `cat ${join(base, "work", "repo", "other-file")} 2>/dev/null && echo LEAK-BESIDE`,
      `cat /proc/${process.pid}/environ 2>/dev/null && echo LEAK-ENVIRON`,
      "echo written > new-file.txt && mkdir -p made/deep && echo x > made/deep/f && echo more >> README.md",
      // A daemon that leaves the group and drops the run's marker: only the account's end stops it.
      "env -i setsid sleep 300 </dev/null >/dev/null 2>&1 &",
      'echo "home=$HOME"',
    ].join("\n");

  it("runs the agent as its own account, which writes the workspace and reaches none of Ralph's places", async () => {
    expect(boundary.isolated).toBe(true);
    const before = inventory(base);
    const agent = createCommandAgent({ command: script(), boundary });
    const result = await agent.run(request(workspace, { logDir: join(base, "logs") }));
    expect(result.exitCode, result.finalMessage).toBe(0);
    const lines = result.finalMessage.trim().split("\n");
    expect(Number(lines[0])).toBe(uidOf(user));
    expect(result.finalMessage).not.toMatch(/LEAK-/);
    expect(result.finalMessage).toContain(`home=/home/${user}`);
    // Written, and Ralph's again: owners, groups and modes exactly as before, new files the
    // checkout owner's.
    expect(readFileSync(join(workspace, "made/deep/f"), "utf8")).toBe("x\n");
    expect(readFileSync(join(workspace, "README.md"), "utf8")).toBe("# hi\nmore\n");
    const after = inventory(base);
    for (const [path, entry] of Object.entries(before)) {
      if (path.startsWith("./logs")) continue;
      expect(after[path], path).toBe(entry);
    }
    for (const made of ["new-file.txt", "made", "made/deep", "made/deep/f"]) {
      expect(after[`./work/repo/repo/${made}`]?.startsWith("0:0:"), made).toBe(true);
    }
    // The account has no process left.
    // The account has no process left (the daemon included; a zombie waits for init).
    expect(pidsOf(uidOf(user))).toEqual([]);
  });

  it("agent_isolation: off: the same agent reaches every one of those places", async () => {
    const off = await openAgentBoundary(
      { isolation: "off", network: "open", allowedHosts: [], agentBinary: null },
      { env: process.env, workspace, log: () => {} },
    );
    const agent = createCommandAgent({ command: script(), boundary: off });
    const result = await agent.run(request(workspace, { logDir: join(base, "logs") }));
    for (const leak of ["LEAK-TEMP", "LEAK-HOME", "LEAK-BESIDE", "LEAK-ENVIRON"])
      expect(result.finalMessage).toContain(leak);
    expect(off.notes().warnings.join("\n")).toContain("`agent_isolation: off`");
  });

  it("the claude CLI runs as the account: it finds its install on PATH and its login in its own home", async () => {
    // An install every user can read (as setup-node's global prefix is), and a login in Ralph's home.
    const bin = mkdtempSync(join(tmpdir(), "ralph-cli-"));
    try {
      chmodSync(bin, 0o777);
      copyFileSync(fixture("fake-claude.mjs"), join(bin, "claude"));
      // The module it imports, beside it as in the fixtures folder.
      copyFileSync(fixture("record-call.mjs"), join(bin, "record-call.mjs"));
      chmodSync(join(bin, "claude"), 0o755);
      mkdirSync(join(home, ".claude"), { recursive: true });
      writeFileSync(join(home, ".claude", ".credentials.json"), '{"login":"model-login"}');
      const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, HOME: home };
      const claude = await openAgentBoundary(
        { isolation: "auto", network: "open", allowedHosts: [], agentBinary: "claude" },
        { env: { ...env, RALPH_AGENT_USER: user }, workspace, log: () => {} },
      );
      try {
        expect(claude.isolated).toBe(true);
        const agent = createAgent(parseConfig({ agent: "claude" }), {
          baseEnv: { ...env, FAKE_RECORD: join(bin, "record.json") },
          boundary: claude,
        });
        const result = await agent.run(request(workspace, { logDir: join(base, "logs") }));
        expect(result.exitCode, result.error ?? "").toBe(0);
        expect(result.finalMessage).toContain("All done.");
        expect(JSON.parse(readFileSync(join(bin, "record.json"), "utf8")).cwd).toBe(workspace);
        const login = createCommandAgent({
          command: 'cat "$HOME/.claude/.credentials.json"',
          boundary: claude,
        });
        const read = await login.run(request(workspace, { logDir: join(base, "logs") }));
        expect(read.finalMessage).toBe('{"login":"model-login"}');
      } finally {
        await claude.close();
      }
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it("an agent CLI the account cannot find: auto runs the agent as Ralph's user and says why", async () => {
    const fallback = await openAgentBoundary(
      { isolation: "auto", network: "open", allowedHosts: [], agentBinary: "ralph-no-such-cli" },
      { env: { ...process.env, RALPH_AGENT_USER: user }, workspace, log: () => {} },
    );
    expect(fallback.isolated).toBe(false);
    expect(fallback.notes().warnings.join("\n")).toContain(
      `the user ${user} cannot run \`ralph-no-such-cli\``,
    );
  });

  it("agent_isolation: user refuses, with the reason, where no account can be had", async () => {
    // Ralph running as a user without sudo is the case; here: a platform it cannot isolate on.
    const platform = Object.getOwnPropertyDescriptor(process, "platform")!;
    Object.defineProperty(process, "platform", { value: "darwin" });
    try {
      await expect(
        openAgentBoundary(
          { isolation: "user", network: "open", allowedHosts: [], agentBinary: null },
          { env: process.env, workspace, log: () => {} },
        ),
      ).rejects.toThrow(AgentBoundaryError);
      const fallback = await openAgentBoundary(
        { isolation: "auto", network: "allowlist", allowedHosts: [], agentBinary: null },
        { env: process.env, workspace, log: () => {} },
      );
      expect(fallback.isolated).toBe(false);
      expect(fallback.notes().warnings.join("\n")).toMatch(/could read the GitHub token/);
      expect(fallback.notes().warnings.join("\n")).toMatch(/allowlist` is NOT enforced/);
    } finally {
      Object.defineProperty(process, "platform", platform);
    }
  });
});
