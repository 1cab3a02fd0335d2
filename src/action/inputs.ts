import * as z from "zod";
import { didYouMean } from "../core/nearest-word.js";
import { AGENT_STEPS } from "../core/state.js";
import { expectedStrings } from "../core/zod-errors.js";

/** `phase` input (DESIGN §3.5): `auto`, or an agent step the App dispatched. */
export const ACTION_PHASES = ["auto", ...AGENT_STEPS] as const;
export type ActionPhase = (typeof ACTION_PHASES)[number];

/**
 * `mode` input (seed 002 parallel runners): `main` is every ordinary run; `story` runs one story
 * of a dispatched batch in a matrix job; `combine` merges the matrix's branches and continues.
 */
export const RUN_MODES = ["main", "story", "combine"] as const;
export type RunMode = (typeof RUN_MODES)[number];

export class InputError extends Error {
  override readonly name = "InputError";
}

const repositorySchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "must be <owner>/<repo>");

const inputsSchema = z.object({
  token: z
    .string()
    .min(1, "is empty: pass `github-token` (its default is the workflow's GITHUB_TOKEN)"),
  issue: z
    .string()
    .regex(/^#?\d*$/, "must be an issue or pull request number")
    .transform((v) => (v.replace("#", "") === "" ? null : Number(v.replace("#", ""))))
    .refine((n) => n === null || n >= 1, "must be a positive number"),
  phase: z
    .string()
    .transform((v) => (v === "" ? "auto" : v.toLowerCase()))
    .pipe(z.enum(ACTION_PHASES)),
  agent: z.union([z.literal(""), z.enum(["claude", "codex", "command"])]),
  agentCommand: z.string(),
  agentInstall: z.string(),
  model: z.string(),
  agentArgs: z.array(z.string()),
  allowedTools: z.array(z.string()),
  agentIsolation: z.union([z.literal(""), z.enum(["auto", "user", "off"])]),
  agentNetwork: z.union([z.literal(""), z.enum(["open", "allowlist"])]),
  agentAllowedHosts: z.array(z.string()),
  configPath: z.string().min(1),
  parallelRunners: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(["", "true", "false"]))
    .transform((v) => v === "true"),
  mode: z
    .string()
    .transform((v) => (v.trim() === "" ? "main" : v.trim().toLowerCase()))
    .pipe(z.enum(RUN_MODES)),
  story: z.string().trim(),
  repository: repositorySchema,
  eventName: z.string(),
  eventPath: z.string(),
  apiUrl: z.string().url(),
  serverUrl: z.string().url(),
  runId: z.string(),
  workspace: z.string().min(1),
  workflowRef: z.string(),
  tempDir: z.string().min(1),
});

export type ActionInputs = z.infer<typeof inputsSchema> & { owner: string; repo: string };

/** How inputs are read: the runner's INPUT_* variables (workflow-commands.ts), a map in unit tests. */
export type InputReader = (name: string) => string;

/**
 * Everything the run reads from its environment (DESIGN §3.5): the action inputs plus the
 * runner's GITHUB_* variables. GHES is honoured through GITHUB_API_URL / GITHUB_SERVER_URL.
 */
