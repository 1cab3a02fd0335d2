/**
 * Benchmark 7: cost vs size (bench/support/cost-vs-size.ts). For every axis, the API calls, the
 * pages of history listed and the kilobytes read per event, at each size, through the built
 * action and the built App; one table per axis. `BENCH_COST_AXIS=<words>` runs only the axes
 * whose name contains them; `BENCH_COST_SIZES=10,1000` only those sizes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { COST_AXES } from "./support/cost-axes.js";
import { type BuiltEntries, buildEntries } from "./support/cost-vs-size.js";
import { printTable, type Row, writeResult } from "./support/report.js";

const only = process.env.BENCH_COST_AXIS;
const sizes = process.env.BENCH_COST_SIZES?.split(",").map(Number);
let built: BuiltEntries;
let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "ralph-bench-cost-"));
  built = await buildEntries(outDir);
}, 120_000);

afterAll(() => {
  built?.app.dispose();
  rmSync(outDir, { recursive: true, force: true });
});

for (const axis of COST_AXES.filter((a) => only === undefined || a.name.includes(only))) {
  it(`cost vs size: ${axis.name}`, { timeout: 900_000 }, async () => {
    const rows: Row[] = [];
    for (const size of axis.sizes.filter((s) => sizes === undefined || sizes.includes(s))) {
      rows.push(...(await axis.measure(size, built)));
    }
    printTable(`Cost vs size: ${axis.name}`, rows);
    writeResult(`cost-vs-size-${axis.name.split(" ")[0]}`, { axis: axis.name, rows });
    expect(rows.length).toBeGreaterThan(0);
  });
}
