/** The command table of DESIGN §3.1, as Ralph replies it to `/ralph help` and unknown commands. */
export const HELP_TEXT = `**Ralph commands** (one per line, in a new comment; only users with write access can run them, \`help\` and \`status\` work for everyone who can read):

| command | effect |
|---|---|
| \`/ralph plan [notes]\` | start or restart planning (notes go to the planner) |
| \`/approve [spec-id]\`, \`/ralph approve\` | approve the current PRD revision |
| \`/ralph revise <feedback>\` | back to the planner with feedback (alias \`/reject\`) |
| \`/ralph skip\` | answer open questions with "use your best judgment" |
| \`/ralph run\` | pass the run gate, or resume after stop / failure (resets the circuit breaker) |
| \`/ralph stop\` | stop after the current agent step; cancel queued work |
| \`/ralph replan <reason>\` | invalidate the active plan by hand |
| \`/ralph understand\` | refresh the codebase map |
| \`/ralph status\` | re-render the status comment |
| \`/ralph help\` | list commands |

You can also approve with a 👍 reaction on the PRD comment or an approving review on Ralph's pull request.`;
