/**
 * .ci/run, the CI entry, run against stand-ins for npm and node (a failing test run or check is
 * one environment variable away): the exit code and the summary it prints, the checks it ends
 * when the tests fail, and nothing of its own left in the temp folder, pass or fail (a run wrote
 * ~2 MB there, kept for good, before it removed them).
 */
import { spawn } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { isAlive, untilGone } from "../agents/helpers.js";
import { captureOutput } from "../support/output.js";
import { tempDir } from "../support/temp.js";

const ROOT = resolve(import.meta.dirname, "../..");

/** npm: `ci` and the checks pass unless told; `test` writes the JSON report vitest would. */
const FAKE_NPM = `#!/bin/sh
case "$1" in
  ci) exit 0 ;;
  test)
    # The slow check has started (its pid written) before the tests fail.
    if [ -n "\${FAKE_SLOW_TYPECHECK:-}" ]; then
      while [ ! -s "$FAKE_SLOW_TYPECHECK" ]; do sleep 0.01; done
    fi
    for arg in "$@"; do
      case "$arg" in --outputFile=*) out="\${arg#--outputFile=}" ;; esac
    done
    printf '{"numPassedTests":3,"numFailedTests":%s,"numPendingTests":1,"numTodoTests":0}' \\
      "\${FAKE_TEST_EXIT:-0}" > "$out"
    exit "\${FAKE_TEST_EXIT:-0}" ;;
  run)
    case "$3" in
      typecheck)
        if [ -n "\${FAKE_SLOW_TYPECHECK:-}" ]; then echo $$ > "$FAKE_SLOW_TYPECHECK"; exec sleep 600; fi
        exit 0 ;;
      lint) echo "lint found something"; exit "\${FAKE_LINT_EXIT:-0}" ;;
    esac ;;
esac
echo "unexpected npm $*" >&2
exit 2
`;

/** node: the dist check and actionlint pass; anything else is the real node (the summary). */
const FAKE_NODE = `#!/bin/sh
case "$1" in
  scripts/check-dist.mjs) echo "dist/ matches"; exit 0 ;;
  --liftoff-only) echo "actionlint: fine"; exit 0 ;;
esac
exec "$REAL_NODE" "$@"
`;

/** The tools whose absence makes .ci/run install them with apt-get: present, so it never does. */
const PRESENT_TOOLS = ["sudo", "setfacl", "iptables", "ip6tables", "pkill", "setpriv"];

interface CiRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** What is left in the run's temp folder. */
  leftInTemp: string[];
}

async function ciRun(env: Record<string, string> = {}): Promise<CiRun> {
  const repo = tempDir("ralph-ci-repo-");
  mkdirSync(join(repo, ".ci"));
  copyFileSync(join(ROOT, ".ci/run"), join(repo, ".ci/run"));
  const bin = tempDir("ralph-ci-bin-");
  const tools: Record<string, string> = { npm: FAKE_NPM, node: FAKE_NODE };
  for (const tool of PRESENT_TOOLS) tools[tool] = "#!/bin/sh\nexit 0\n";
  for (const [name, script] of Object.entries(tools)) {
    writeFileSync(join(bin, name), script);
    chmodSync(join(bin, name), 0o755);
  }
  const temp = tempDir("ralph-ci-tmp-");
  const child = spawn("bash", [join(repo, ".ci/run")], {
    cwd: repo,
    env: {
      PATH: `${bin}:${process.env.PATH ?? ""}`,
      TMPDIR: temp,
      REAL_NODE: process.execPath,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const code = await new Promise<number | null>((done) => child.on("close", done));
  return { code, stdout: output.stdout(), stderr: output.stderr(), leftInTemp: readdirSync(temp) };
}

describe(".ci/run", { timeout: 60_000 }, () => {
  it("passes, prints the tests' summary, and leaves nothing in the temp folder", async () => {
    const run = await ciRun();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("== lint (biome)\nlint found something");
    expect(run.stdout).toContain("tests: 3 passed, 0 failed, 1 skipped\nCI passed");
    expect(run.leftInTemp).toEqual([]);
  });

  it("fails when a check fails, naming it, and leaves nothing in the temp folder", async () => {
    const run = await ciRun({ FAKE_LINT_EXIT: "1" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("failed: lint (biome)");
    expect(run.stdout).not.toContain("CI passed");
    expect(run.leftInTemp).toEqual([]);
  });

  it("fails when the tests fail, ends the checks still running, and leaves nothing", async () => {
    const pidFile = join(tempDir("ralph-ci-pid-"), "typecheck.pid");
    const run = await ciRun({ FAKE_TEST_EXIT: "1", FAKE_SLOW_TYPECHECK: pidFile });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain("CI passed");
    expect(run.leftInTemp).toEqual([]);
    const pid = Number(readFileSync(pidFile, "utf8"));
    onTestFinished(() => {
      if (isAlive(pid)) process.kill(pid);
    });
    await untilGone(pid);
  });
});
