/**
 * Issue 4, deliverable 4: `npm start` runs the app (`probot run` on the built app); without
 * credentials Probot's register-this-app page appears. The app is the test run's bundle
 * (test/support/build-bundles.ts: the exact options of dist/app.js, inside node_modules/.cache so
 * `probot`, external in the bundle, resolves as it does for dist/app.js); dist/ is left to the
 * release build.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import nock from "nock";
import type { Probot } from "probot";
import { describe, expect, it } from "vitest";
import type { RalphApp } from "../../src/app/index.js";
import { resetDefaultBranchCache } from "../../src/github/actions.js";
import { resetLabelCache } from "../../src/github/labels.js";
import { INSTALLATION_ID, issueCommentCreated, OWNER, REPO } from "../fixtures/webhooks/index.js";
import { builtBundle } from "../support/bundles.js";
import { FakeGitHub, user } from "../support/fake-github/index.js";
import { captureOutput, freePort } from "../support/output.js";
import { testPrivateKey, testProbot } from "../support/probot.js";
import { tempDir } from "../support/temp.js";
import { until } from "../support/until.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const START_SCRIPT = join(ROOT, "scripts/start.mjs");

/** `npm start`'s command line, with ./dist/app.js replaced by the fresh bundle. */
function startArgs(): string[] {
  const bundle = builtBundle("app");
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  expect(pkg.scripts.start).toBe("node scripts/start.mjs");
  return [START_SCRIPT, bundle];
}

