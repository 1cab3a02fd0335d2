/**
 * The built App and the dispatched built action on one shared fake GitHub (App mode as GitHub
 * runs it): the App takes a webhook and dispatches the issue's next step; the action's
 * workflow_dispatch run does it. Shared by the App-with-action acceptance suites.
 */
import nock from "nock";
import { afterAll, beforeAll, expect } from "vitest";
import { dispatchEvent, ISSUE, seedIssue } from "../action/flows.js";
import { bundleAction, createWorld, runAction, type World } from "../action/harness.js";
import { type BuiltApp, buildApp, type Cluster, startCluster } from "../security/built-app.js";

export interface AppWithAction {
  readonly cluster: Cluster;
  readonly w: World;
  /** The phases the App dispatched so far, in order. */
  dispatched(): string[];
  /**
   * The App takes a webhook and dispatches exactly one step, which the action then runs (with
   * `env` for its agents) and ends in `expected`. Returns the dispatched phase.
   */
  appThenAction(
    name: string,
    payload: Record<string, unknown>,
    expected: string,
    env?: Record<string, string>,
  ): Promise<string>;
  /** The App takes a webhook and dispatches nothing. */
  appOnly(name: string, payload: Record<string, unknown>): Promise<void>;
}

/** One App-and-action world for a describe block (built before, stopped after). */
export function appWithAction(): AppWithAction {
  let app: BuiltApp;
  let cluster: Cluster;
  let w: World;
  beforeAll(async () => {
    app = await buildApp();
    cluster = await startCluster(app, 1);
    // The action reaches the same fake over HTTP; the App through nock.
    w = await createWorld(await bundleAction(), cluster.fake);
    // Job logs are served behind a URL on another host (as GitHub's are): the fake's own server.
    nock.enableNetConnect(new URL(w.fake.url).host);
    seedIssue(w);
  }, 60_000);
  afterAll(async () => {
    cluster?.stop();
    await w?.fake.close();
    app?.dispose();
  });
  const dispatchedInputs = () =>
    cluster.fake.dispatches.map(
      (d) => (d.body as { inputs: { issue: string; phase: string } }).inputs,
    );
  const dispatched = () => dispatchedInputs().map((i) => i.phase);
  return {
    get cluster() {
      return cluster;
    },
    get w() {
      return w;
    },
    dispatched,
    async appThenAction(name, payload, expected, env = {}) {
      const before = dispatched().length;
      await cluster.receive(name, payload);
      const phases = dispatched().slice(before);
      expect(phases).toHaveLength(1);
      const phase = phases[0] ?? "";
      // The issue the App dispatched for (several issues may share the world).
      const issue = Number(dispatchedInputs().at(-1)?.issue ?? ISSUE);
      const run = await runAction(w, {
        eventName: "workflow_dispatch",
        payload: dispatchEvent(issue, phase),
        inputs: { issue: String(issue), phase },
        env,
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.outputs.phase, run.stdout).toBe(expected);
      return phase;
    },
    async appOnly(name, payload) {
      const before = dispatched().length;
      await cluster.receive(name, payload);
      expect(dispatched().slice(before)).toEqual([]);
    },
  };
}
