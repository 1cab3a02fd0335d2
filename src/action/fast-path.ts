import { readFile } from "node:fs/promises";
import { ignoredEventReason } from "./ignored-event.js";
import { Runner } from "./workflow-commands.js";

/**
 * Ends the run here, before the rest of the action is even loaded, when the triggering event is
 * one Ralph must ignore (ignored-event.ts): outputs and Step Summary as a no-op run, exit 0, no
 * request. Returns false when the full run must decide: an explicit `issue` or `phase` input
 * (a dispatched step), an unreadable payload, or an event that may concern Ralph.
 */
export async function endIfIgnored(
  env: NodeJS.ProcessEnv = process.env,
  runner = new Runner(env),
): Promise<boolean> {
  const issue = runner.getInput("issue").replace("#", "");
  const phase = runner.getInput("phase").toLowerCase();
  if (issue !== "" || (phase !== "" && phase !== "auto")) return false;
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
      `## Ralph\n\n- **Event:** \`${eventName || "(none)"}\`\n- **Phase:** \`idle\` (noop)\n- **Not run:** ${reason}\n`,
    );
  } catch (error) {
    // Outside a runner there is no summary file; nothing depends on it.
    runner.debug(`no step summary: ${(error as Error).message}`);
  }
  return true;
}

/** The outputs of a run that did nothing (report.ts runOutputs for an empty run record). */
const NOOP_OUTPUTS = {
  phase: "idle",
  status: "noop",
  "pr-number": "",
  branch: "",
  reason: "",
  issue: "",
  "parallel-stories": "[]",
  "parallel-base": "",
};

async function readPayload(path: string): Promise<Record<string, unknown> | null> {
  if (path === "") return null;
  try {
    const value = JSON.parse(await readFile(path, "utf8")) as unknown;
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null; // the full run reports an unreadable payload with its reason
  }
}
