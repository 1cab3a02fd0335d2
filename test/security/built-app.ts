/**
 * The BUILT App under test: the app entry bundled with the exact options of dist/app.js
 * (scripts/build-options.mjs) into node_modules/.cache (so `probot`, external in the bundle,
 * resolves as it does for dist/app.js), its `createRalphApp` factory loaded into as many Probot
 * instances as a test wants — App replicas — all talking to one HTTP-level fake GitHub (nock).
 */
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import nock from "nock";
import { Probot, type ProbotOctokit } from "probot";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { RalphApp, RalphAppOptions } from "../../src/app/index.js";
import type { MachineState } from "../../src/core/state.js";
import { decodeStateBlock, isStatusComment } from "../../src/core/state-codec.js";
import { ManualScheduler } from "../app/harness.js";
import { seedLoginIssue } from "../app/login-issue.js";
import type { Payload } from "../fixtures/webhooks/index.js";
import { builtBundle } from "../support/bundles.js";
import { BOT, FakeGitHub } from "../support/fake-github/index.js";
import { TEST_APP_ID, testPrivateKey, UnthrottledOctokit } from "../support/probot.js";

export interface BuiltApp {
  createRalphApp(options?: RalphAppOptions): RalphApp;
  /** The App's Octokit (Ralph's rate-limit policy), what `npm start` gives Probot. */
  RalphProbotOctokit?: typeof ProbotOctokit;
  dispose(): void;
}

/**
 * Loads the App entry, bundled once for the whole test run (test/support/build-bundles.ts, which
 * also removes it: `dispose` is kept for the suites' symmetry and has nothing of its own to free).
 */
export async function buildApp(): Promise<BuiltApp> {
  const mod = (await import(pathToFileURL(builtBundle("app")).href)) as Pick<
    BuiltApp,
    "createRalphApp" | "RalphProbotOctokit"
  >;
  return {
    createRalphApp: mod.createRalphApp,
    ...(mod.RalphProbotOctokit === undefined ? {} : { RalphProbotOctokit: mod.RalphProbotOctokit }),
    dispose: () => {},
  };
}

export interface Replica {
  probot: Probot;
  ralph: RalphApp;
  scheduler: ManualScheduler;
  receive(name: string, payload: Payload, id?: string): Promise<void>;
}

export interface Cluster {
  fake: FakeGitHub;
  replicas: Replica[];
  /** Replica 0's receive. */
  receive(name: string, payload: Payload, id?: string): Promise<void>;
  stateOf(issue: number): MachineState | null;
  stop(): void;
}

/** `count` App processes (replicas) of the built App on one fake GitHub; `options` for each. */
export async function startCluster(
  app: BuiltApp,
  count = 1,
  options: RalphAppOptions = {},
): Promise<Cluster> {
  nock.disableNetConnect();
  const fake = new FakeGitHub();
  fake.intercept();
  const replicas: Replica[] = [];
  for (let i = 0; i < count; i++) {
    const scheduler = new ManualScheduler();
    const ralph = app.createRalphApp({
      botLogin: BOT,
      discoverInstallations: false,
      scheduler,
      pollIntervalMs: 60_000,
      ...options,
    });
    const probot = new Probot({
      appId: TEST_APP_ID,
      privateKey: testPrivateKey(),
      logLevel: "fatal",
      Octokit: UnthrottledOctokit,
    });
    await probot.load(ralph);
    replicas.push({
      probot,
      ralph,
      scheduler,
      receive: (name, payload, id = randomUUID()) =>
        probot.receive({ id, name, payload } as unknown as Parameters<Probot["receive"]>[0]),
    });
  }
  const first = replicas[0];
  if (first === undefined) throw new Error("a cluster needs at least one replica");
  return {
    fake,
    replicas,
    receive: first.receive,
    stateOf: (issue) => {
      const own = fake.botComments(issue).find((c) => isStatusComment(c.body));
      return own ? decodeStateBlock(own.body) : null;
    },
    stop: () => {
      for (const r of replicas) r.ralph.close();
      nock.cleanAll();
      nock.enableNetConnect();
      fake.assertValid();
    },
  };
}

/**
 * The set-up of the suites that play the built App (call at file or describe level): the App
 * loaded once for them, and `start(replicas)` a cluster on a fresh fake GitHub with LOGIN_ISSUE
 * and alice (write) on it; after each test the cluster is checked — no route the fake does not
 * implement, and `check` — and stopped.
 */
export function builtAppClusters(check: (c: Cluster) => void = () => {}): {
  start(replicas?: number, options?: RalphAppOptions): Promise<Cluster>;
} {
  const start = clusterPerTest(check);
  return {
    async start(replicas = 1, options = {}) {
      const cluster = await start(replicas, options);
      seedLoginIssue(cluster.fake);
      cluster.fake.grant("alice", "write");
      return cluster;
    },
  };
}

/**
 * The built App for a test file and a cluster per test on an empty fake GitHub: `start(replicas)`
 * makes the test's cluster, which is checked after the test (no route the fake does not
 * implement, and `check`) and stopped.
 */
export function clusterPerTest(
  check: (c: Cluster) => void = () => {},
): (replicas?: number, options?: RalphAppOptions) => Promise<Cluster> {
  let app: BuiltApp | undefined;
  let current: Cluster | undefined;
  beforeAll(async () => {
    app = await buildApp();
  }, 60_000);
  afterAll(() => app?.dispose());
  afterEach(() => {
    const done = current;
    current = undefined;
    if (done === undefined) return;
    try {
      expect(done.fake.unhandled).toEqual([]);
      check(done);
    } finally {
      done.stop();
    }
  });
  return async (replicas = 1, options = {}) => {
    if (app === undefined) throw new Error("the built App is loaded in beforeAll");
    current = await startCluster(app, replicas, options);
    return current;
  };
}
