/** Shared output of the benchmarks: a printed table and a JSON file under bench/results/. */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "results");

export type Row = Record<string, string | number>;

/** Prints `rows` as an aligned text table (vitest swallows console.table's colours). */
export function printTable(title: string, rows: readonly Row[]): void {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: string | number | undefined) =>
    v === undefined ? "" : typeof v === "number" ? format(v) : v;
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (values: string[]) =>
    values.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join("  ");
  const out = [
    `\n${title}`,
    line(columns),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(columns.map((c) => cell(r[c])))),
  ];
  process.stdout.write(`${out.join("\n")}\n`);
}

function format(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}

/** Writes bench/results/<name>.json with the machine it ran on. */
export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  const machine = {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round(totalmem() / 2 ** 30),
  };
  writeFileSync(
    file,
    `${JSON.stringify({ name, at: new Date().toISOString(), machine, data }, null, 2)}\n`,
  );
  return file;
}

/** The q-quantile (0..1) of `values` (nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

/** `GET /repos/o/r/issues/12/comments` → `GET /repos/{o}/{r}/issues/{n}/comments`. */
export function endpointOf(method: string, path: string): string {
  const p = path
    .replace(/^\/repos\/[^/]+\/[^/]+/, "/repos/{o}/{r}")
    .replace(/\/\d+(?=\/|$)/g, "/{n}")
    .replace(/\/users\/[^/]+$/, "/users/{login}")
    .replace(/\/collaborators\/[^/]+\/permission$/, "/collaborators/{login}/permission")
    .replace(/\/contents\/.+$/, "/contents/{path}")
    .replace(/\/labels\/[^/]+$/, "/labels/{name}")
    .replace(/\/git\/(refs|ref)\/.+$/, "/git/$1/{ref}")
    .replace(/\/branches\/.+$/, "/branches/{branch}")
    .replace(/\/workflows\/[^/]+\/dispatches$/, "/workflows/{id}/dispatches");
  return `${method} ${p}`;
}

/** Counts requests by endpoint, most-called first. */
export function countByEndpoint(
  requests: readonly { method: string; path: string }[],
): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const key = endpointOf(r.method, r.path);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
