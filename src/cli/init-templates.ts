import { readFileSync } from "node:fs";

/**
 * What `ralph init` writes: the example workflow verbatim, and a config that lists every key
 * commented out at its default, so the file is valid as written and each line says what to change.
 */

export const CONFIG_TEMPLATE = `# Ralph for GitHub configuration (read from the default branch). Every key is optional:
# the values below are the defaults. Uncomment a line to change it. Reference: docs/configuration.md

# Agent adapter: claude | codex | command. With \`command\`, agent_command is the executable
# (prompt on stdin, final message on stdout).
# agent: claude
# agent_command: ""
# model: ""
# Extra arguments for the agent CLI, and (claude only) tools allowed on top of each role's own.
# agent_args: []
# allowed_tools: []

# The Action: the agent as an OS user of its own, without GitHub credentials in reach
# (auto | user | off), and where it may connect (open | allowlist; the allowlist's default is
# the agent's model API, registry.npmjs.org and localhost). See docs/security.md.
# agent_isolation: auto
# agent_network: open
# agent_allowed_hosts: null

# Ralph's folder in the repository (specs, plans, PRDs, codebase map, progress notes).
# ralph_home: .ralph
# branch_prefix: ralph/

# Labels that start planning like \`/ralph plan\`; on_open: plan every new issue; assignees:
# assigning an issue to one of these logins starts planning.
# trigger:
#   labels: [ralph]
#   on_open: false
#   assignees: []

# Who may approve a PRD revision, and how.
# approvals:
#   required: 1
#   min_permission: write
#   users: []
#   allow_author: true
#   reactions: true
#   reviews: true

# run: an extra \`/ralph run\` after approval; replan: a re-planned PRD needs approval again;
# followup: auto (a review's or \`/ralph fix\`'s follow-up round runs at once) | approve.
# gates:
#   run: false
#   replan: true
#   followup: auto

# planning:
#   max_question_rounds: 3
#   research: auto            # off | auto | always (auto: complex tasks only)
#   consensus: auto           # off | auto | always (Planner / Architect / Critic)
#   consensus_max_rounds: 5
#   understand: auto          # never | auto | always (codebase map refresh)

# limits:
#   max_attempts: 3
#   max_replans: 2
#   max_agent_runs: 40
#   phase_timeout_minutes: 30
#   max_cost_usd: null
#   max_usage_wait_minutes: 360
#   max_ci_fixes: 3           # follow-ups for red checks of your CI on Ralph's PR
#   max_followups: 5          # follow-up rounds per pull request

# verify: per_story
# Or with checks Ralph runs itself and the gate on your repository's CI:
# verify:
#   mode: per_story
#   checks: []
#   check_timeout_minutes: 10
#   ci: gate                  # gate | off
#   ci_wait_minutes: 15

# Stories of one parallel group with disjoint files at once, each in its own git
# worktree (1: one story at a time).
# parallel:
#   max: 1

# App mode: the workflow file the App dispatches.
# workflow: ralph.yml
`;

declare const __RALPH_WORKFLOW_TEMPLATE__: string | undefined;

/**
 * The example workflow, examples/ralph.yml: the bundle has it inlined at build time
 * (scripts/build-options.mjs); run from the sources (tests), it is read from the repository.
 */
export function workflowTemplate(): string {
  if (typeof __RALPH_WORKFLOW_TEMPLATE__ === "string") return __RALPH_WORKFLOW_TEMPLATE__;
  return readFileSync(new URL("../../examples/ralph.yml", import.meta.url), "utf8");
}
