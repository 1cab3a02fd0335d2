/**
 * Counts the git processes Ralph starts (issue 20: its git work per story): a `git` on PATH that
 * writes its arguments to a log, then runs the real git. For this process (the pipeline in
 * tests) or, through `env`, for a built entry run as a child.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface GitCounter {
  /** PATH and log variable for a child process to be counted too. */
  env: { PATH: string; RALPH_TEST_GIT_LOG: string };
  /** Every git command line since the last reset, in order (as each ended). */
  calls(): string[];
  /**
   * With `silent: true`, the calls that printed nothing on stdout or stderr: simple-git waits
   * 50 ms after each before it answers.
   */
  silentCalls(): string[];
  /** Milliseconds all those git processes took together. */
  milliseconds(): number;
  reset(): void;
  /** Takes the shim off this process's PATH and removes it. */
  remove(): void;
}

export function countGit(options: { thisProcess?: boolean; silent?: boolean } = {}): GitCounter {
  const dir = mkdtempSync(join(tmpdir(), "ralph-git-count-"));
  const real = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
  const log = join(dir, "calls.log");
  const silentLog = join(dir, "silent.log");
  writeFileSync(log, "");
  writeFileSync(silentLog, "");
  const args = `"$(printf '%s' "$*" | tr '\n' ' ')"`;
  // To tell a silent call, its output is held in files (named by the shim's pid) and then passed on.
  const run = options.silent
    ? [
        `'${real}' "$@" >'${dir}/out.'$$ 2>'${dir}/err.'$$`,
        "rc=$?",
        `[ -s '${dir}/out.'$$ ] || [ -s '${dir}/err.'$$ ] || printf '%s\n' ${args} >> '${silentLog}'`,
        `cat '${dir}/out.'$$; cat '${dir}/err.'$$ >&2`,
      ]
    : [`'${real}' "$@"`, "rc=$?"];
  // The log variable does not start with GIT_: simple-git drops those from a child's environment.
  // One line per call: the nanoseconds it took, a tab, its arguments (newlines made spaces).
  writeFileSync(
    join(dir, "git"),
    [
      "#!/bin/sh",
      "s=$(date +%s%N)",
      ...run,
      "e=$(date +%s%N)",
      `printf '%s\t%s\n' "$((e - s))" ${args} >> "$RALPH_TEST_GIT_LOG"`,
      "exit $rc",
      "",
    ].join("\n"),
  );
  chmodSync(join(dir, "git"), 0o755);
  const lines = () =>
    readFileSync(log, "utf8")
      .split("\n")
      .filter((l) => l.includes("\t"));
  const before = { PATH: process.env.PATH, log: process.env.RALPH_TEST_GIT_LOG };
  const env = { PATH: `${dir}:${process.env.PATH ?? ""}`, RALPH_TEST_GIT_LOG: log };
  if (options.thisProcess ?? true) Object.assign(process.env, env);
  return {
    env,
    calls: () => lines().map((l) => l.slice(l.indexOf("\t") + 1).trim()),
    silentCalls: () =>
      readFileSync(silentLog, "utf8")
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l !== ""),
    milliseconds: () => lines().reduce((sum, l) => sum + Number(l.split("\t")[0]) / 1e6, 0),
    reset: () => {
      writeFileSync(log, "");
      writeFileSync(silentLog, "");
    },
    remove: () => {
      if (options.thisProcess ?? true) {
        process.env.PATH = before.PATH;
        if (before.log === undefined) delete process.env.RALPH_TEST_GIT_LOG;
        else process.env.RALPH_TEST_GIT_LOG = before.log;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The calls that read the whole working tree: a `status` without a pathspec, an `add` of `.`.
 * (An `add` or `status` of listed paths reads those paths only.)
 */
export function wholeTreeScans(calls: readonly string[]): string[] {
  return calls.filter(
    (c) =>
      (/(^| )status /.test(c) && !/ -- /.test(c)) || (/(^| )add /.test(c) && / -- \.( |$)/.test(c)),
  );
}
