import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { simpleGit } from "simple-git";
import { basicAuthHeader, extraHeaderUrls, type PushAuth } from "./git-auth.js";
import { GitCommandError } from "./git-exec.js";

/**
 * The git credentials actions/checkout persists by default, taken out of the checkout while the
 * agent (another OS user, which can read the checkout's `.git/config`) works in it, and put back
 * at the end of Ralph's run so checkout's own clean-up finds them (DESIGN §7 rule 9):
 * - `http.<url>.extraheader` entries in `.git/config` (checkout v4, v5);
 * - `include.path` / `includeIf.<cond>.path` entries naming a file that holds such a header
 *   (checkout v6 keeps it in `$RUNNER_TEMP`, which the agent cannot read: git would fail on the
 *   unreadable include).
 * Ralph keeps the headers for its own pushes, set for each push only (withPushAuth).
 */
export interface TakenCredentials {
  /** The local config entries removed, in order, to put back. */
  removed: { key: string; value: string }[];
  /** The headers they carried: `http.<url>.extraheader` → value. */
  headers: { key: string; value: string }[];
}

function entries(text: string): { key: string; value: string }[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const space = line.indexOf(" ");
      return space === -1
        ? { key: line, value: "" }
        : { key: line.slice(0, space), value: line.slice(space + 1) };
    });
}

function includedFile(root: string, value: string): string {
  if (value.startsWith("~/")) return join(homedir(), value.slice(2));
  return isAbsolute(value) ? value : resolve(root, ".git", value);
}

/**
 * `git config` on the checkout's own config. simple-git refuses `include` keys unless told: these
 * calls only remove and put back, value for value, what actions/checkout wrote.
 */
async function git(root: string, args: readonly string[]): Promise<string> {
  const client = simpleGit({ baseDir: root, trimmed: false, unsafe: { allowUnsafeInclude: true } });
  try {
    return await client.raw([...args]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new GitCommandError(`git ${args[0] ?? ""} failed: ${message.trim()}`, message);
  }
}

export async function takeCheckoutCredentials(root: string): Promise<TakenCredentials> {
  const local = entries(
    await git(root, [
      "config",
      "--local",
      "--get-regexp",
      "^(http\\..*\\.extraheader|include\\.path|includeif\\..*\\.path)$",
    ]).catch(() => ""),
  );
  const removed: TakenCredentials["removed"] = [];
  const headers: TakenCredentials["headers"] = [];
  for (const entry of local) {
    if (/\.extraheader$/i.test(entry.key)) {
      removed.push(entry);
      headers.push(entry);
      continue;
    }
    const file = includedFile(root, entry.value);
    if (!existsSync(file)) continue;
    const held = entries(
      await git(root, [
        "config",
        "--file",
        file,
        "--get-regexp",
        "^http\\..*\\.extraheader$",
      ]).catch(() => ""),
    );
    if (held.length === 0) continue;
    removed.push(entry);
    headers.push(...held);
  }
  for (const key of new Set(removed.map((e) => e.key)))
    await git(root, ["config", "--local", "--unset-all", key]);
  return { removed, headers };
}

/** Puts the removed entries back as they were (their values, in their order). */
export async function restoreCheckoutCredentials(
  root: string,
  taken: TakenCredentials,
): Promise<void> {
  for (const entry of taken.removed)
    await git(root, ["config", "--local", "--add", entry.key, entry.value]);
}

/**
 * How Ralph pushes once the credentials are taken: with the header checkout persisted for the
 * origin's URL (the same token as before), else as decidePushAuth would without them.
 */
export function pushAuthAfterTaking(
  originUrl: string,
  taken: TakenCredentials,
  before: PushAuth,
  token: string,
): PushAuth {
  if (before.mode !== "checkout") return before;
  const origin = originUrl.toLowerCase();
  const urls = extraHeaderUrls(taken.headers.map((h) => `${h.key} ${h.value}`).join("\n"));
  const index = urls.findIndex((prefix) => origin.startsWith(prefix.toLowerCase()));
  const header = taken.headers[index];
  if (header !== undefined) return { mode: "extraheader", header };
  const url = new URL(originUrl);
  return {
    mode: "extraheader",
    header: {
      key: `http.${url.protocol}//${url.host}/.extraheader`,
      value: basicAuthHeader(token),
    },
  };
}
