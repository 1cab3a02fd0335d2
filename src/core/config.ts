import * as z from "zod";
import { HostEntryError, parseHostEntry } from "./agent-network.js";
import { DEFAULT_VAGUE_WORDS } from "./quality-gates.js";
import { formatZodIssues } from "./zod-errors.js";

/**
 * A GitHub login as the config lists one. "@ralph-bot" would never equal the login GitHub sends
 * ("ralph-bot"), so the assignment or approval it names would silently never count.
 */
const loginSchema = z
  .string()
  .min(1)
  .refine((login) => !login.startsWith("@"), {
    error: (issue) => `write the login without its @ (${String(issue.input).slice(1)})`,
  });

/** `.github/ralph.yml` (DESIGN §3.4). Every key optional; defaults filled in. */
const triggerSchema = z
  .strictObject({
    labels: z.array(z.string().min(1)).default(["ralph"]),
    on_open: z.boolean().default(false),
    // Assigning the issue to one of these logins (by a user with write access) starts planning.
    assignees: z.array(loginSchema).default([]),
  })
  .prefault({});

const approvalsSchema = z
  .strictObject({
    required: z.number().int().min(1).max(10).default(1),
    min_permission: z.enum(["read", "triage", "write", "maintain", "admin"]).default("write"),
    users: z.array(loginSchema).default([]),
    allow_author: z.boolean().default(true),
    reactions: z.boolean().default(true),
    reviews: z.boolean().default(true),
  })
  .prefault({});

const gatesSchema = z
  .strictObject({
    run: z.boolean().default(false),
    replan: z.boolean().default(true),
    // Follow-up rounds on Ralph's PR (review feedback, `/ralph fix`): `auto` — the request of a
    // user with write access is its own approval; `approve` — the amended PRD needs `/approve`.
    followup: z.enum(["auto", "approve"]).default("auto"),
  })
  .prefault({});

const autoMode = z.enum(["off", "auto", "always"]);

const planningSchema = z
  .strictObject({
    max_question_rounds: z.number().int().min(0).max(20).default(3),
    research: autoMode.default("auto"),
    consensus: autoMode.default("auto"),
    consensus_max_rounds: z.number().int().min(1).max(20).default(5),
    understand: z.enum(["never", "auto", "always"]).default("auto"),
    // Quality gates before the Critic (seed 004): acceptance criteria using one of these words
    // without a measure are vague; a story with more criteria is too big for one run.
    vague_words: z.array(z.string().min(1)).default([...DEFAULT_VAGUE_WORDS]),
    max_criteria_per_story: z.number().int().min(1).max(50).default(8),
  })
  .prefault({});

const limitsSchema = z
  .strictObject({
    max_attempts: z.number().int().min(1).max(50).default(3),
    max_replans: z.number().int().min(0).max(20).default(2),
    max_agent_runs: z.number().int().min(1).max(1000).default(40),
    phase_timeout_minutes: z.number().positive().max(360).default(30),
    max_cost_usd: z.number().positive().nullable().default(null),
    // The longest usage-limit wait Ralph sits out before retrying the agent (its `retry after`,
    // seed 001); a later reset ends the step with a usage_limit stop instead.
    max_usage_wait_minutes: z.number().min(0).max(1440).default(360),
    // Follow-up rounds that answer a red check of the repository's CI on Ralph's PR.
    max_ci_fixes: z.number().int().min(0).max(20).default(3),
    // Follow-up rounds per pull request (every source), on top of the run and cost limits.
    max_followups: z.number().int().min(0).max(100).default(5),
  })
  .prefault({});

const verifyModeSchema = z.enum(["per_story", "per_spec"]);

const CI_DEFAULTS = { ci: "gate", ci_wait_minutes: 15 } as const;

/**
 * `verify` (DESIGN §3.4): the mode, and the objective checks Ralph itself runs after each implement
 * and before done. A plain `verify: per_story` stays valid.
 */
