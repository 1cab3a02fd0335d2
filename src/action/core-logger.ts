import type { Logger } from "../github/client.js";
import { Runner } from "./workflow-commands.js";

/** The runner protocols (outputs, summary, masking, annotations), on process.env and stdout. */
export const core = new Runner();

/** The Action's log: the runner's own log lines, warnings and errors as annotations. */
export const coreLogger: Logger = {
  info: (m) => core.info(m),
  warn: (m) => core.warning(m),
  error: (m) => core.error(m),
  debug: (m) => core.debug(m),
};
