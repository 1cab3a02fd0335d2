/**
 * The end of a GitHub Actions job's log, for the follow-up that answers a red check (DESIGN §2.3).
 * `GET …/actions/jobs/{job_id}/logs` answers 302 with a short-lived, pre-signed URL; Ralph
 * follows it itself, WITHOUT its token (the URL needs none, and a token must never reach another
 * host), asks only for the last bytes (an HTTP range), and reads at most a bounded amount even
 * when the server ignores the range. A log that is gone (expired, or no Actions job) reads as null.
 */
import { logTail } from "../core/log-tail.js";
import { type GitHubContext, httpStatus, repoParams } from "./client.js";

export interface JobLogOptions {
  /** Bytes asked for from the log's end. */
  tailBytes?: number;
  /** Bytes read at most when the server sends the whole log instead of its end. */
  maxBytes?: number;
  /** Lines and characters kept of what was read (core/log-tail.ts). */
  maxLines?: number;
  maxChars?: number;
  /** The HTTP client for the log URL (tests); default the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export const JOB_LOG_TAIL_BYTES = 64 * 1024;
export const JOB_LOG_MAX_BYTES = 16 * 1024 * 1024;

/** The readable end of job `jobId`'s log, or null when GitHub has no log for it any more. */
export async function readJobLogTail(
  gh: GitHubContext,
  jobId: number,
  options: JobLogOptions = {},
): Promise<string | null> {
  const limits = {
    ...(options.maxLines === undefined ? {} : { maxLines: options.maxLines }),
    ...(options.maxChars === undefined ? {} : { maxChars: options.maxChars }),
  };
  let res: Awaited<ReturnType<GitHubContext["client"]["request"]>>;
  try {
    res = await gh.client.request("GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs", {
      ...repoParams(gh),
      job_id: jobId,
      request: { redirect: "manual" },
    });
  } catch (error) {
    const status = httpStatus(error);
    if (status === 404 || status === 410) return null;
    throw error;
  }
  // A client that followed the redirect itself already holds the whole text.
  if (res.status === 200 && typeof res.data === "string") return logTail(res.data, limits);
  const location = res.headers.location;
  if (typeof location !== "string" || location === "") return null;
  const text = await readTail(location, options);
  return text === null ? null : logTail(text.text, { ...limits, startsMidLine: text.partial });
}

/** The last `tailBytes` of the text at `url`, read with a range, never more than `maxBytes`. */
async function readTail(
  url: string,
  options: JobLogOptions,
): Promise<{ text: string; partial: boolean } | null> {
  const tailBytes = options.tailBytes ?? JOB_LOG_TAIL_BYTES;
  const maxBytes = options.maxBytes ?? JOB_LOG_MAX_BYTES;
  const get = options.fetch ?? globalThis.fetch;
  const res = await get(url, {
    headers: { range: `bytes=-${tailBytes}` },
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  if (res.status === 404 || res.status === 410) return null;
  if (res.status === 416) return { text: "", partial: false };
  if (!res.ok || res.body === null) {
    throw new Error(`reading a job log answered ${res.status} ${res.statusText}`);
  }
  const ranged = res.status === 206 && !/^bytes 0-/.test(res.headers.get("content-range") ?? "");
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  let read = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel();
      return null;
    }
    kept.push(value);
    keptBytes += value.byteLength;
    // Only the end matters: drop whole chunks that lie before it.
    while (kept.length > 1 && keptBytes - (kept[0]?.byteLength ?? 0) >= tailBytes) {
      keptBytes -= kept.shift()?.byteLength ?? 0;
    }
  }
  const bytes = Buffer.concat(kept);
  const tail = bytes.subarray(Math.max(0, bytes.byteLength - tailBytes));
  return { text: tail.toString("utf8"), partial: ranged || tail.byteLength < read };
}
