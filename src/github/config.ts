import { createHash } from "node:crypto";
import { parse as parseYaml, YAMLParseError } from "yaml";
import { ConfigError, defaultConfig, parseConfig, type RalphConfig } from "../core/config.js";
import { type GitHubContext, isNotFound, repoParams } from "./client.js";
import { type KnownComments, postComment } from "./comments.js";

export const CONFIG_PATH = ".github/ralph.yml";

/** Raw text of a file on a ref (default branch when `ref` is omitted); `null` when missing. */
export async function getFileText(
  gh: GitHubContext,
  path: string,
  ref?: string,
): Promise<string | null> {
  try {
    const res = await gh.client.request("GET /repos/{owner}/{repo}/contents/{path}", {
      ...repoParams(gh),
      path,
      ...(ref === undefined ? {} : { ref }),
    });
    const data = res.data as { type?: string; content?: string; encoding?: string };
    if (Array.isArray(data) || data.type !== "file" || typeof data.content !== "string") {
      return null;
    }
    if (data.encoding === "base64") return Buffer.from(data.content, "base64").toString("utf8");
    return data.content;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Parses the YAML text of `.github/ralph.yml` and validates it; throws ConfigError. */
export function parseConfigText(text: string, source = CONFIG_PATH): RalphConfig {
  let raw: unknown;
  try {
    // Warnings (unresolved tags …) would go to the process log on every event: errors only.
    raw = parseYaml(text, { logLevel: "error" });
  } catch (error) {
    const message = error instanceof YAMLParseError ? error.message : String(error);
    throw new ConfigError(`Invalid ${source}: not valid YAML:\n- ${message}`, [message]);
  }
  return parseConfig(raw, source);
}

/**
 * `.github/ralph.yml` from the default branch (DESIGN §3.4): missing → defaults; invalid YAML or
 * schema → ConfigError naming the bad key.
 */
export async function loadRepoConfig(
  gh: GitHubContext,
  path: string = CONFIG_PATH,
): Promise<RalphConfig> {
  const text = await configText(gh, path);
  if (text === null) return defaultConfig();
  return parseConfigText(text, path);
}

/**
 * The config file's text, read once per client: an App event or an Action run reads it once,
 * not once per step (issue 11). Each webhook gets a fresh client (Probot), so the App still sees
 * a changed config on the next event; a failed read is not remembered.
 */
const configTexts = new WeakMap<object, Map<string, Promise<string | null>>>();

function configText(gh: GitHubContext, path: string): Promise<string | null> {
  let texts = configTexts.get(gh.client);
  if (texts === undefined) {
    texts = new Map();
    configTexts.set(gh.client, texts);
  }
  const key = `${gh.owner}/${gh.repo}:${path}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = getFileText(gh, path);
    texts.set(key, text);
    text.catch(() => texts.delete(key));
  }
  return text;
}

export function configErrorKey(error: ConfigError): string {
  return `config-error:${createHash("sha256").update(error.message).digest("hex")}`;
}

export function renderConfigError(error: ConfigError): string {
  const headline = (error.message.split("\n")[0] ?? "Invalid configuration").replace(/:$/, "");
  // YAML errors span lines (with a caret under the column): a fence keeps them readable.
  const issues = error.issues.map((issue) =>
    issue.includes("\n")
      ? ["```text", issue.replace(/`{3,}/g, "'''").trimEnd(), "```"].join("\n")
      : `- \`${issue.replace(/`/g, "'")}\``,
  );
  return [
    `**Ralph can't run.** ${headline}.`,
    "",
    ...issues,
    "",
    "Fix the file on the default branch; nothing runs until it is valid.",
  ].join("\n");
}

/**
 * Reports a config error on the issue once: the reply carries a key derived from the error text,
 * so later events with the same broken file post nothing. Returns whether a comment was posted.
 */
export async function reportConfigError(
  gh: GitHubContext,
  issue: number,
  error: ConfigError,
  known?: KnownComments,
): Promise<boolean> {
  const posted = await postComment(gh, issue, renderConfigError(error), {
    key: configErrorKey(error),
    ...(known === undefined ? {} : { known }),
  });
  return posted.length > 0;
}
