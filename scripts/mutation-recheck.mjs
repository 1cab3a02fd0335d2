#!/usr/bin/env node
// Checks the recorded surviving mutants of one file again, without Stryker:
//   node scripts/mutation-recheck.mjs src/core/sanitize.ts test/core/sanitize-edges.test.ts …
// Each mutant Stryker recorded as surviving (or without coverage) in stryker/incremental.json is
// applied to the source in turn, and the given test files run once (stryker/vitest.config.ts);
// a run that fails (or times out, as a Stryker Timeout) kills it. Quicker than a Stryker pass
// when only a few test files matter (after writing kill-tests), but it records nothing: a
// Stryker rerun does. The test files must pass on the real source first. The source is put back
// at the end, also on Ctrl-C. `--lines 46,50` checks only the mutants that start on those lines.
// `--static` checks every static mutant of the file instead (the code that runs while modules
// load, as Stryker's own instrumenter generates its mutants: scripts/static-mutants.mjs), with no
// Stryker run needed first.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { lineStarts, staticMutants } from "./static-mutants.mjs";

const args = process.argv.slice(2);
const at = args.indexOf("--lines");
const lines = at === -1 ? null : new Set(args.splice(at, 2)[1]?.split(",").map(Number));
const allStatic = args.includes("--static");
const [file, ...tests] = args.filter((a) => a !== "--static");
if (file === undefined || tests.length === 0) {
  console.error("usage: mutation-recheck.mjs <source file> <test file>… [--lines n,m] [--static]");
  process.exit(2);
}
const original = readFileSync(file, "utf8");
const recorded = () => {
  const entry = JSON.parse(readFileSync("stryker/incremental.json", "utf8")).files?.[file];
  if (entry === undefined) throw new Error(`${file}: no results in stryker/incremental.json`);
  if (original !== entry.source) throw new Error(`${file} changed since Stryker measured it`);
  return entry.mutants.filter((m) => m.status === "Survived" || m.status === "NoCoverage");
};
const candidates = allStatic ? await staticMutants(file, original) : recorded();

const starts = lineStarts(original);
const offset = (loc) => starts[loc.line - 1] + loc.column - 1;
const restore = () => writeFileSync(file, original);
/** Ends the vitest run under way, if any, with all its workers. */
let stopRun = () => {};
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.on(signal, () => {
    restore();
    stopRun();
    process.exit(code);
  });
}

/**
 * One vitest run in a process group of its own: a mutant that makes a pattern backtrack forever
 * is stopped after 300 s with every worker of its run (killing `npx` alone left the worker
 * burning a core after the recheck had moved on).
 */
const vitest = (files) =>
  new Promise((resolve, reject) => {
    const args = ["vitest", "run", "--config", "stryker/vitest.config.ts", ...files];
    const child = spawn("npx", args, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) stream.on("data", (d) => (output += d));
    stopRun = () => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group has ended already.
      }
    };
    const timer = setTimeout(stopRun, 300_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(Object.assign(new Error(`vitest ended with ${code}`), { stdout: output }));
    });
  });

// A test file that fails on the real source (one that needs the built bundles, which this config
// does not build) would make every mutant look killed: refuse to count anything then.
try {
  await vitest(tests);
} catch (error) {
  console.error(
    `the test files fail on the unmutated source; nothing to check:\n${error.stdout ?? error}`,
  );
  process.exit(1);
}

const toCheck = candidates.filter((m) => lines === null || lines.has(m.location.start.line));
let survived = 0;
try {
  for (const m of toCheck) {
    const start = offset(m.location.start);
    writeFileSync(
      file,
      original.slice(0, start) + m.replacement + original.slice(offset(m.location.end)),
    );
    let killed = false;
    try {
      await vitest(tests);
    } catch {
      killed = true;
    }
    if (!killed) survived += 1;
    const where = `${m.location.start.line}:${m.location.start.column}`;
    console.log(
      `${killed ? "killed  " : "SURVIVES"} ${where} ${m.mutatorName} ${JSON.stringify(m.replacement)}`,
    );
  }
} finally {
  restore();
}
console.log(`${toCheck.length - survived} of ${toCheck.length} killed`);
