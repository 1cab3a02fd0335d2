import type { RalphConfig } from "../core/config.js";
import { specPaths } from "../core/plan-meta.js";
import { type Prd, prdRevision, validatePrd } from "../core/prd.js";
import type { GitHubContext } from "./client.js";
import { getFileText } from "./config.js";

export interface PrdOnBranch {
  prd: Prd;
  planText: string;
  revision: string;
}

export class PrdFilesError extends Error {
  override readonly name = "PrdFilesError";
}

/**
 * Reads the strict PRD and the plan of a spec at a ref (a branch or a commit SHA) and computes
 * the revision an approval binds to (DESIGN §3.3). `specId` is the spec's file stem, e.g.
 * `issue-42-add-login`, whose files sit at `<ralph_home>/specs/plans/<specId>.prd.json` / `.md`.
 */
export async function readPrdAt(
  gh: GitHubContext,
  config: Pick<RalphConfig, "ralph_home">,
  specId: string,
  ref: string,
): Promise<PrdOnBranch> {
  const paths = specPaths(config.ralph_home, `${specId}.md`);
  const [prdText, planText] = await Promise.all([
    getFileText(gh, paths.prd, ref),
    getFileText(gh, paths.plan, ref),
  ]);
  if (prdText === null) throw new PrdFilesError(`${paths.prd} is missing at ${ref}`);
  if (planText === null) throw new PrdFilesError(`${paths.plan} is missing at ${ref}`);
  let raw: unknown;
  try {
    raw = JSON.parse(prdText);
  } catch (error) {
    throw new PrdFilesError(`${paths.prd} at ${ref} is not JSON: ${String(error)}`);
  }
  const checked = validatePrd(raw);
  if (!checked.ok) {
    throw new PrdFilesError(`${paths.prd} at ${ref} is invalid: ${checked.errors.join("; ")}`);
  }
  return { prd: checked.value, planText, revision: prdRevision(checked.value, planText) };
}
