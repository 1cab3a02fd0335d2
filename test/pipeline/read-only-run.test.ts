import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { offendingPaths, runReadOnly } from "../../src/pipeline/read-only-run.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { stepContext, writeScenario } from "../fixtures/pipeline/scenario.js";

const REQUEST = { step: "verify", role: "verify", prompt: "check", logName: "check" } as const;

describe("runReadOnly", () => {
  it("reverts and reports changes outside the allowed paths, leaving the verdict to the caller", async () => {
    const repo = makeRepo({
      ".ralph/specs/greet.md": "# Greet\n",
      ".gitignore": "build/\n",
      "src/app.js": "original\n",
    });
    const handle = writeScenario({
      verify: [
        {
          stdout: "looked around\n",
          files: { "src/app.js": "edited\n", "build/out.txt": "x", "notes.md": "mine" },
          sh: "git commit --quiet -am 'sneaky'",
        },
      ],
    });
    const ctx = await stepContext(repo, handle, "greet.md");
    const head = repo.git("rev-parse", "HEAD");
    const run = await runReadOnly(ctx, REQUEST, ["notes.md"]);
    expect(run.ok).toBe(true);
    if (run.ok) expect(run.result.finalMessage).toBe("looked around\n");
    expect(run.violations).toEqual(["src/app.js"]);
    expect(run.hiddenChanges).toEqual(["build/"]);
    expect(offendingPaths(run)).toEqual(["src/app.js", "build/"]);
    expect(repo.git("rev-parse", "HEAD")).toBe(head);
    expect(readFileSync(join(repo.dir, "src/app.js"), "utf8")).toBe("original\n");
    expect(existsSync(join(repo.dir, "build"))).toBe(false);
    expect(readFileSync(join(repo.dir, "notes.md"), "utf8")).toBe("mine");
  });

  it("a failed run is reverted too and keeps its failure", async () => {
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const handle = writeScenario({ verify: [{ files: { "x.txt": "x" }, exit: 3 }] });
    const ctx = await stepContext(repo, handle, "greet.md");
    const run = await runReadOnly(ctx, REQUEST, []);
    expect(run).toMatchObject({ ok: false, failure: { kind: "crash" }, violations: ["x.txt"] });
    expect(existsSync(join(repo.dir, "x.txt"))).toBe(false);
  });
});
