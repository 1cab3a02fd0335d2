import { createRequire as __ralphCreateRequire } from "node:module";
const require = __ralphCreateRequire(import.meta.url);
import {
  Runner,
  parseCommands
} from "./action-chunks/chunk-VDMHGTTH.js";

// src/action/fast-path.ts
import { readFile } from "node:fs/promises";

// src/action/ignored-event.ts
function ignoredEventReason(eventName, payload) {
  const action = typeof payload.action === "string" ? payload.action : "";
  switch (eventName) {
    case "issue_comment": {
      if (action !== "created") return `issue_comment.${action} never triggers anything`;
      const comment = record(payload.comment);
      const issue = record(payload.issue);
      if (isBot(comment?.user) || isBot(payload.sender)) {
        return "a bot's comment: bots (Ralph included) never start anything";
      }
      const body = typeof comment?.body === "string" ? comment.body : "";
      if (parseCommands(body).length > 0) return null;
      if (!hasRalphLabel(issue?.labels)) {
        return "a comment without a Ralph command on an issue Ralph is not working on";
      }
      return null;
    }
    case "issues": {
      if (action !== "opened" && action !== "labeled") {
        return `issues.${action} is not an event Ralph handles`;
      }
      if (isBot(payload.sender)) return "a bot's issue event: bots never start anything";
      const label = record(payload.label)?.name;
      if (action === "labeled" && typeof label === "string" && PHASE_LABEL_NAMES.includes(label)) {
        return `the ${label} label is Ralph's own phase label: it starts nothing`;
      }
      return null;
    }
    case "pull_request": {
      if (action !== "labeled") return `pull_request.${action} is not an event Ralph handles`;
      if (isBot(payload.sender)) return "a bot's label: bots never start anything";
      const label = record(payload.label)?.name;
      if (typeof label === "string" && PHASE_LABEL_NAMES.includes(label)) {
        return `the ${label} label is Ralph's own phase label: it starts nothing`;
      }
      return null;
    }
    case "pull_request_review": {
      if (action !== "submitted" && action !== "dismissed") {
        return `pull_request_review.${action} is not an event Ralph handles`;
      }
      if (isBot(record(payload.review)?.user) || isBot(payload.sender)) {
        return "a bot's review: bots never approve or request changes for Ralph";
      }
      return null;
    }
    case "schedule":
    case "workflow_dispatch":
      return null;
    default:
      return `the ${eventName || "(unknown)"} event is not one Ralph handles; pass the \`issue\` input to continue an issue`;
  }
}
var PHASE_LABEL_NAMES = [
  "ralph:planning",
  "ralph:questions",
  "ralph:awaiting-approval",
  "ralph:implementing",
  "ralph:verifying",
  "ralph:plan-invalidated",
  "ralph:done",
  "ralph:failed",
  "ralph:stopped"
];
function record(value) {
  return typeof value === "object" && value !== null ? value : void 0;
}
function isBot(user) {
  const u = record(user);
  return u?.type === "Bot" || typeof u?.login === "string" && u.login.endsWith("[bot]");
}
function hasRalphLabel(labels) {
  if (!Array.isArray(labels)) return true;
  return labels.some((l) => {
    const name = typeof l === "string" ? l : record(l)?.name;
    return typeof name === "string" && PHASE_LABEL_NAMES.includes(name);
  });
}

// src/action/fast-path.ts
async function endIfIgnored(env = process.env, runner = new Runner(env)) {
  const issue = runner.getInput("issue").replace("#", "");
  const phase = runner.getInput("phase").toLowerCase();
  if (issue !== "" || phase !== "" && phase !== "auto") return false;
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  const payload = await readPayload(env.GITHUB_EVENT_PATH ?? "");
  if (payload === null) return false;
  const reason = ignoredEventReason(eventName, payload);
  if (reason === null) return false;
  runner.setSecret(runner.getInput("github-token"));
  runner.info(`Ralph: nothing to do (${reason})`);
  try {
    for (const [name, value] of Object.entries(NOOP_OUTPUTS)) runner.setOutput(name, value);
    runner.writeSummary(
      `## Ralph

- **Event:** \`${eventName || "(none)"}\`
- **Phase:** \`idle\` (noop)
- **Not run:** ${reason}
`
    );
  } catch (error) {
    runner.debug(`no step summary: ${error.message}`);
  }
  return true;
}
var NOOP_OUTPUTS = { phase: "idle", status: "noop", "pr-number": "", branch: "", reason: "" };
async function readPayload(path) {
  if (path === "") return null;
  try {
    const value = JSON.parse(await readFile(path, "utf8"));
    return typeof value === "object" && value !== null ? value : null;
  } catch {
    return null;
  }
}

// src/action/index.ts
if (!await endIfIgnored().catch(() => false)) {
  const { run } = await import("./action-chunks/main-62GNEI5T.js");
  await run();
}
