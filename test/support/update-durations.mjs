#!/usr/bin/env node
// Writes test/support/durations.json (the order test/support/longest-first.ts starts files in)
// from a vitest JSON report: `npx vitest run --reporter=json --outputFile=report.json`, then
// `node test/support/update-durations.mjs report.json`.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const report = JSON.parse(readFileSync(process.argv[2], "utf8"));
const seconds = report.testResults
  .map((f) => [relative(root, f.name), Math.round((f.endTime - f.startTime) / 100) / 10])
  .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
writeFileSync(
  join(here, "durations.json"),
  `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`,
);
console.log(`${seconds.length} files`);
