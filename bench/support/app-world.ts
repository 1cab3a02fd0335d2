/**
 * The App in process for the benchmarks: Probot + Ralph, GitHub faked by test/app/fake-github.ts
 * behind nock (no network), with an optional per-request latency. `throttled: true` keeps
 * Probot's production Octokit (retry and throttling plugins as `npm start` has them).
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import nock from "nock";
import { Probot, ProbotOctokit } from "probot";
import { createRalphApp, type RalphApp } from "../../src/app/index.js";
import { resetDefaultBranchCache } from "../../src/github/actions.js";
import { resetLabelCache } from "../../src/github/labels.js";
import { API, BOT, FakeGitHub } from "../../test/app/fake-github.js";
import type { Payload } from "../../test/fixtures/webhooks/index.js";

const { privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

const UnthrottledOctokit = ProbotOctokit.defaults((options: Record<string, unknown>) => ({
  ...options,
  retry: { enabled: false },
  throttle: { ...(options.throttle as object | undefined), enabled: false },
})) as typeof ProbotOctokit;

export interface AppWorld {
  fake: FakeGitHub;
  probot: Probot;
  ralph: RalphApp;
  receive(name: string, payload: Payload): Promise<void>;
  close(): void;
}

type Handle = (method: string, uri: string, body: unknown) => [number, unknown];

export async function startAppWorld(
  options: { latencyMs?: number; throttled?: boolean } = {},
): Promise<AppWorld> {
  nock.disableNetConnect();
  resetLabelCache();
  resetDefaultBranchCache();
  const fake = new FakeGitHub();
  const handle = (fake as unknown as { handle: Handle }).handle.bind(fake);
  const scope = nock(API).persist();
  for (const method of ["get", "post", "patch", "delete", "put"] as const) {
    const interceptor = scope[method](() => true);
    (options.latencyMs ? interceptor.delay(options.latencyMs) : interceptor).reply((uri, body) =>
      handle(method.toUpperCase(), uri, body),
    );
  }
  const ralph = createRalphApp({ botLogin: BOT, discoverInstallations: false, pollIntervalMs: 0 });
  const probot = new Probot({
    appId: 123,
    privateKey,
    logLevel: "fatal",
    ...(options.throttled ? {} : { Octokit: UnthrottledOctokit }),
  });
  await probot.load(ralph);
  return {
    fake,
    probot,
    ralph,
    receive: (name, payload) =>
      probot.receive({ id: randomUUID(), name, payload } as unknown as Parameters<
        Probot["receive"]
      >[0]),
    close: () => {
      ralph.close();
      nock.cleanAll();
      nock.enableNetConnect();
    },
  };
}
