/**
 * The credential probe (test/fixtures/security/credential-probe.mjs) as the built action's agent:
 * copied with the scripted agent into a folder every user may read and write (the agent's
 * account cannot enter the test's own folders, which Ralph closes to it), its findings read back.
 * Also what actions/checkout may leave in a checkout: the persisted token, in `.git/config` (v4)
 * and in a file under $RUNNER_TEMP that `.git/config` includes (v6).
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { onTestFinished } from "vitest";
import { basicAuthHeader } from "../../src/git/git-auth.js";

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), "../fixtures");

export interface ProbeRun {
  phase: string;
  story: string | null;
  uid: number;
  home: string;
  found: { where: string; what: string }[];
  places: { processes: number; files: number; unreadable: string[] };
  writable: string[];
  connections: { target: string; ok: boolean; data?: string; error?: string }[];
  stray: boolean;
}

export interface Probe {
  dir: string;
  /** The `agent-command` input. */
  command: string;
  runs(): ProbeRun[];
  /** `phase:story` of every agent run (the scripted agent's log). */
  calls(): string[];
}

/** A probe for one test, removed when the test ends. */
export function credentialProbe(): Probe {
  const dir = mkdtempSync(join(tmpdir(), "ralph-probe-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  chmodSync(dir, 0o777);
  const bin = join(dir, "bin");
  mkdirSync(bin);
  copyFileSync(join(FIXTURES, "security/credential-probe.mjs"), join(bin, "credential-probe.mjs"));
  copyFileSync(join(FIXTURES, "action/agents/scripted-agent.cjs"), join(bin, "scripted-agent.cjs"));
  chmodSync(bin, 0o755);
  const lines = (file: string) => {
    try {
      return readFileSync(join(dir, file), "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l));
    } catch {
      return [];
    }
  };
  return {
    dir,
    command: `node ${join(bin, "credential-probe.mjs")}`,
    runs: () => lines("findings.jsonl") as ProbeRun[],
    calls: () =>
      (lines("agent-log.jsonl") as { phase: string; story: string | null }[]).map(
        (c) => `${c.phase}:${c.story ?? "-"}`,
      ),
  };
}

/** Whether a finding is the token itself (as is, or inside a decoded Authorization header). */
export function isToken(token: string) {
  return (finding: { what: string }) => finding.what.includes(token);
}

/**
 * actions/checkout's persisted credentials for `token`: the v4 `http.<url>.extraheader` in the
 * checkout's config, and the v6 file under $RUNNER_TEMP that the config includes.
 */
export function persistCheckoutCredentials(token: string, home: string) {
  const header = basicAuthHeader(token);
  return (checkout: string, runnerTemp: string): void => {
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        cwd: checkout,
        env: { PATH: process.env.PATH ?? "", HOME: home, GIT_CONFIG_NOSYSTEM: "1" },
      });
    git("config", "--local", "http.https://github.com/.extraheader", header);
    const file = join(runnerTemp, "git-credentials-0b1c.config");
    writeFileSync(file, `[http "https://github.com/"]\n\textraheader = ${header}\n`);
    git("config", "--local", `includeIf.gitdir:${checkout}/.git.path`, file);
  };
}
