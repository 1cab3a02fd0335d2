#!/bin/sh
# A Ralph `command` agent around Gemini CLI (https://github.com/google-gemini/gemini-cli), a CLI
# that reads its prompt from stdin: Ralph's prompt goes in on stdin, the model's final answer
# comes back on stdout. The prompt itself says what each phase must write and reply, so this
# wrapper only picks the tool permissions per phase and strips the CLI's own output.
#
#   .github/ralph.yml:  agent: command
#                       agent_command: sh examples/agents/gemini-agent.sh
#
# UNTESTED against the real CLI: Ralph's tests cannot reach a model, and Gemini CLI's flags
# change between releases (check `gemini --help`). Before using it on an issue, run
#   ralph check-agent -- sh examples/agents/gemini-agent.sh
# (it spends tokens: one model run per phase). Needs `gemini` on PATH and signed in (for example
# GEMINI_API_KEY in the environment), and `node`, which Ralph needs anyway. GEMINI_MODEL picks
# the model.
set -eu

# What the phase may do. Ralph reverts any change a phase may not make and fails the run, so
# this only spares the model tool calls that would be refused: the implementer edits files and
# runs commands, the verifier runs the project's checks, the planner and understand write their
# one file (the plan, the codebase map), the others only read.
case "${RALPH_PHASE:-}" in
  implement | verify) approval=yolo ;;
  plan | understand) approval=auto_edit ;;
  *) approval=default ;;
esac

# Headless mode (stdin is not a terminal) with JSON output: the final answer is its `response`
# field, without the tool chatter that would otherwise come before it on stdout.
if ! out=$(gemini --output-format json --approval-mode "$approval" ${GEMINI_MODEL:+--model "$GEMINI_MODEL"}); then
  printf '%s\n' "$out" >&2
  exit 1
fi

# The answer is the agent's final message; a reported error is a failed run (non-zero exit).
printf '%s' "$out" | node -e '
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  const reply = JSON.parse(text);
  if (reply.error) {
    process.stderr.write(`gemini: ${reply.error.message ?? JSON.stringify(reply.error)}\n`);
    process.exit(1);
  }
  process.stdout.write(String(reply.response ?? ""));
});
'
