import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractLastJsonObject } from "../../src/core/extract-json.js";
import { binaryString } from "../support/binary-string.js";

const envelope = {
  questions: [],
  uncertainties: [],
  prdDraft: null,
  recommendUnderstand: { shouldRun: false, reasons: [] },
};

describe("extractLastJsonObject", () => {
  it.each([
    ["bare object", JSON.stringify(envelope), envelope],
    [
      "prose and a ```json fence",
      `Here is my answer:\n\n\`\`\`json\n${JSON.stringify(envelope, null, 2)}\n\`\`\`\nDone.`,
      envelope,
    ],
    [
      "the last of two objects",
      `Draft: {"a": 1}\nFinal:\n{"a": 2, "b": {"c": [1, {"d": null}]}}`,
      { a: 2, b: { c: [1, { d: null }] } },
    ],
    [
      "braces and quotes inside strings",
      'prose {"text": "a } tricky { string with \\" quote", "n": 1} end',
      { text: 'a } tricky { string with " quote', n: 1 },
    ],
    [
      "prose braces after the object",
      'result {"ok": true}\nUse {name} as a placeholder.',
      { ok: true },
    ],
    ["an unbalanced prose brace before it", 'a { stray\n{"x": [1]}', { x: [1] }],
  ])("takes %s", (_name, text, expected) => {
    expect(extractLastJsonObject(text)).toEqual({ ok: true, value: expected });
  });

  it("reports an invalid last object instead of returning an object nested in it", () => {
    const text = '{"questions": [], "recommendUnderstand": {"shouldRun": true},}';
    const result = extractLastJsonObject(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^the last JSON object is not valid JSON: /);
  });

  it.each([
    ["", "no JSON object found in the output"],
    ["just prose, no braces", "no JSON object found in the output"],
    ["[1, 2, 3]", "no JSON object found in the output"],
    ["{unterminated", "no JSON object found in the output"],
  ])("fails on %j", (text, error) => {
    expect(extractLastJsonObject(text)).toEqual({ ok: false, error });
  });

  it("gives up on pathological stray braces instead of hanging", () => {
    expect(extractLastJsonObject("{".repeat(200_000))).toEqual({
      ok: false,
      error: "too many unbalanced braces to find a JSON object",
    });
    const long = `${"x".repeat(300_000)}${JSON.stringify({ a: "b" })}${" {".repeat(2_000)}`;
    expect(extractLastJsonObject(long)).toEqual({ ok: true, value: { a: "b" } });
  });

  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(binaryString(), (text) => {
        const r = extractLastJsonObject(text);
        expect(typeof r.ok).toBe("boolean");
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("{", "}", '"', "\\", ":", ",", "a", "1", " ")),
        (parts) => {
          extractLastJsonObject(parts.join(""));
        },
      ),
    );
  });

  it("round-trips prose + JSON.stringify(obj) + prose", () => {
    const prose = fc.string().filter((s) => !s.includes("{"));
    fc.assert(
      fc.property(
        prose,
        fc.dictionary(fc.string(), fc.jsonValue()),
        prose,
        fc.boolean(),
        (before, obj, after, pretty) => {
          const json = pretty ? JSON.stringify(obj, null, 2) : JSON.stringify(obj);
          const r = extractLastJsonObject(`${before}${json}${after}`);
          expect(r).toEqual({ ok: true, value: JSON.parse(json) });
        },
      ),
    );
  });
});
