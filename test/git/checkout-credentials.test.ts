/**
 * The credentials actions/checkout persists, taken out of the checkout while the agent (another
 * OS user, which can read `.git/config`) works, and put back afterwards, value for value.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  pushAuthAfterTaking,
  restoreCheckoutCredentials,
  takeCheckoutCredentials,
} from "../../src/git/checkout-credentials.js";
import { basicAuthHeader } from "../../src/git/git-auth.js";

const HEADER = basicAuthHeader("ghs_persisted_by_checkout_0000");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function checkout(): { root: string; temp: string; git(...args: string[]): string } {
  const base = mkdtempSync(join(tmpdir(), "ralph-creds-"));
  dirs.push(base);
  const root = join(base, "checkout");
  const env = { PATH: process.env.PATH ?? "", HOME: base, GIT_CONFIG_NOSYSTEM: "1" };
  execFileSync("git", ["init", "--quiet", root], { env });
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: root, env, encoding: "utf8" }).trim();
  git("remote", "add", "origin", "https://github.com/o/r");
  return { root, temp: base, git };
}

describe("the checkout's persisted credentials", () => {
  it("v4 (the header in .git/config) and v6 (an included file under $RUNNER_TEMP): taken, then put back", async () => {
    const c = checkout();
    c.git("config", "--local", "http.https://github.com/.extraheader", HEADER);
    const file = join(c.temp, "git-credentials-1234.config");
    writeFileSync(file, `[http "https://github.com/"]\n\textraheader = ${HEADER}\n`);
    c.git("config", "--local", `includeIf.gitdir:${c.root}/.git.path`, file);
    // An include that holds no credentials is not Ralph's business.
    const other = join(c.temp, "other.config");
    writeFileSync(other, "[core]\n\tautocrlf = false\n");
    c.git("config", "--local", "include.path", other);
    const before = c.git("config", "--local", "--list");

    const taken = await takeCheckoutCredentials(c.root);
    expect(taken.headers.map((h) => h.value)).toEqual([HEADER, HEADER]);
    const during = c.git("config", "--local", "--list");
    expect(during).not.toContain("extraheader");
    expect(during).not.toContain("git-credentials-1234");
    expect(during).toContain(`include.path=${other}`);
    // Nothing git reads there holds the header any more, includes followed.
    expect(c.git("config", "--includes", "--list")).not.toContain("AUTHORIZATION");

    await restoreCheckoutCredentials(c.root, taken);
    expect(c.git("config", "--local", "--list").split("\n").sort()).toEqual(
      before.split("\n").sort(),
    );
  });

  it("a checkout without persisted credentials: nothing taken", async () => {
    const c = checkout();
    expect(await takeCheckoutCredentials(c.root)).toEqual({ removed: [], headers: [] });
  });

  it("Ralph pushes with checkout's own header once it is taken", () => {
    const taken = {
      removed: [],
      headers: [{ key: "http.https://github.com/.extraheader", value: HEADER }],
    };
    expect(
      pushAuthAfterTaking("https://github.com/o/r", taken, { mode: "checkout" }, "other-token"),
    ).toEqual({ mode: "extraheader", header: taken.headers[0] });
    // No header for this origin: the token's, as without checkout's credentials.
    expect(
      pushAuthAfterTaking("https://ghes.example.com/o/r", taken, { mode: "checkout" }, "tok"),
    ).toEqual({
      mode: "extraheader",
      header: { key: "http.https://ghes.example.com/.extraheader", value: basicAuthHeader("tok") },
    });
    expect(pushAuthAfterTaking("file:///r", taken, { mode: "none" }, "tok")).toEqual({
      mode: "none",
    });
  });
});
