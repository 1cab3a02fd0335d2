// `npm run dev`: the App for local development. esbuild rebuilds dist/app.js on every change under
// src/ and the server (scripts/start.mjs) restarts on each rebuild. In setup mode (no .env yet)
// Probot creates a smee.io webhook proxy so GitHub's webhooks reach localhost; set
// NO_SMEE_SETUP=true to skip that. RALPH_DEV_OUTFILE builds elsewhere than dist/app.js (tests).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { context } from "esbuild";
import { buildOptions, ROOT } from "./build-options.mjs";

const outfile = process.env.RALPH_DEV_OUTFILE ?? join(ROOT, "dist/app.js");
let server = null;
let stopping = false;

function startServer() {
  server = spawn(process.execPath, [join(ROOT, "scripts/start.mjs"), outfile], {
    cwd: ROOT,
    stdio: "inherit",
    env: { RALPH_SMEE: "true", ...process.env },
  });
  server.once("exit", () => {
    server = null;
  });
}

async function restartServer() {
  if (server !== null) {
    const exited = new Promise((done) => server.once("exit", done));
    server.kill("SIGTERM");
    await exited;
  }
  if (!stopping) startServer();
}

const restartOnBuild = {
  name: "restart-server",
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0) {
        console.error("ralph dev: build failed; the server keeps the last good build");
        return;
      }
      console.log(`ralph dev: built ${outfile}; (re)starting the server`);
      await restartServer();
    });
  },
};

const ctx = await context({ ...buildOptions("app", { outfile }), plugins: [restartOnBuild] });
await ctx.watch();

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    stopping = true;
    await ctx.dispose();
    server?.kill("SIGTERM");
    process.exit(0);
  });
}
