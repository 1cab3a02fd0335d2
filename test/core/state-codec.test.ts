import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { initialState, type MachineState, machineStateSchema } from "../../src/core/state.js";
import {
  decodeStateBlock,
  encodeStateBlock,
  findStateBlock,
  isStatusComment,
  replaceStateBlock,
  STATUS_MARKER,
  StateBlockError,
} from "../../src/core/state-codec.js";
import { machineStateArb } from "./state-arbitrary.js";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const block = (payload: string, version = "v1") => `<!-- ralph:state ${version} ${payload} -->`;

describe("state block codec", () => {
  it("round-trips arbitrary valid states (property)", () => {
    fc.assert(
      fc.property(machineStateArb, (state) => {
        const encoded = encodeStateBlock(state);
        expect(encoded).toMatch(/^<!-- ralph:state v1 [A-Za-z0-9+/=]+ -->$/);
        const body = `${STATUS_MARKER}\n## Ralph\n\nsome text -- with dashes\n\n${encoded}\n`;
        expect(decodeStateBlock(body)).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });

  it("the arbitrary covers every key of the schema", () => {
    const [sample] = fc.sample(machineStateArb, 1);
    expect(Object.keys(sample!).sort()).toEqual(Object.keys(machineStateSchema.shape).sort());
  });

  it("loads a state saved by the previous version: stories with priority and criteria", () => {
    const legacy = {
      ...initialState(7),
      phase: "implementing",
      approvals: [
        { login: "alice", revision: "r".repeat(64), channel: "comment" },
        { login: "bob", revision: "o".repeat(64), channel: "reaction" },
      ],
      prd: {
        revision: "r".repeat(64),
        number: 1,
        branchName: "ralph/7-x",
        commentId: 9,
        stories: [
          {
            id: "US-1",
            title: "First",
            priority: 1,
            status: "passed",
            attempts: 1,
            commit: "c".repeat(40),
            criteria: [{ criterion: "it works", pass: true }],
          },
          {
            id: "US-2",
            title: "Second",
            priority: 2,
            status: "running",
            attempts: 0,
            commit: null,
          },
        ],
      },
    };
    const state = decodeStateBlock(block(b64(JSON.stringify(legacy))));
    expect(state.prd?.stories).toEqual([
      { id: "US-1", title: "First", status: "passed", attempts: 1, commit: "c".repeat(40) },
      { id: "US-2", title: "Second", status: "running", attempts: 0, commit: null },
    ]);
    // Saved again, each story is a short tuple in the block (its status one letter, its commit
    // 27 characters), an approval
    // of the current revision leaves the revision out, and it all reads back the same.
    const again = encodeStateBlock(state);
    const wire = JSON.parse(Buffer.from(again.split(" ")[3]!, "base64").toString("utf8"));
    expect(wire.prd.stories).toEqual([
      ["US-1", "v", 1, Buffer.from("c".repeat(40), "hex").toString("base64url"), "First"],
      ["US-2", "r", 0, null, "Second"],
    ]);
    expect(wire.approvals).toEqual([
      { login: "alice", channel: "comment" },
      { login: "bob", revision: "o".repeat(64), channel: "reaction" },
    ]);
    expect(decodeStateBlock(again)).toEqual(state);
  });

  it("a story tuple of the wrong shape is a broken state, not a guess", () => {
    const bad = {
      ...initialState(7),
      prd: {
        revision: "r",
        number: 1,
        branchName: "b",
        commentId: null,
        stories: [["US-1", "passed", 1]],
      },
    };
    expect(() => decodeStateBlock(block(b64(JSON.stringify(bad))))).toThrow(StateBlockError);
  });

  it("fills defaults for keys an older writer did not store", () => {
    const minimal = { version: 1, issue: 7, phase: "idle", revision: 0 };
    expect(decodeStateBlock(block(b64(JSON.stringify(minimal))))).toEqual(initialState(7));
  });

  const valid = initialState(3);
  const errors: [string, string, RegExp][] = [
    ["no block at all", "just a comment", /^no state block$/],
    ["a foreign block", "<!-- other:state v1 e30= -->", /^no state block$/],
    ["a block without version", "<!-- ralph:state e30= -->", /malformed state block/],
    // A block claims to be one however it is spaced: reported, never skipped.
    ["a block with no blank after its opener", "<!--ralph:state e30= -->", /malformed state block/],
    [
      "an unsupported header version",
      block(b64(JSON.stringify(valid)), "v2"),
      /^unsupported version 2$/,
    ],
    [
      "an unsupported JSON version",
      block(b64(JSON.stringify({ ...valid, version: 3 }))),
      /^unsupported version 3$/,
    ],
    ["no payload", "<!-- ralph:state v1 -->", /^not base64/],
    ["bad base64 characters", block("not*base64!"), /^not base64$/],
    ["bad base64 length", block("abcde"), /^not base64$/],
    ["two payload words", block("e30= e30="), /^not base64/],
    ["base64 of something that is not JSON", block(b64("{not json")), /^not JSON/],
    [
      "base64 of invalid UTF-8",
      block(Buffer.from([0xff, 0xfe, 0xfd]).toString("base64")),
      /^not JSON: payload is not UTF-8$/,
    ],
    [
      "a version word with text before it",
      block(b64(JSON.stringify(valid)), "xv1"),
      /^malformed state block: no version \(got 'xv1'\)$/,
    ],
    [
      "a version word with text after it",
      block(b64(JSON.stringify(valid)), "v1x"),
      /^malformed state block: no version/,
    ],
    [
      "a two-digit header version",
      block(b64(JSON.stringify(valid)), "v10"),
      /^unsupported version 10$/,
    ],
    [
      "a long version word, quoted only in part",
      block(b64(JSON.stringify(valid)), `v${"x".repeat(40)}`),
      /^malformed state block: no version \(got 'vx{19}'\)$/,
    ],
    [
      "a JSON version that is not a number",
      block(b64(JSON.stringify({ ...valid, version: "1" }))),
      /^invalid state: version: /,
    ],
    ["JSON null", block(b64("null")), /^invalid state: \(root\)/],
    ["a JSON number", block(b64("5")), /^invalid state: \(root\)/],
    [
      "an invalid field, naming its key path",
      block(b64(JSON.stringify({ ...valid, phase: "dancing" }))),
      /^invalid state: phase: /,
    ],
    [
      "a nested invalid field",
      block(b64(JSON.stringify({ ...valid, counters: { ...valid.counters, tokens: -1 } }))),
      /^invalid state: counters\.tokens: /,
    ],
    [
      "an unknown key",
      block(b64(JSON.stringify({ ...valid, sneaky: true }))),
      /^invalid state: sneaky: unknown key/,
    ],
    ["JSON that is not an object", block(b64("[1,2]")), /^invalid state: \(root\)/],
    ["two blocks", `${encodeStateBlock(valid)}\n${encodeStateBlock(valid)}`, /2 state blocks/],
  ];
  it.each(errors)("rejects %s with a StateBlockError", (_name, body, message) => {
    let caught: unknown;
    try {
      decodeStateBlock(body);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StateBlockError);
    expect((caught as Error).message).toMatch(message);
  });

  it("findStateBlock returns the whole block or null, and throws on two", () => {
    const encoded = encodeStateBlock(valid);
    expect(findStateBlock(`a\n${encoded}\nb`)).toBe(encoded);
    expect(findStateBlock("nothing")).toBeNull();
    expect(() => findStateBlock(`${encoded}${encoded}`)).toThrow(StateBlockError);
  });

  it("isStatusComment wants the marker first", () => {
    expect(isStatusComment(`${STATUS_MARKER}\nbody`)).toBe(true);
    expect(isStatusComment(`\n  ${STATUS_MARKER}`)).toBe(true);
    expect(isStatusComment(`quoting: ${STATUS_MARKER}`)).toBe(false);
    expect(isStatusComment("<!-- ralph:prd revision=x -->")).toBe(false);
    expect(isStatusComment(`\uFEFF${STATUS_MARKER}`)).toBe(true);
    // Only the exact marker: a byte-order mark inside it is not taken out.
    expect(isStatusComment("<!-- ralph:\uFEFFstatus -->")).toBe(false);
  });

  it("replaceStateBlock swaps the block, or appends one", () => {
    const next: MachineState = { ...valid, phase: "planning", revision: 1 };
    const body = `${STATUS_MARKER}\ntext\n${encodeStateBlock(valid)}\n`;
    const replaced = replaceStateBlock(body, next);
    expect(decodeStateBlock(replaced)).toEqual(next);
    expect(replaced.startsWith(`${STATUS_MARKER}\ntext\n`)).toBe(true);
    expect(decodeStateBlock(replaceStateBlock("plain", next))).toEqual(next);
    // Appended after the text's end, whatever blank space it ended with; its start is kept.
    expect(replaceStateBlock("  plain \n\n", next)).toBe(`  plain\n\n${encodeStateBlock(next)}`);
  });

  it("reads a block whose words are parted by more than one space, and names its errors", () => {
    const spaced = encodeStateBlock(valid).replace(" v1 ", "  v1 \n ");
    expect(decodeStateBlock(spaced)).toEqual(valid);
    expect(() => decodeStateBlock("none")).toThrow(
      expect.objectContaining({ name: "StateBlockError" }),
    );
  });
});