export function readInputs(input: InputReader, env: NodeJS.ProcessEnv): ActionInputs {
  const raw = {
    token: input("github-token"),
    issue: input("issue"),
    phase: input("phase"),
    agent: input("agent").toLowerCase(),
    agentCommand: input("agent-command"),
    agentInstall: input("agent-install"),
    model: input("model"),
    agentArgs: lines(input("agent-args")),
    allowedTools: lines(input("allowed-tools")),
    agentIsolation: input("agent-isolation").toLowerCase(),
    agentNetwork: input("agent-network").toLowerCase(),
    agentAllowedHosts: lines(input("agent-allowed-hosts")),
    configPath: input("config-path") || ".github/ralph.yml",
    parallelRunners: input("parallel-runners"),
    mode: input("mode"),
    story: input("story"),
    repository: env.GITHUB_REPOSITORY ?? "",
    eventName: env.GITHUB_EVENT_NAME ?? "",
    eventPath: env.GITHUB_EVENT_PATH ?? "",
    apiUrl: env.GITHUB_API_URL || "https://api.github.com",
    serverUrl: env.GITHUB_SERVER_URL || "https://github.com",
    runId: env.GITHUB_RUN_ID ?? "",
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    workflowRef: env.GITHUB_WORKFLOW_REF ?? "",
    tempDir: env.RUNNER_TEMP || env.TMPDIR || "/tmp",
  };
  const parsed = inputsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const key = String(i.path[0]);
      const name = NAMES[key] ?? i.path.join(".");
      // The name lists the values an input takes: zod's "Invalid input" or its list again says
      // less than what was given.
      const given = (raw as Record<string, unknown>)[key];
      if ((i.code === "invalid_union" || i.code === "invalid_value") && name.endsWith(")")) {
        // The values zod expected (a union's from each branch), not the "" that means the default.
        const branches = i.code === "invalid_union" ? i.errors.flat() : [i];
        const values = expectedStrings(branches).filter((v) => v !== "");
        const hint = typeof given === "string" ? didYouMean(given, values) : "";
        return `${name} cannot be ${JSON.stringify(given)}${hint}`;
      }
      return `${name} ${i.message}`;
    });
    throw new InputError(`Invalid action inputs:\n${problems.map((p) => `- ${p}`).join("\n")}`);
  }
  if (parsed.data.mode !== "main" && parsed.data.issue === null) {
    throw new InputError(
      `Invalid action inputs:\n- input \`issue\` is required with mode ${parsed.data.mode} (the main job's \`issue\` output)`,
    );
  }
  if (parsed.data.mode === "story" && parsed.data.story === "") {
    throw new InputError(
      "Invalid action inputs:\n- input `story` is required with mode story (the matrix's story id)",
    );
  }
  const [owner, repo] = parsed.data.repository.split("/") as [string, string];
  return { ...parsed.data, owner, repo };
}

/** A list input: one item per line, blank lines ignored (no shell splitting, no quoting rules). */
function lines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
}

/** The config keys the inputs override; empty inputs override nothing. */
export function configOverrides(
  inputs: Pick<
    ActionInputs,
    | "agent"
    | "agentCommand"
    | "model"
    | "agentArgs"
    | "allowedTools"
    | "agentIsolation"
    | "agentNetwork"
    | "agentAllowedHosts"
  >,
): Record<string, unknown> {
  return {
    ...(inputs.agent === "" ? {} : { agent: inputs.agent }),
    ...(inputs.agentCommand === "" ? {} : { agent_command: inputs.agentCommand }),
    ...(inputs.model === "" ? {} : { model: inputs.model }),
    ...(inputs.agentArgs.length === 0 ? {} : { agent_args: inputs.agentArgs }),
    ...(inputs.allowedTools.length === 0 ? {} : { allowed_tools: inputs.allowedTools }),
    ...(inputs.agentIsolation === "" ? {} : { agent_isolation: inputs.agentIsolation }),
    ...(inputs.agentNetwork === "" ? {} : { agent_network: inputs.agentNetwork }),
    ...(inputs.agentAllowedHosts.length === 0
      ? {}
      : { agent_allowed_hosts: inputs.agentAllowedHosts }),
  };
}

const NAMES: Record<string, string> = {
  token: "input `github-token`",
  issue: "input `issue`",
  phase:
    "input `phase` (auto | plan | implement | verify | understand | research | consensus | amend | merge_base)",
  agent: "input `agent` (claude | codex | command)",
  agentIsolation: "input `agent-isolation` (auto | user | off)",
  agentNetwork: "input `agent-network` (open | allowlist)",
  configPath: "input `config-path`",
  parallelRunners: "input `parallel-runners` (true | false)",
  mode: "input `mode` (main | story | combine)",
  repository: "GITHUB_REPOSITORY",
  apiUrl: "GITHUB_API_URL",
  serverUrl: "GITHUB_SERVER_URL",
};

/** `.github/workflows/ralph.yml` from GITHUB_WORKFLOW_REF (`owner/repo/<path>@<ref>`). */
export function workflowFileOf(workflowRef: string): string | null {
  const match = /^[^/]+\/[^/]+\/(.+?)@/.exec(workflowRef);
  const path = match?.[1];
  if (path === undefined) return null;
  return path.split("/").pop() ?? null;
}

export function repoUrlOf(inputs: Pick<ActionInputs, "serverUrl" | "repository">): string {
  return `${inputs.serverUrl.replace(/\/+$/, "")}/${inputs.repository}`;
}

export function runUrlOf(
  inputs: Pick<ActionInputs, "serverUrl" | "repository" | "runId">,
): string | null {
  return inputs.runId === "" ? null : `${repoUrlOf(inputs)}/actions/runs/${inputs.runId}`;
}