const verifySchema = z
  .union([
    verifyModeSchema.transform((mode) => ({
      mode,
      checks: [],
      check_timeout_minutes: 10,
      ...CI_DEFAULTS,
    })),
    z.strictObject({
      mode: verifyModeSchema.default("per_story"),
      checks: z
        .array(z.string().refine((c) => c.trim() !== "", { message: "must not be blank" }))
        .max(20)
        .default([]),
      check_timeout_minutes: z.number().positive().max(360).default(10),
      // The repository's own CI on Ralph's PR: `gate` waits for its checks before "ready".
      ci: z.enum(["gate", "off"]).default(CI_DEFAULTS.ci),
      // How long Ralph waits for a first check on the PR's head commit before it goes on without.
      ci_wait_minutes: z.number().positive().max(1440).default(CI_DEFAULTS.ci_wait_minutes),
    }),
  ])
  .prefault({});

const hostEntrySchema = z.string().superRefine((entry, ctx) => {
  try {
    parseHostEntry(entry);
  } catch (error) {
    if (!(error instanceof HostEntryError)) throw error;
    ctx.addIssue({ code: "custom", message: error.message });
  }
});

export const ralphConfigSchema = z
  .strictObject({
    agent: z.enum(["claude", "codex", "command"]).default("claude"),
    agent_command: z.string().default(""),
    model: z.string().default(""),
    // The agent CLI's own options, for what Ralph has no key of its own (a provider, a profile,
    // a tool an MCP server offers): appended to every claude / codex command line, in order.
    agent_args: z.array(z.string()).default([]),
    // claude only: tools allowed on top of each role's own list (e.g. `Bash(make:*)`, `mcp__x`).
    // The read-only roles still deny edit tools, and Ralph still reverts what they change.
    allowed_tools: z.array(z.string().min(1)).default([]),
    ralph_home: z
      .string()
      .min(1)
      .refine((p) => !p.startsWith("/") && !p.split("/").includes(".."), {
        message: "must be a relative path inside the repository",
      })
      .default(".ralph"),
    branch_prefix: z
      .string()
      .min(1)
      .regex(/^[A-Za-z0-9._/-]+$/, "may only hold letters, digits, '.', '_', '-' and '/'")
      .default("ralph/"),
    trigger: triggerSchema,
    approvals: approvalsSchema,
    gates: gatesSchema,
    planning: planningSchema,
    limits: limitsSchema,
    verify: verifySchema,
    workflow: z.string().min(1).default("ralph.yml"),
    // Seed 002 parallel groups (`ralph run` and the Action): at most this many stories of one
    // group at once, each in its own git worktree (1: one story at a time).
    parallel: z.strictObject({ max: z.number().int().min(1).max(8).default(1) }).prefault({}),
    // DESIGN §7 rule 9, in the Action: the agent as its own OS user (`auto`: where the runner
    // allows it, else Ralph's user with a warning; `user`: required) and its egress.
    agent_isolation: z.enum(["auto", "user", "off"]).default("auto"),
    agent_network: z.enum(["open", "allowlist"]).default("open"),
    // null: the defaults for the agent (core/agent-network.ts); a list replaces them.
    agent_allowed_hosts: z.array(hostEntrySchema).max(200).nullable().default(null),
  })
  .superRefine((cfg, ctx) => {
    if (cfg.agent === "command" && cfg.agent_command.trim() === "") {
      ctx.addIssue({
        code: "custom",
        path: ["agent_command"],
        message: "is required when agent is 'command'",
      });
    }
  });

export type RalphConfig = z.infer<typeof ralphConfigSchema>;
export type RalphConfigInput = z.input<typeof ralphConfigSchema>;

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(
    message: string,
    readonly issues: readonly string[],
  ) {
    super(message);
  }
}

/** Validates an already-parsed config object (YAML parsing happens in the adapters). */
export function parseConfig(raw: unknown, source = ".github/ralph.yml"): RalphConfig {
  // The input kept on each issue: what was typed, for "did you mean".
  const result = ralphConfigSchema.safeParse(raw ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const issues = formatZodIssues(result.error, ralphConfigSchema);
  throw new ConfigError(`Invalid ${source}:\n${issues.map((i) => `- ${i}`).join("\n")}`, issues);
}

export function defaultConfig(): RalphConfig {
  return ralphConfigSchema.parse({});
}
