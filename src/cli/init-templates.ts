/**
 * What `ralph init` writes. The workflow is examples/ralph.yml verbatim (a test keeps the two
 * equal); the config lists every key commented out at its default, so the file is valid as
 * written and each line says what to change.
 */

export const CONFIG_TEMPLATE = `# Ralph for GitHub configuration (read from the default branch). Every key is optional:
# the values below are the defaults. Uncomment a line to change it. Reference: docs/configuration.md

# Agent adapter: claude | codex | command. With \`command\`, agent_command is the executable
# (prompt on stdin, final message on stdout).
# agent: claude
# agent_command: ""
# model: ""

# Ralph's folder in the repository (specs, plans, PRDs, codebase map, progress notes).
# ralph_home: .ralph
# branch_prefix: ralph/

# Labels that start planning like \`/ralph plan\`; on_open: plan every new issue.
# trigger:
#   labels: [ralph]
#   on_open: false

# Who may approve a PRD revision, and how.
# approvals:
#   required: 1
#   min_permission: write
#   users: []
#   allow_author: true
#   reactions: true
#   reviews: true

# run: an extra \`/ralph run\` after approval; replan: a re-planned PRD needs approval again.
# gates:
#   run: false
#   replan: true

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

# verify: per_story

# App mode: the workflow file the App dispatches.
# workflow: ralph.yml
`;

export const WORKFLOW_TEMPLATE = `# Copy to .github/workflows/ralph.yml. Works in both modes:
# - App mode: the Ralph GitHub App dispatches this workflow (workflow_dispatch) for agent phases.
# - Actions-only mode: issue, comment, review and schedule events run Ralph directly.
# See docs/action.md.
name: ralph
# The App finds the issue of a finished run by its name ("ralph #42 plan").
run-name: "ralph #\${{ inputs.issue || github.event.issue.number || github.event.pull_request.number }} \${{ inputs.phase || github.event_name }}"

on:
  workflow_dispatch:
    inputs:
      issue:
        description: Issue or spec PR number
        required: true
        type: string
      phase:
        description: auto | plan | implement | verify | understand
        required: false
        default: auto
        type: string
  issues:
    types: [opened, labeled]
  issue_comment:
    types: [created]
  pull_request_review:
    types: [submitted, dismissed]
  schedule:
    # Reactions fire no event: sweep issues awaiting approval for 👍 on the PRD comment.
    - cron: "*/15 * * * *"

# Minimal: Ralph pushes its branch (contents), comments and labels (issues), opens the PR and
# posts reviews (pull-requests), and starts a run of this workflow for an issue when a sweep or a
# review finds work for it, or when a run's time budget is used up (actions).
permissions:
  contents: write
  issues: write
  pull-requests: write
  actions: write

# One run per issue at a time; never cancel a running agent step (Ralph reconciles from history).
concurrency:
  group: ralph-\${{ github.repository }}-\${{ inputs.issue || github.event.issue.number || github.event.pull_request.number || 'sweep' }}
  cancel-in-progress: false

jobs:
  ralph:
    # Skip what bots (Ralph included) did: their comments, reviews and phase labels.
    if: >-
      (github.event_name != 'issue_comment' || github.event.comment.user.type != 'Bot') &&
      (github.event_name != 'pull_request_review' || github.event.review.user.type != 'Bot') &&
      (github.event_name != 'issues' || github.event.action != 'labeled' || !startsWith(github.event.label.name, 'ralph:'))
    runs-on: ubuntu-latest
    # A run starts no new agent step after limits.phase_timeout_minutes (default 30) and hands
    # the rest to a new run; a step itself is bounded by the same limit.
    timeout-minutes: 90
    steps:
      # Recommended: a GitHub App token, so Ralph's pushes and PRs trigger your CI (events made with
      # GITHUB_TOKEN start no workflows) and Ralph may change workflow files. Set the repository
      # variable RALPH_APP_ID and the secret RALPH_APP_PRIVATE_KEY; without them GITHUB_TOKEN is used.
      - name: App token
        id: app-token
        if: vars.RALPH_APP_ID != ''
        uses: actions/create-github-app-token@v2
        with:
          app-id: \${{ vars.RALPH_APP_ID }}
          private-key: \${{ secrets.RALPH_APP_PRIVATE_KEY }}

      # The default branch; Ralph switches to its own ralph/* branch (or a same-repo spec PR's
      # branch) itself. Fork code is never checked out with secrets: Ralph refuses fork PRs.
      # No persisted credentials: agents never see a token; Ralph authenticates its own pushes.
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0
          persist-credentials: false
          token: \${{ steps.app-token.outputs.token || github.token }}

      - uses: actions/setup-node@v4
        with:
          node-version: 22

      # For agent: claude (the default). Use @openai/codex for agent: codex.
      - name: Install the agent CLI
        run: npm install -g @anthropic-ai/claude-code

      - name: Run Ralph
        id: ralph
        uses: ralph-for-github/ralph@v1
        env:
          # API keys reach the agent from the environment, never through Ralph's inputs.
          ANTHROPIC_API_KEY: \${{ secrets.ANTHROPIC_API_KEY }}
          # Untrusted event text reaches Ralph only through the event payload file, never
          # interpolated into a script. If you add steps that use it, pass it via env:, e.g.
          # COMMENT_BODY: \${{ github.event.comment.body }}
        with:
          github-token: \${{ steps.app-token.outputs.token || github.token }}
          issue: \${{ inputs.issue }}
          phase: \${{ inputs.phase || 'auto' }}

      - name: Report
        if: always()
        env:
          RALPH_PHASE: \${{ steps.ralph.outputs.phase }}
          RALPH_STATUS: \${{ steps.ralph.outputs.status }}
          RALPH_PR: \${{ steps.ralph.outputs.pr-number }}
        run: echo "Ralph left the issue in phase \${RALPH_PHASE:-?} (\${RALPH_STATUS:-?}), PR \${RALPH_PR:-none}"
`;
