import { ConfigError, parseConfig, type RalphConfig } from "../core/config.js";
import type { GitHubContext } from "../github/client.js";
import { loadRepoConfig } from "../github/config.js";
import { type ActionInputs, configOverrides } from "./inputs.js";

/** What reading the config needs: the repository and the inputs that override it. */
export interface ConfigContext {
  gh: GitHubContext;
  inputs: ActionInputs;
}

/** `.github/ralph.yml` (or `config-path`) from the default branch, with the inputs' overrides. */
export async function loadConfig(ctx: ConfigContext): Promise<RalphConfig> {
  return withOverrides(ctx, await loadRepoConfig(ctx.gh));
}

function withOverrides(ctx: ConfigContext, base: RalphConfig): RalphConfig {
  const overrides = configOverrides(ctx.inputs);
  if (Object.keys(overrides).length === 0) return base;
  return parseConfig({ ...base, ...overrides }, `${ctx.inputs.configPath} with the action inputs`);
}

/**
 * Inputs that make the config invalid (`agent: command` without `agent-command`) fail the run
 * before anything is said on the issue. An invalid repository config is left to the reconcile,
 * which explains it on the issue once.
 */
export async function checkOverrides(ctx: ConfigContext): Promise<void> {
  let base: RalphConfig;
  try {
    base = await loadRepoConfig(ctx.gh);
  } catch (error) {
    if (error instanceof ConfigError) return;
    throw error;
  }
  withOverrides(ctx, base);
}
