#!/usr/bin/env node
// `npm run mutation [-- <file>...]`: mutation testing of src/core and src/reconcile with StrykerJS
// (docs/testing.md, "Mutation testing"). Incremental: results are kept in stryker/incremental.json
// and only mutants whose code or covering tests changed run again.
//
// 1. The main pass (stryker.config.mjs) tests every runtime mutant against the tests that reach it.
// 2. The static pass (stryker/static.config.mjs) tests the static mutants of the guarantee files
//    (module-level regexes and tables) that are not yet known to be killed, against the test
//    files that cover the rest of the same source file.
// 3. The scores are printed per directory and for the guarantee files, with their survivors.
// `--summary` prints step 3 alone; `--survivors [src/...]` every file's score and survivors.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureMutationTools, toolsRequire } from "./mutation-tools.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const REPORT = join(ROOT, "stryker/incremental.json");

/** The files behind the guarantees docs/testing.md lists; their static mutants are tested too. */
export const GUARANTEES = {
  verdicts: ["src/core/verdict.ts", "src/core/regression-verdict.ts"],
  "approvals and permissions": [
    "src/core/machine/approvals.ts",
    "src/core/machine/auth.ts",
    "src/core/events.ts",
    "src/reconcile/reaction-approvals.ts",
    "src/reconcile/signals.ts",
  ],
  "budgets and the circuit breaker": [
    "src/core/machine/context.ts",
    "src/core/machine/agent-results.ts",
    "src/core/machine/replan.ts",
    "src/core/state-budget.ts",
    "src/core/iteration-caps.ts",
  ],
  commands: ["src/core/commands.ts", "src/core/command-table.ts"],
  "prompt sanitizing": ["src/core/sanitize.ts", "src/core/redact-secrets.ts"],
  "state in the status comment": [
    "src/core/state-codec.ts",
    "src/core/seen-comments.ts",
    "src/core/split-comment.ts",
  ],
  "one run per issue, saved before it acts": ["src/reconcile/lock.ts", "src/reconcile/persist.ts"],
  "claims (one replica acts, moved past only after the grace)": ["src/github/state-claim.ts"],
};
const GUARANTEE_FILES = Object.values(GUARANTEES).flat();

const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