interface Started {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

function startProbot(env: Record<string, string>): Started {
  const home = tempDir("ralph-npm-start-");
  const child = spawn(process.execPath, startArgs(), {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: home, HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return {
    child,
    output: output.all,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The first answer of the server once it listens; a server that exited instead fails at once. */
async function waitForServer(url: string, started: Started): Promise<Response> {
  const exited = new Promise<never>((_, fail) =>
    started.child.once("exit", () => fail(new Error(`probot exited:\n${started.output()}`))),
  );
  const answered = until(`${url} answers`, () => fetch(url, { redirect: "manual" }));
  return Promise.race([answered, exited]);
}

describe("the bundled app entry (what dist/app.js is)", () => {
  it("default-exports a Probot app function that loads and handles a real webhook", async () => {
    nock.disableNetConnect();
    resetLabelCache();
    resetDefaultBranchCache();
    const fake = new FakeGitHub();
    // What the default export looks up itself: its login (GET /app) and the installations whose
    // approval pollers it starts at load.
    fake.onRequest = (r) => {
      if (r.method === "GET" && r.path === "/app") return [200, { slug: "ralph-app" }];
      if (r.method === "GET" && r.path === "/app/installations") {
        return [200, [{ id: INSTALLATION_ID }]];
      }
      return undefined;
    };
    fake.intercept();
    const mod = (await import(pathToFileURL(builtBundle("app")).href)) as { default: RalphApp };
    const app = mod.default;
    try {
      expect(typeof app).toBe("function");
      expect(typeof app.close).toBe("function");
      const probot = testProbot();
      await probot.load(app);
      await until(
        "the App listed its installations",
        () => fake.requestsMatching("GET", /^\/app\/installations$/).length > 0,
      );
      expect(fake.requestsMatching("GET", /^\/app\/installations$/)).toHaveLength(1);

      fake.grant("alice", "write");
      const comment = fake.addComment(42, "/ralph plan", user("alice"));
      await probot.receive({
        id: "npm-start-1",
        name: "issue_comment",
        payload: issueCommentCreated({
          issue: { number: 42, title: "Add a login page", body: "Login.", author: "alice" },
          comment: { ...comment, user: user("alice") },
        }),
      } as unknown as Parameters<Probot["receive"]>[0]);
      await app.idle();

      expect(fake.dispatches.map((d) => [d.path, d.body])).toEqual([
        [
          `/repos/${OWNER}/${REPO}/actions/workflows/ralph.yml/dispatches`,
          { ref: "main", inputs: { issue: "42", phase: "plan" } },
        ],
      ]);
      expect(fake.botComments(42)).toHaveLength(1);
      expect(fake.unhandled).toEqual([]);
      fake.assertValid();
    } finally {
      app.close();
      nock.cleanAll();
      nock.enableNetConnect();
    }
  });
});

describe("`npm start` (probot run on the bundled app)", () => {
  it("without credentials serves Probot's register-this-app page built from app.yml", async () => {
    const port = await freePort();
    // No NO_SMEE_SETUP here: `npm start` itself keeps setup mode offline (no smee.io channel,
    // no .env written), which a bare `probot run` would not.
    const started = startProbot({ PORT: String(port), LOG_LEVEL: "warn" });
    try {
      const root = await waitForServer(`http://127.0.0.1:${port}/`, started);
      expect(root.status).toBe(302);
      expect(root.headers.get("location")).toBe("/probot");
      const page = await fetch(`http://127.0.0.1:${port}/probot`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Register GitHub App");
      const manifestJson = /value='([^']*)'/.exec(html)?.[1];
      expect(manifestJson).toBeDefined();
      const manifest = JSON.parse(manifestJson ?? "{}") as {
        name: string;
        default_events: string[];
        default_permissions: Record<string, string>;
      };
      expect(manifest.name).toBe("Ralph");
      expect([...manifest.default_events].sort()).toEqual([
        "check_run",
        "check_suite",
        "issue_comment",
        "issues",
        "pull_request",
        "pull_request_review",
        "pull_request_review_comment",
        "status",
        "workflow_run",
      ]);
      // The CI gate reads checks and statuses; it never writes them.
      expect(manifest.default_permissions).toEqual({
        issues: "write",
        pull_requests: "write",
        contents: "write",
        actions: "write",
        checks: "read",
        statuses: "read",
        metadata: "read",
      });
      expect(started.output()).not.toMatch(/smee/i);
      expect(existsSync(join(ROOT, ".env"))).toBe(false);
    } finally {
      await started.stop();
    }
  });

  it("with credentials loads Ralph: signed webhooks are handled, forged ones refused", async () => {
    const api: { method: string; path: string; auth: string }[] = [];
    const unhandled: string[] = [];
    const github: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      api.push({ method: req.method ?? "", path, auth: String(req.headers.authorization ?? "") });
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      req.resume();
      req.on("end", () => {
        if (
          req.method === "POST" &&
          /^\/api\/v3\/app\/installations\/\d+\/access_tokens$/.test(path)
        )
          return json(201, { token: "ghs_from_fake", expires_at: "2099-01-01T00:00:00Z" });
        if (req.method === "GET" && path === "/api/v3/app") return json(200, { slug: "ralph-app" });
        if (req.method === "GET" && path === "/api/v3/app/installations") return json(200, []);
        // The read of the issue (github/issue-read.ts): GHES answers GraphQL at /api/graphql.
        if (req.method === "POST" && path === "/api/graphql") {
          const comments = { pageInfo: { hasPreviousPage: false, startCursor: null }, nodes: [] };
          return json(200, {
            data: {
              repository: {
                conversation: { __typename: "Issue", number: 42, title: "", body: "", comments },
                pointers: { nodes: [] },
                claims: { totalCount: 0 },
              },
            },
          });
        }
        unhandled.push(`${req.method} ${path}`);
        return json(404, { message: "Not Found" });
      });
    });
    await new Promise<void>((done) => github.listen(0, "127.0.0.1", done));
    const apiPort = (github.address() as AddressInfo).port;
    const port = await freePort();
    const secret = "audit-webhook-secret";
    const started = startProbot({
      PORT: String(port),
      APP_ID: "123",
      PRIVATE_KEY: testPrivateKey(),
      WEBHOOK_SECRET: secret,
      GHE_HOST: `127.0.0.1:${apiPort}`,
      GHE_PROTOCOL: "http",
      LOG_LEVEL: "warn",
    });
    try {
      await waitForServer(`http://127.0.0.1:${port}/ping`, started);
      const comment = { id: 777, body: "Looks good to me", user: { login: "alice" } };
      const body = JSON.stringify(
        issueCommentCreated({ issue: { number: 42, author: "alice" }, comment }),
      );
      const send = (signature: string) =>
        fetch(`http://127.0.0.1:${port}/api/github/webhooks`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-github-event": "issue_comment",
            "x-github-delivery": `delivery-${signature.slice(-6)}`,
            "x-hub-signature-256": signature,
          },
          body,
        });

      const forged = await send(`sha256=${"0".repeat(64)}`);
      expect(forged.status).toBeGreaterThanOrEqual(400);
      expect(api.filter((r) => r.path.includes("/repos/"))).toEqual([]);

      const signed = await send(
        `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
      );
      expect(signed.status, started.output()).toBe(200);
      // Ralph's handler ran (after the answer: the App answers first): it read the issue (one
      // GraphQL query) with an installation token.
      const listing = () => api.filter((r) => r.path === "/api/graphql");
      await until("Ralph read the issue", () => listing().length > 0);
      expect(listing()).toHaveLength(1);
      expect(listing()[0]?.auth).toBe("token ghs_from_fake");
      expect(unhandled).toEqual([]);
    } finally {
      await started.stop();
      await new Promise<void>((done) => github.close(() => done()));
    }
  });
});
