/**
 * Benchmark 7, "cost vs size": the GitHub API calls one event costs against the size an issue has
 * reached, through the BUILT action (a subprocess, as on a runner) and the BUILT App (Probot in
 * process), both on the fake GitHub, which paginates as GitHub does (100 per page, `link`
 * headers). One table per axis: an axis names its sizes and measures rows for one size. To add an
 * axis (stories, repository files …), write a `CostAxis` and append it to `COST_AXES` in
 * cost-axes.ts; `withEntry` runs one built entry on a fresh fake (a comment event, a sweep).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { buildOptions, ROOT } from "../../scripts/build-options.mjs";
import type { RalphAppOptions } from "../../src/app/index.js";
import { bundleAction, createWorld, runAction, type World } from "../../test/action/harness.js";
import { INSTALLATION_ID } from "../../test/fixtures/webhooks/index.js";
import { type BuiltApp, type Cluster, startCluster } from "../../test/security/built-app.js";
import type { FakeGitHub } from "../../test/support/fake-github/index.js";
import { costSince, type EventCost } from "../../test/support/history-scenarios.js";
import type { Row } from "./report.js";

/** The built entries, bundled once for the whole benchmark. */
export interface BuiltEntries {
  action: string;
  app: BuiltApp;
}

export interface CostAxis {
  /** The table's title, e.g. "comments on the issue". */
  name: string;
  sizes: readonly number[];
  /** Rows for one size: one per (entry, event). */
  measure(size: number, built: BuiltEntries): Promise<Row[]>;
}

/** A fresh world for the built action, its fake measuring answer sizes. */
export async function actionWorld(built: BuiltEntries): Promise<World> {
  const world = await createWorld(built.action);
  world.fake.measureBytes = true;
  return world;
}

/** One run of the built action on `payload` (an `issue_comment` unless `eventName` says). */
export async function actionCost(
  world: World,
  payload: Record<string, unknown>,
  eventName = "issue_comment",
): Promise<EventCost & { phase: string | undefined }> {
  const from = world.fake.requests.length;
  const run = await runAction(world, { eventName, payload });
  if (run.code !== 0) throw new Error(`the action failed:\n${run.stdout}\n${run.stderr}`);
  return { ...costSince(world.fake, from), phase: run.outputs.phase };
}

/** One App process (the built App, Probot in process) on a fresh fake, measuring answer sizes. */
export async function appCluster(
  built: BuiltEntries,
  options: RalphAppOptions = {},
): Promise<Cluster> {
  const cluster = await startCluster(built.app, 1, options);
  cluster.fake.measureBytes = true;
  return cluster;
}

/** One webhook delivered to the App, handled to the end. */
export async function appCost(
  cluster: Cluster,
  name: string,
  payload: Record<string, unknown>,
): Promise<EventCost> {
  const from = cluster.fake.requests.length;
  await cluster.receive(name, payload);
  return costSince(cluster.fake, from);
}

/** One approval sweep of the App's installation. */
export async function sweepCost(cluster: Cluster): Promise<EventCost> {
  const from = cluster.fake.requests.length;
  await cluster.replicas[0]?.ralph.sweep(INSTALLATION_ID);
  return costSince(cluster.fake, from);
}

/** One built entry on its own fresh fake: an event delivered, a sweep run, the fake closed. */
export interface EntryUnderTest {
  name: "Action" | "App";
  fake: FakeGitHub;
  /** An `issue_comment` (the Action: a run on it; the App: its webhook). */
  comment(payload: Record<string, unknown>): Promise<EventCost>;
  /** The approval sweep (the Action: a `schedule` run; the App: its installation's timer). */
  sweep(): Promise<EventCost>;
}

export const ENTRIES = ["Action", "App"] as const;

/** Runs `use` on a fresh world of the entry `name`, and closes it after. */
export async function withEntry(
  name: EntryUnderTest["name"],
  built: BuiltEntries,
  use: (entry: EntryUnderTest) => Promise<void>,
): Promise<void> {
  if (name === "Action") {
    const world = await actionWorld(built);
    try {
      await use({
        name,
        fake: world.fake,
        comment: (payload) => actionCost(world, payload),
        sweep: () => actionCost(world, { schedule: "*/15 * * * *" }, "schedule"),
      });
    } finally {
      await world.fake.close();
    }
    return;
  }
  const cluster = await appCluster(built);
  try {
    await use({
      name,
      fake: cluster.fake,
      comment: (payload) => appCost(cluster, "issue_comment", payload),
      sweep: () => sweepCost(cluster),
    });
  } finally {
    cluster.stop();
  }
}

export function costRow(
  size: number,
  entry: "Action" | "App",
  event: string,
  cost: EventCost,
): Row {
  return { size, entry, event, calls: cost.calls, pages: cost.pages, KB: cost.kb };
}

/**
 * The App entry as dist/app.js bundles it, into node_modules/.cache (so `probot`, external in
 * the bundle, resolves as for dist/app.js); the benchmarks have no test-run setup to build it.
 */
export async function bundleApp(): Promise<BuiltApp & { dir: string }> {
  const dir = mkdtempSync(join(ROOT, "node_modules/.cache/ralph-bench-app-"));
  const outfile = join(dir, "app.js");
  await build(buildOptions("app", { outfile }));
  const mod = (await import(pathToFileURL(outfile).href)) as Pick<BuiltApp, "createRalphApp">;
  return {
    dir,
    createRalphApp: mod.createRalphApp,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function buildEntries(outDir: string): Promise<BuiltEntries> {
  return { action: await bundleAction(outDir), app: await bundleApp() };
}