function stryker(config, args) {
  ensureMutationTools();
  const bin = join(dirname(toolsRequire.resolve("@stryker-mutator/core/package.json")), "bin");
  const run = spawnSync(process.execPath, [join(bin, "stryker.js"), "run", config, ...args], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

function readReport() {
  return existsSync(REPORT) ? JSON.parse(readFileSync(REPORT, "utf8")) : { files: {} };
}

/** `file:line:column-line:column` of a mutant, as Stryker's `--mutate` takes a range. */
function range(file, { start, end }) {
  return `${file}:${start.line}:${start.column}-${end.line}:${end.column}`;
}

/** Static mutants of the guarantee files not known to be killed, and the tests to try on them. */
function staticPlan(report, files) {
  const testFileOf = new Map();
  for (const [file, { tests }] of Object.entries(report.testFiles ?? {})) {
    for (const t of tests) testFileOf.set(t.id, relative(ROOT, join(ROOT, file)));
  }
  const ranges = new Set();
  const tests = new Set();
  for (const file of files) {
    const mutants = report.files[file]?.mutants ?? [];
    const open = mutants.filter((m) => m.static && !DETECTED.has(m.status));
    if (open.length === 0) continue;
    for (const m of open) ranges.add(range(file, m.location));
    for (const m of mutants) for (const id of m.coveredBy ?? []) tests.add(testFileOf.get(id));
  }
  tests.delete(undefined);
  return { ranges: [...ranges], tests: [...tests].sort() };
}

function score(mutants) {
  const count = (set) => mutants.filter((m) => set.has(m.status)).length;
  const detected = count(DETECTED);
  const valid = detected + count(UNDETECTED);
  const ignored = mutants.filter((m) => m.status === "Ignored").length;
  return { detected, valid, ignored, score: valid === 0 ? 100 : (100 * detected) / valid };
}

function row(name, mutants) {
  const s = score(mutants);
  const pct = `${s.score.toFixed(2)} %`.padStart(9);
  const counts = `${s.detected} of ${s.valid} detected`;
  return `${name.padEnd(42)}${pct}  ${counts.padEnd(24)}${s.ignored > 0 ? `${s.ignored} static ignored` : ""}`;
}

function summary(report) {
  const byFile = Object.entries(report.files).map(([file, { mutants, source }]) => ({
    file,
    mutants,
    lines: source.split("\n"),
  }));
  const under = (dir) =>
    byFile.filter((f) => f.file.startsWith(`${dir}/`)).flatMap((f) => f.mutants);
  const dirs = [...new Set(byFile.map((f) => dirname(f.file)))].sort();
  const out = ["", "Mutation score (killed or timed out, of the mutants tested)", ""];
  out.push(
    row("src/core (all)", under("src/core")),
    row("src/reconcile (all)", under("src/reconcile")),
    row("src/github/state-claim.ts", under("src/github")),
  );
  out.push("");
  for (const dir of dirs)
    out.push(
      row(
        `${dir}/*`,
        byFile.filter((f) => dirname(f.file) === dir).flatMap((f) => f.mutants),
      ),
    );
  out.push("", "Guarantees");
  for (const [name, files] of Object.entries(GUARANTEES)) {
    out.push(
      row(
        `  ${name}`,
        byFile.filter((f) => files.includes(f.file)).flatMap((f) => f.mutants),
      ),
    );
    for (const f of byFile.filter((f) => files.includes(f.file)))
      out.push(row(`    ${f.file}`, f.mutants));
  }
  const survivors = byFile
    .filter((f) => GUARANTEE_FILES.includes(f.file))
    .flatMap((f) => survivorLines(f));
  out.push("", `Surviving mutants in the guarantee files: ${survivors.length}`, ...survivors, "");
  console.log(out.join("\n"));
}

/** A file's undetected mutants, one per entry: where, what, and the line it changes. */
function survivorLines(f) {
  return f.mutants
    .filter((m) => UNDETECTED.has(m.status))
    .sort((a, b) => a.location.start.line - b.location.start.line)
    .map((m) => {
      const { start } = m.location;
      const code = f.lines[start.line - 1].trim();
      return `  ${f.file}:${start.line}:${start.column} ${m.status} ${m.mutatorName} -> ${JSON.stringify(m.replacement ?? "")}\n      ${code}`;
    });
}

/** `--survivors [prefix]`: every file's score and undetected mutants, for files under `prefix`. */
function survivorReport(report, prefix) {
  const out = [];
  for (const [file, { mutants, source }] of Object.entries(report.files).sort()) {
    if (!file.startsWith(prefix)) continue;
    out.push(row(file, mutants), ...survivorLines({ file, mutants, lines: source.split("\n") }));
  }
  console.log(out.join("\n"));
}

// Source files to mutate (`src/...`); anything else goes to Stryker (e.g. `--concurrency 1`).
const args = process.argv.slice(2);
const files = args.filter((a) => a.startsWith("src/"));
const passThrough = args.filter((a) => !a.startsWith("src/") && a !== "--summary");
if (args.includes("--summary")) {
  summary(readReport());
  process.exit(0);
}
if (args.includes("--survivors")) {
  survivorReport(readReport(), files[0] ?? "src/");
  process.exit(0);
}
stryker("stryker.config.mjs", [
  ...(files.length > 0 ? ["--mutate", files.join(",")] : []),
  ...passThrough,
]);
const plan = staticPlan(
  readReport(),
  files.length > 0 ? GUARANTEE_FILES.filter((f) => files.includes(f)) : GUARANTEE_FILES,
);
if (plan.ranges.length > 0 && plan.tests.length > 0) {
  console.log(
    `\nStatic pass: ${plan.ranges.length} locations in the guarantee files, ${plan.tests.length} test files`,
  );
  stryker("stryker/static.config.mjs", [
    "--force",
    "--mutate",
    plan.ranges.join(","),
    "--testFiles",
    plan.tests.join(","),
  ]);
}
summary(readReport());
