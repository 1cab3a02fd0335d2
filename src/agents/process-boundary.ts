import type { RunAs } from "./process-tree.js";

/**
 * Where the processes Ralph starts on the agent's behalf run (the agent itself and the
 * `verify.checks`, which run code the agent wrote): as Ralph's own user, or inside the agent's
 * boundary (DESIGN §7 rule 9).
 */
export interface ProcessBoundary {
  /** The agent's own account; undefined: Ralph's user. */
  readonly runAs: RunAs | undefined;
  /** The environment a process inside gets, from the one it would get as Ralph's user. */
  environment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** Opens `workspace` to the agent's account for `run`, and takes it back after, also on failure. */
  around<T>(workspace: string, run: () => Promise<T>): Promise<T>;
}

/** The CLI's boundary, and the Action's without isolation: the agent is Ralph's user. */
export const SAME_USER: ProcessBoundary = {
  runAs: undefined,
  environment: (env) => env,
  around: (_workspace, run) => run(),
};
