import { commandHelpRows } from "./command-table.js";

/** The command table of DESIGN §3.1, as Ralph replies it to `/ralph help` and unknown commands. */
export const HELP_TEXT = `**Ralph commands** (one per line, in a new comment; only users with write access can run them, \`help\` and \`status\` work for everyone who can read):

| command | effect |
|---|---|
${commandHelpRows().join("\n")}

You can also approve with a 👍 reaction on the PRD comment or an approving review on Ralph's pull request.`;
