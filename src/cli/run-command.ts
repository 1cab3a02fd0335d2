import { relative, resolve, sep } from "node:path";
import { homePaths } from "../core/plan-meta.js";
import { isPathAllowed } from "../git/paths.js";
import { PushRefusedError } from "../git/repository.js";
import { runSpecLoop, type SpecLoopResult, specsToRun } from "../pipeline/spec-loop.js";
import type { RunArgs } from "./args.js";
import { CliError, EXIT_FAILURE, EXIT_OK } from "./errors.js";
import type { CliIo } from "./io.js";
import { legacyPlanState } from "./plan-state.js";
import { assertCanPush } from "./push-check.js";
import { assertAgentInstalled, type CliSetup, setup } from "./setup.js";

/** Test and CI knob: the first retry's backoff in ms (doubles per retry, capped at 60 s). */
export function backoffFromEnv(env: NodeJS.ProcessEnv): { baseMs: number; maxMs: number } {
  const raw = env.RALPH_BACKOFF_BASE_MS;
  const base = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : 2_000;
  return { baseMs: base, maxMs: Math.max(base, 60_000) };
}

/**
 * Before the loop: the checkout may hold uncommitted changes only under ralph_home (specs, plans
 * written by `ralph plan`); those are committed first so story commits contain only the story.
 * Anything else would be swept into Ralph's commits, so the run refuses.
 */
export async function prepareCheckout(s: CliSetup): Promise<void> {
  const h = homePaths(s.config.ralph_home);
  const home = `${h.home}/`;
  // Local state, never committed: candidates (the runner's resume state, seed 000), `ralph
  // plan`'s files in local/ and its plan_state.json where it was before (it records the absolute
  // path of this checkout).
  const candidates = `${h.candidatesDir}/`;
  const localState = [candidates, `${h.localDir}/`, legacyPlanState(h.home)];
  const changes = (await s.git.workingTreeChanges()).filter((p) => !isPathAllowed(p, localState));
  const outside = changes.filter((p) => !isPathAllowed(p, [home]));
  if (outside.length > 0) {
    const shown = outside.slice(0, 10).join(", ") + (outside.length > 10 ? ", …" : "");
    throw new CliError(
      `the working tree has uncommitted changes outside ${home}: ${shown}. Commit or stash them first: Ralph commits its work to the current branch.`,
    );
  }
  if (changes.length > 0) {
    await s.git.commitAll("ralph: record specs and plans", {
      author: s.base.botIdentity,
      coAuthors: s.base.coAuthors,
      paths: [home],
      exclude: localState,
    });
  }
}

export async function runLoopCommand(
  io: CliIo,
  s: CliSetup,
  args: Pick<RunArgs, "specs" | "force" | "dryRun" | "push" | "maxRunIterations">,
): Promise<number> {
  const branch = await s.git.currentBranch().catch(() => {
    throw new CliError("HEAD is detached: check out a branch for Ralph's commits");
  });
  if (args.push && !args.dryRun) {
    await assertCanPush(s.git, branch, s.config.branch_prefix);
  }
  if (!args.dryRun) await prepareCheckout(s);
  const result = await runSpecLoop(s.base, {
    ...(args.specs !== undefined ? { specsDir: args.specs } : {}),
    force: args.force,
    dryRun: args.dryRun,
    maxIterations: args.maxRunIterations,
    backoff: backoffFromEnv(io.env),
  });
  if (result.specs.length === 0) throw noSpecs(s, args.specs);
  printSummary(io, result);
  let code = args.dryRun || result.ok ? EXIT_OK : EXIT_FAILURE;
  if (args.push && !args.dryRun) {
    try {
      await s.git.pushWithLease("origin", branch);
      io.out(`pushed ${branch} to origin`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      io.err(`ralph: ${error instanceof PushRefusedError ? "" : "push failed: "}${message}`);
      code = EXIT_FAILURE;
    }
  }
  return code;
}

function noSpecs(s: CliSetup, under: string | undefined): CliError {
  const where = `${under ?? homePaths(s.config.ralph_home).specsDir}/`;
  return new CliError(
    `no specs found under ${where}: write one there (a Markdown file: the goal and its acceptance criteria), or create one with ralph plan "<goal>"`,
  );
}

function printSummary(io: CliIo, result: SpecLoopResult): void {
  io.out("");
  io.out("summary:");
  for (const spec of result.specs) {
    const reason = spec.reason ? ` [${spec.reason}]` : "";
    io.out(`  ${spec.rel}: ${spec.status}${reason} - ${spec.message}`);
  }
  io.out(
    `agent runs: ${result.agentRuns}${result.costUsd > 0 ? `, cost $${result.costUsd.toFixed(2)}` : ""}`,
  );
  if (result.stop) io.out(`stopped: ${result.stop.reason}: ${result.stop.message}`);
}

export async function runCommand(io: CliIo, args: RunArgs): Promise<number> {
  // The agent is asked for after the specs: with none to run (or a `--force` typo) that is what
  // the user must hear first, not which agent to install.
  const s = await setup(io, args, { checkAgent: false });
  // --specs is typed relative to where the user stands; the loop wants it repo-relative.
  const specs =
    args.specs === undefined
      ? undefined
      : relative(s.root, resolve(io.cwd, args.cwd ?? ".", args.specs))
          .split(sep)
          .join("/");
  const toRun = await specsToRun(s.root, s.config.ralph_home, {
    specsDir: specs,
    force: args.force,
  });
  if (toRun.length === 0) throw noSpecs(s, specs);
  if (!args.dryRun) assertAgentInstalled(s.config, s.root, io.env);
  return runLoopCommand(io, s, { ...args, ...(specs !== undefined ? { specs } : {}) });
}
