import type { CommandName } from "./args.js";

const COMMON = `Common options (override .github/ralph.yml; before or after the command):
  --agent claude|codex|command   agent adapter
  --agent-command CMD            executable for --agent command (prompt on stdin)
  --model NAME                   model passed to the agent CLI
  --ralph-home DIR               Ralph's folder in the repository (default .ralph)
  --config PATH                  config file, relative to the repository root (default .github/ralph.yml)
  -C, --cwd DIR                  work in DIR instead of the current directory
  -h, --help                     show help`;

const TOPICS: Record<CommandName, string> = {
  help: `ralph — a planning-first coding agent on your local checkout

Usage:
  ralph plan "<goal>"     interactive Q&A, then a strict PRD + plan you approve
  ralph exec "<goal>"     plan, then (with your consent) understand and run
  ralph run               plan → implement → verify every spec under <ralph_home>/specs
  ralph fix "<feedback>"  a follow-up round on a done spec: new stories, every story re-verified
  ralph status            each spec's state and plan attempt
  ralph understand        refresh the codebase map (<ralph_home>/codebase_map.md)
  ralph init              write a commented .github/ralph.yml and the example workflow
  ralph check-agent -- <command>   try a command agent, phase by phase
  ralph help <command>    details for one command
  ralph --version         print the version

Exit codes: 0 ok, 1 failure, 2 usage error.

${COMMON}`,
  plan: `ralph plan "<goal>" [options]

Asks the planner agent about the goal, answers its questions on the terminal, shows the
PRD it drafts and asks "Write this PRD …? [y/N]" (default no). Before approval Ralph writes
only under <ralph_home> (its state, transcript and draft in local/, which git never shows);
the planner may only write its plan file, anything else it changes is reverted. On approval
the spec, plan and PRD are written to <ralph_home>/specs/ and committed, so that \`ralph run\`
picks them up.

  --non-interactive     never prompt (needed without a terminal); every gate answers "no"
  --answer TEXT         pre-supplied answer to the planner's next question (repeatable)
  --yes-prd             with --non-interactive: approve and write the PRD
  --decision ID=ANSWER  with --non-interactive: answer research decision ID (option number or
                        text; repeatable). Unanswered non-critical decisions take the recommendation
  --reset-decisions     ask the research decisions again (the research is kept)

Complex goals (planning.research: auto) first get a research run (research.json) and its
decisions (decisions.json), asked one by one: a number, "skip" (the recommendation; refused
for critical decisions), your own answer, or a question ending with "?".

${COMMON}`,
  exec: `ralph exec "<goal>" [options]

Runs \`ralph plan\`, then offers \`ralph understand\` when the codebase map is missing or stale
or the planner was uncertain ("Run ralph understand now? [y/N]"), then asks "Start ralph run
now? [y/N]" showing the iteration caps. Every gate defaults to no.

  --understand auto|always|never        when to offer understand (default: planning.understand)
  --max-understand-iterations auto|N    understand runs (auto: unchecked Next Topics)
  --max-run-iterations auto|N           implement runs (auto: stories with passes=false)
  --non-interactive                     never prompt; gates answer "no" unless told:
  --answer TEXT                         pre-supplied planner answer (repeatable)
  --yes-prd                             approve the PRD
  --yes-understand                      run understand when it is offered
  --yes-run                             start the run
  --decision ID=ANSWER                  answer a research decision (see ralph plan)
  --reset-decisions                     ask the research decisions again
  --push                                push the branch after the run (see ralph run --push)

${COMMON}`,
  run: `ralph run [options]

Runs every spec under <ralph_home>/specs (path order; plans/, candidates/, done/ excluded):
plan → implement → verify per story, retrying with the verifier's feedback, re-planning on
PLAN_INVALIDATION, and writing done/<spec>.md when every story passes. Commits go to the
current branch (author: the Ralph bot identity, Co-authored-by: you). Nothing is pushed
unless --push. There are no approval gates in \`run\`.

  --specs DIR               only specs under DIR (inside <ralph_home>/specs), or one spec file
  --force SPEC              re-run SPEC (id or path) even if done: archive its plan, re-plan (repeatable)
  --dry-run                 show what would run; no agent runs, no writes
  --push                    push the current branch to origin with --force-with-lease afterwards
                            (only branches under branch_prefix, never the default branch)
  --max-run-iterations N    stop after N implement runs

${COMMON}`,
  fix: `ralph fix "<feedback>" [spec] [options]

A follow-up round on a done spec (the only done one when SPEC is not given): the planner, in
amend mode and read-only, turns the feedback into follow-up stories FU-1, FU-2, ... with
concrete acceptance criteria, appended to the PRD as a new revision (committed, the done
marker removed). Then they are implemented and verified like any story, the regression gate
re-verifies every story (the old ones included) and the done marker is written again. At most
limits.max_followups rounds per spec; the agent-run and cost limits hold as for ralph run.

  --push    push the current branch to origin with --force-with-lease afterwards (as ralph run)

${COMMON}`,
  status: `ralph status [options]

Prints each spec's state (not started / planned / plan invalidated / candidate / done), its
plan attempt and how many stories pass.

${COMMON}`,
  understand: `ralph understand [topic...] [options]

Refreshes the codebase map (<ralph_home>/codebase_map.md), one topic per agent run; the
topics given come first. The agent may write only the map: any other change is reverted and
the command fails naming the files.

  --max-understand-iterations auto|N    runs (auto: unchecked Next Topics of the map)

${COMMON}`,
  "check-agent": `ralph check-agent [--phase NAME] [--timeout-minutes N] [--keep] -- <command> [args...]

Runs the agent once per phase of the command agent protocol (plan, research, architect, critic,
understand, implement, verify, regression, amend), each in a fresh temporary repository with a canned
task, the way Ralph runs it: \`sh -c\`, the prompt on stdin, the RALPH_* environment. Prints one
line per phase: what Ralph accepted, or why it rejected the run. Exit 0 only when every phase
conforms.

  --phase NAME          try only this phase (repeatable)
  --timeout-minutes N   each run's timeout (default 10)
  --keep                keep the temporary repositories and run logs, and print where

The words after -- are the command; those that name a file or folder in the current directory
are made absolute (the agent runs in the temporary repository). One word with spaces is taken
as a shell command line, as agent_command is.`,
  init: `ralph init [--force] [-C DIR] [--config PATH]

Writes a commented .github/ralph.yml (every key at its default) and the example workflow
.github/workflows/ralph.yml. A file that already exists is kept and named (the other is still
written); --force overwrites both. With both present and no --force, nothing is written.`,
};

export function helpText(topic: CommandName = "help"): string {
  return TOPICS[topic];
}
