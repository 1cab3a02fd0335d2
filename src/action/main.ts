import * as z from "zod";
import { redactSecrets, secretForms } from "../core/redact-secrets.js";
import { basicAuthHeader } from "../git/git-auth.js";
import type { GitHubContext } from "../github/client.js";
import { createPhaseLabelSwitch } from "../github/phase-label-switch.js";
import { BoundaryHost } from "./boundary-host.js";
import { core, coreLogger } from "./core-logger.js";
import { payloadDefaultBranch, readEventPayload, resolveEvent } from "./event.js";
import { createActionClient, resolveBotIdentity, withConfigPath } from "./github-client.js";
import { type EventContext, handleEvent } from "./handle-event.js";
import { type ActionInputs, readInputs, repoUrlOf, runUrlOf } from "./inputs.js";
import { newRunRecord, type RunRecord, renderSummary, runOutputs } from "./report.js";
import { secretValues } from "./secrets.js";
import { runStoryLeg } from "./story-leg.js";

/**
 * The Action's entry (DESIGN §3.5): handles the triggering event exactly as the App would, then
 * runs the agent steps the issue's state asks for in this runner. It never throws: every error
 * ends as `core.setFailed` with a clear (redacted) message, and outputs plus the Step Summary are
 * written whatever happened.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  // A run parses each schema a few times: zod's compiled fast paths cost more to build than they
  // save in one short process (5 to 7 ms of a run's ~500 ms). The App, which lives on, keeps them.
  z.config({ jitless: true });
  const startedAt = Date.now();
  const record = newRunRecord(env.GITHUB_EVENT_NAME ?? "");
  const boundary = new BoundaryHost(env, (line) => core.info(line));
  let secrets = secretValues(env);
  maskInLog(secrets);
  try {
    const inputs = readInputs((name) => core.getInput(name), env);
    secrets = secretValues(env, [
      inputs.token,
      basicAuthHeader(inputs.token).split(" ").pop() ?? "",
    ]);
    maskInLog(secrets);
    await execute(inputs, record, secrets, startedAt, env, boundary);
    if (record.state?.phase === "failed") {
      core.warning(
        `Ralph stopped on #${record.state.issue}: ${record.state.stopReason ?? "see the status comment"}`,
      );
    }
  } catch (error) {
    const message = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
    record.error = message;
    core.setFailed(`Ralph: ${message}`);
  } finally {
    // The agent's boundary ends before the summary is written: it lists what was blocked.
    await boundary.close().catch((error: Error) => {
      core.warning(`could not end the agent's boundary: ${redactSecrets(error.message, secrets)}`);
    });
    record.boundary = [...boundary.notes().warnings, ...boundary.notes().facts];
    await finish(record, secrets);
  }
}

function defaultBranchOf(branch: string | undefined): { defaultBranch?: string } {
  return branch === undefined ? {} : { defaultBranch: branch };
}

/** The runner masks exact strings: it is told every form a secret can be printed in. */
function maskInLog(secrets: readonly string[]): void {
  for (const secret of secrets) for (const form of secretForms(secret)) core.setSecret(form);
}

async function finish(record: RunRecord, secrets: readonly string[]): Promise<void> {
  try {
    const outputs = runOutputs(record);
    for (const [name, value] of Object.entries(outputs))
      core.setOutput(name, redactSecrets(value, secrets));
  } catch (error) {
    core.warning(`could not write the outputs: ${(error as Error).message}`);
  }
  try {
    core.writeSummary(`${renderSummary(record, secrets)}\n`);
  } catch (error) {
    // Outside a runner there is no GITHUB_STEP_SUMMARY; nothing else depends on it.
    core.debug(`no step summary: ${(error as Error).message}`);
  }
}

async function execute(
  inputs: ActionInputs,
  record: RunRecord,
  secrets: readonly string[],
  startedAt: number,
  env: NodeJS.ProcessEnv,
  boundary: BoundaryHost,
): Promise<void> {
  // The matrix and the combine job of a parallel batch continue the main job's issue; the
  // event that started the workflow run was handled there.
  const payload = await readEventPayload(inputs.eventPath);
  const event =
    inputs.mode !== "main" && inputs.issue !== null
      ? ({ kind: "continue", issue: inputs.issue } as const)
      : resolveEvent(inputs.eventName, payload, inputs.issue);
  // Decided from the payload alone: an ignored event makes no request.
  if (event.kind === "ignored") {
    core.info(event.reason);
    record.notes.push(event.reason);
    return;
  }
  const client = withConfigPath(
    createActionClient({ token: inputs.token, apiUrl: inputs.apiUrl, log: coreLogger, env }),
    inputs.configPath,
  );
  const bot = await resolveBotIdentity(client, env, coreLogger);
  const gh: GitHubContext = {
    client,
    owner: inputs.owner,
    repo: inputs.repo,
    botLogin: bot.login,
    log: coreLogger,
    secrets,
    // Links to files on Ralph's branch (a cut body's full text) use the runner's server (GHES).
    repoWebUrl: repoUrlOf(inputs),
    // The state claims (DESIGN §6.2) point at the commit this run checked out: no lookup.
    ...(/^[0-9a-f]{40}$/.test(env.GITHUB_SHA ?? "") ? { claimSha: env.GITHUB_SHA } : {}),
    // The payload names the default branch: no `GET /repos/{owner}/{repo}` for it.
    ...defaultBranchOf(payloadDefaultBranch(payload, inputs.repository)),
    // One run changes its issue's phase label many times: one GraphQL call per change.
    phaseLabels: createPhaseLabelSwitch(),
  };
  core.info(`Ralph acts as ${bot.login} on ${inputs.repository} (${inputs.apiUrl})`);
  const repoUrl = repoUrlOf(inputs);
  const runUrl = runUrlOf(inputs);
  record.links.run = runUrl;
  const ctx: EventContext = {
    gh,
    inputs,
    record,
    secrets,
    startedAt,
    bot,
    repoUrl,
    runUrl,
    env,
    checkouts: new Map(),
    boundary,
  };
  if (inputs.mode === "story") await runStoryLeg(ctx);
  else await handleEvent(ctx, event);
}
