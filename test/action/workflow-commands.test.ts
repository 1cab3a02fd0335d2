import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  escapeData,
  fileCommandBlock,
  Runner,
  WorkflowCommandError,
  workflowCommand,
} from "../../src/action/workflow-commands.js";
import { tempDir } from "../support/temp.js";
import { parseOutputs } from "./harness.js";

/** A runner environment with its files, and everything written to "stdout". */
function runner(env: Record<string, string> = {}) {
  const dir = tempDir("ralph-wfc-");
  const files = {
    GITHUB_OUTPUT: join(dir, "output"),
    GITHUB_STATE: join(dir, "state"),
    GITHUB_STEP_SUMMARY: join(dir, "summary"),
  };
  for (const f of Object.values(files)) writeFileSync(f, "");
  const out: string[] = [];
  const r = new Runner({ ...files, ...env }, (t) => out.push(t));
  return { r, out, files, read: (f: keyof typeof files) => readFileSync(files[f], "utf8") };
}

/** How the runner decodes a command's message (the inverse of escapeData). */
function unescapeData(s: string): string {
  return s.replace(/%0A/g, "\n").replace(/%0D/g, "\r").replace(/%25/g, "%");
}

describe("workflow commands (the runner protocols the action speaks)", () => {
  it("reads inputs from INPUT_<NAME>: upper case, spaces as _, hyphens kept, trimmed", () => {
    const { r } = runner({ "INPUT_GITHUB-TOKEN": "  ghs_x \n", INPUT_MY_INPUT: "v" });
    expect(r.getInput("github-token")).toBe("ghs_x");
    expect(r.getInput("my input")).toBe("v");
    expect(r.getInput("missing")).toBe("");
  });

  it("outputs and state are name<<delimiter blocks in their files, as the runner parses them", () => {
    const { r, read, out } = runner();
    r.setOutput("phase", "done");
    r.setOutput("reason", "line one\nline two");
    r.saveState("pid", "42");
    expect(parseOutputs(read("GITHUB_OUTPUT"))).toEqual({
      phase: "done",
      reason: "line one\nline two",
    });
    expect(read("GITHUB_OUTPUT")).toMatch(/^phase<<ghadelimiter_[0-9a-z]{12,}\n/);
    expect(parseOutputs(read("GITHUB_STATE"))).toEqual({ pid: "42" });
    expect(out).toEqual([]);
  });

  it("outside a runner an output falls back to the ::set-output command", () => {
    const out: string[] = [];
    new Runner({}, (t) => out.push(t)).setOutput("status", "a\nb");
    expect(out.join("")).toBe("\n::set-output name=status::a%0Ab\n");
  });

  it("a value containing its delimiter is refused, never written", () => {
    expect(() => fileCommandBlock("x", "a\nEOF\nb", "EOF")).toThrow(WorkflowCommandError);
  });

  it("masks, debug lines and annotations are escaped so no message can start a command", () => {
    const { r, out } = runner();
    r.setSecret("s3cr%t\nnext");
    r.setSecret("");
    r.debug("d");
    r.warning("careful\n::error::injected", { file: "a,b:c.ts", line: 3 });
    r.info("plain");
    expect(out).toEqual([
      "::add-mask::s3cr%25t%0Anext\n",
      "::debug::d\n",
      "::warning file=a%2Cb%3Ac.ts,line=3::careful%0A::error::injected\n",
      "plain\n",
    ]);
    expect(
      out
        .join("")
        .split("\n")
        .filter((l) => l.startsWith("::error")),
    ).toEqual([]);
  });

  it("setFailed writes an error annotation and sets a failing exit code", () => {
    const { r, out } = runner();
    const before = process.exitCode;
    try {
      r.setFailed("Ralph: boom");
      expect(process.exitCode).toBe(1);
    } finally {
      process.exitCode = before;
    }
    expect(out).toEqual(["::error::Ralph: boom\n"]);
  });

  it("the Step Summary appends (or overwrites) its file, and fails clearly outside a runner", () => {
    const { r, read } = runner();
    r.writeSummary("# one\n");
    r.writeSummary("two\n");
    expect(read("GITHUB_STEP_SUMMARY")).toBe("# one\ntwo\n");
    r.writeSummary("only\n", true);
    expect(read("GITHUB_STEP_SUMMARY")).toBe("only\n");
    expect(() => new Runner({}, () => {}).writeSummary("x")).toThrow(/GITHUB_STEP_SUMMARY/);
  });

  it("property: any message round-trips through escaping and stays on one line", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("%", "\r", "\n", ":", ",", "a", "0", "A", "é") }),
        (message) => {
          const line = workflowCommand("warning", message);
          expect(line.includes("\n") || line.includes("\r")).toBe(false);
          expect(unescapeData(line.slice("::warning::".length))).toBe(message);
          expect(escapeData(message).includes("\n")).toBe(false);
        },
      ),
    );
  });

  it("property: any output value round-trips through GITHUB_OUTPUT", () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[a-z][a-z-]{0,10}$/), (value, name) => {
        const { r, read } = runner();
        r.setOutput(name, value);
        expect(parseOutputs(read("GITHUB_OUTPUT"))[name]).toBe(value);
      }),
      { numRuns: 50 },
    );
  });
});
