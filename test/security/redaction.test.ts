/**
 * Secrets (issue 10): a secret an agent prints — plain, base64, URL-safe base64, inside a longer
 * encoded text, or broken across lines — never survives redaction, which every comment, review,
 * Step Summary, output and run log passes through (src/core/sanitize.ts redactSecrets).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactSecrets, secretForms } from "../../src/core/redact-secrets.js";

const TOKEN = "ghs_16C7e42F292c6912E7710c838347Ae178B4a";
const API_KEY = "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789";

function b64(text: string): string {
  return Buffer.from(text).toString("base64");
}

/** Every way the test below hides a secret in agent output. */
function leaks(secret: string, before: string, after: string): string[] {
  const wrapped = (text: string, width: number) =>
    text.replace(new RegExp(`(.{${width}})`, "g"), "$1\n");
  return [
    `${before}${secret}${after}`,
    `${before}${b64(secret)}${after}`,
    `${before}${b64(secret).replace(/\+/g, "-").replace(/\//g, "_")}${after}`,
    // Inside a longer encoded text, at any alignment (e.g. `env | base64`).
    b64(`${before}TOKEN=${secret}\n${after}`),
    // `base64` wraps at 76 columns; agents wrap long lines.
    wrapped(b64(`${before}${secret}${after}`), 76),
    `${before}${wrapped(secret, 7)}${after}`,
    `${before}${secret.slice(0, 10)}\n  ${secret.slice(10)}${after}`,
  ];
}

function decodedLeak(output: string, secret: string): boolean {
  const compact = output.replace(/\s+/g, "");
  if (compact.includes(secret)) return true;
  for (const alphabet of ["base64", "base64url"] as const) {
    for (let start = 0; start < 4; start++) {
      const decoded = Buffer.from(compact.slice(start), alphabet).toString("latin1");
      if (decoded.includes(secret)) return true;
    }
  }
  return false;
}

describe("secret redaction", () => {
  it("the token and an API key, in every form, are gone", () => {
    for (const secret of [TOKEN, API_KEY]) {
      for (const leak of leaks(secret, "agent says: ", " (done)")) {
        const out = redactSecrets(leak, [TOKEN, API_KEY]);
        expect(decodedLeak(out, secret), `${leak.slice(0, 60)} → ${out.slice(0, 60)}`).toBe(false);
      }
    }
  });

  it("text without the secret is left alone", () => {
    const text = "Ran `npm test`: 12 passed.\n```\nok\n```\n";
    expect(redactSecrets(text, [TOKEN])).toBe(text);
  });

  it("a multi-line key printed line by line is redacted line by line", () => {
    const pem =
      "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx1\nQ2tZbm9fc2VjcmV0\n-----END RSA PRIVATE KEY-----";
    const out = redactSecrets(`key:\nMIIEowIBAAKCAQEAx1\n`, [pem]);
    expect(out).not.toContain("MIIEowIBAAKCAQEAx1");
  });

  it("the encoded forms only keep characters that depend on the secret alone", () => {
    const forms = secretForms(TOKEN);
    expect(forms).toContain(TOKEN);
    expect(forms.every((f) => f.length >= 4)).toBe(true);
  });

  it("property: no printable secret of 8+ characters survives in any form (10,000 cases)", () => {
    const secretArb = fc.string({
      unit: fc.constantFrom(
        ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+/=",
      ),
      minLength: 8,
      maxLength: 48,
    });
    const textArb = fc.string({ maxLength: 40 });
    fc.assert(
      fc.property(secretArb, textArb, textArb, fc.nat(6), (secret, before, after, which) => {
        const leak = leaks(secret, before, after)[which] ?? "";
        const out = redactSecrets(leak, [secret]);
        return !decodedLeak(out, secret);
      }),
      { numRuns: 10_000 },
    );
  });
});
