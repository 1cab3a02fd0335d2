/**
 * `npm run dev`: esbuild watches src/ and (re)starts the App server on each build. Run with the
 * output redirected to a temp bundle (RALPH_DEV_OUTFILE) so dist/ is untouched, and without
 * credentials: the server comes up in Probot's setup mode.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { captureOutput, freePort } from "../support/output.js";
import { tempDir } from "../support/temp.js";
import { until } from "../support/until.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

describe("npm run dev", () => {
  it("builds the App and serves it, and stops its server on SIGTERM", async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.dev).toBe("node scripts/dev.mjs");

    const cache = join(ROOT, "node_modules/.cache");
    mkdirSync(cache, { recursive: true });
    const outDir = mkdtempSync(join(cache, "ralph-dev-"));
    const outfile = join(outDir, "app.js");
    const home = tempDir("ralph-dev-home-");
    const port = await freePort();
    const child = spawn(process.execPath, [join(ROOT, "scripts/dev.mjs")], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        HOST: "127.0.0.1",
        PORT: String(port),
        NO_SMEE_SETUP: "true",
        LOG_LEVEL: "warn",
        RALPH_DEV_OUTFILE: outfile,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = captureOutput(child);
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    try {
      const page = await until("the dev server answers", async () => {
        if (child.exitCode !== null) return `dev exited:\n${output.all()}`;
        const res = await fetch(`http://127.0.0.1:${port}/probot`);
        return res.status === 200 ? await res.text() : undefined;
      });
      expect(page).toContain("Register GitHub App");
      expect(existsSync(outfile)).toBe(true);
      expect(output.all()).toContain("ralph dev: built");
    } finally {
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      rmSync(outDir, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
    // The server went with it: nothing answers on its port any more.
    await expect(fetch(`http://127.0.0.1:${port}/probot`)).rejects.toThrow();
  });
});
