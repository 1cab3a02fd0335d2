import { specPaths } from "./plan-meta.js";

/**
 * Web links to files on a branch (issue 10: a body Ralph cuts to fit GitHub's limits links to the
 * full text, kept on the branch). Pure: the repository's web address comes from the adapter
 * (github.com, or a GHES server's address).
 */

/** `https://github.com/o/r/blob/<branch>/<path>`: each segment escaped, the slashes kept. */
export function blobUrl(repoWebUrl: string, branch: string, path: string): string {
  const segments = (text: string) =>
    text
      .split("/")
      .filter((s) => s !== "")
      .map(encodeURIComponent)
      .join("/");
  return `${repoWebUrl.replace(/\/+$/, "")}/blob/${segments(branch)}/${segments(path)}`;
}

/**
 * The web server of a REST API address: `https://api.github.com` → `https://github.com`, a GHES
 * `https://ghe.example.com/api/v3` → `https://ghe.example.com`; anything else is its own server.
 */
export function webUrlFromApiUrl(apiUrl: string): string {
  const base = apiUrl.replace(/\/+$/, "");
  if (/^https:\/\/api\.github\.com$/i.test(base)) return "https://github.com";
  return base.replace(/\/api\/v3$/i, "");
}

/**
 * The PRD file of the state's spec on Ralph's branch, or null before there is one: the status
 * comment links it when its story list is cut (DESIGN §3.2).
 */
export function prdFileUrl(
  repoWebUrl: string,
  ralphHome: string,
  state: { branch: string | null; specId: string | null },
): string | null {
  if (state.branch === null || state.specId === null) return null;
  try {
    return blobUrl(repoWebUrl, state.branch, specPaths(ralphHome, `${state.specId}.md`).prd);
  } catch {
    return null;
  }
}
