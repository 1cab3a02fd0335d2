import { PushRefusedError } from "../git/repository.js";
import { CircuitBreaker, RunBudget } from "../pipeline/budget.js";
import { type FollowUpInput, followUpTarget, runFollowUp } from "../pipeline/follow-up-run.js";
import type { RunGuards } from "../pipeline/spec-runner.js";
import type { FixArgs } from "./args.js";
import { CliError, EXIT_FAILURE, EXIT_OK } from "./errors.js";
import type { CliIo } from "./io.js";
import { assertCanPush } from "./push-check.js";
import { backoffFromEnv, prepareCheckout } from "./run-command.js";
import { assertAgentInstalled, setup } from "./setup.js";

/**
 * `ralph fix "<feedback>" [spec]` (DESIGN §2.3, CLI parity): a follow-up round on a done spec,
 * on the current branch. Stops are StopErrors with a named reason (the entry prints them).
 */
export async function fixCommand(io: CliIo, args: FixArgs): Promise<number> {
  // The agent is asked for last, before anything is written: with no done spec (or the follow-up
  // limit reached) that is what the user must hear first, not which agent to install.
  const s = await setup(io, args, { checkAgent: false });
  const branch = await s.git.currentBranch().catch(() => {
    throw new CliError("HEAD is detached: check out a branch for Ralph's commits");
  });
  if (args.push) await assertCanPush(s.git, branch, s.config.branch_prefix);
  const guards: RunGuards = {
    budget: new RunBudget({
      maxAgentRuns: s.config.limits.max_agent_runs,
      maxCostUsd: s.config.limits.max_cost_usd,
    }),
    breaker: new CircuitBreaker(),
    backoff: backoffFromEnv(io.env),
    iterationsLeft: null,
  };
  const input: FollowUpInput = {
    feedback: args.feedback,
    by: s.base.coAuthors[0]?.name ?? null,
    ...(args.spec === undefined ? {} : { spec: args.spec }),
  };
  const target = await followUpTarget(s.base, input, guards);
  assertAgentInstalled(s.config, s.root, io.env);
  await prepareCheckout(s);
  const done = await runFollowUp(s.base, input, guards, target);
  io.out("");
  io.out(
    `${done.specId}: follow-up round ${done.round} done (${done.stories.join(", ")}); every story re-verified`,
  );
  io.out(`agent runs: ${guards.budget.runs}`);
  if (!args.push) return EXIT_OK;
  try {
    await s.git.pushWithLease("origin", branch);
    io.out(`pushed ${branch} to origin`);
    return EXIT_OK;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.err(`ralph: ${error instanceof PushRefusedError ? "" : "push failed: "}${message}`);
    return EXIT_FAILURE;
  }
}
