import { git } from "./git-exec.js";

/**
 * How Ralph authenticates its pushes to `origin` (DESIGN §3.5). The remote is used as
 * actions/checkout left it, never rewritten:
 * - `checkout`: checkout persisted credentials (an `http.<url>.extraheader`): they are used as
 *   they are — a second Authorization header would make GitHub reject the push;
 * - `extraheader`: an https origin without credentials (`persist-credentials: false`): the token
 *   goes into `http.<scheme>://<host>/.extraheader` in the checkout's local git config for the
 *   duration of each push only, and is removed right after. No agent runs during a push, so
 *   agents never see it (simple-git drops ambient GIT_CONFIG_* variables, hence the config file);
 * - `none`: ssh, file:// or a URL that carries its own credentials.
 */
export type PushAuthMode = "checkout" | "extraheader" | "none";

export interface PushAuth {
  mode: PushAuthMode;
  /** For `extraheader`: the config key and value set around each push. */
  header?: { key: string; value: string };
}

export function basicAuthHeader(token: string): string {
  return `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`;
}

/** URL prefixes of the `http.<url>.extraheader` keys in `git config --get-regexp` output. */
export function extraHeaderUrls(configList: string): string[] {
  const out: string[] = [];
  for (const line of configList.split(/\r?\n/)) {
    const key = line.split(/\s/)[0] ?? "";
    const match = /^http\.(.+)\.extraheader$/i.exec(key);
    if (match?.[1]) out.push(match[1]);
  }
  return out;
}

/** Pure decision, given the origin URL and the extraheader URLs already configured. */
export function decidePushAuth(
  originUrl: string,
  configuredUrls: readonly string[],
  token: string,
): PushAuth {
  let url: URL;
  try {
    url = new URL(originUrl);
  } catch {
    return { mode: "none" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { mode: "none" };
  if (url.username !== "" || url.password !== "") return { mode: "none" };
  const origin = url.toString().toLowerCase();
  if (configuredUrls.some((prefix) => origin.startsWith(prefix.toLowerCase()))) {
    return { mode: "checkout" };
  }
  if (token === "") return { mode: "none" };
  return {
    mode: "extraheader",
    header: {
      key: `http.${url.protocol}//${url.host}/.extraheader`,
      value: basicAuthHeader(token),
    },
  };
}

export async function detectPushAuth(
  root: string,
  token: string,
  remote = "origin",
): Promise<PushAuth> {
  const originUrl = (await git(root, ["remote", "get-url", remote]).catch(() => "")).trim();
  // --includes: recent actions/checkout versions keep the header in an included file. Every key
  // name, filtered here: `--get-regexp` prints nothing when no header is set, and simple-git
  // waits 50 ms after a silent command.
  const configured = await git(root, ["config", "--includes", "--name-only", "--list"]).catch(
    () => "",
  );
  return decidePushAuth(originUrl, extraHeaderUrls(configured), token);
}

/** Runs `fn` (a push) with the header configured, and always removes it again. */
export async function withPushAuth<T>(
  root: string,
  auth: PushAuth,
  fn: () => Promise<T>,
): Promise<T> {
  const header = auth.header;
  if (auth.mode !== "extraheader" || header === undefined) return fn();
  await git(root, ["config", "--local", "--replace-all", header.key, header.value]);
  try {
    return await fn();
  } finally {
    await git(root, ["config", "--local", "--unset-all", header.key]).catch(() => "");
  }
}
