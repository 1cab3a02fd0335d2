import { autoUnderstandCap, countNextTopics, understandTriggers } from "../core/codebase-map.js";
import { counted } from "../core/counted.js";
import { resolveCap } from "../core/iteration-caps.js";
import { homePaths } from "../core/plan-meta.js";
import { readText } from "../pipeline/spec-files.js";
import { runUnderstandStep, type UnderstandStepOutcome } from "../pipeline/understand-step.js";
import type { UnderstandArgs } from "./args.js";
import { CliError, EXIT_OK } from "./errors.js";
import type { CliIo } from "./io.js";
import { type CliSetup, setup } from "./setup.js";

/** Local date as `YYYY-MM-DD` (seed 003 compares local dates for staleness). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Seed 003 understand mode: up to `iterations` agent runs, one topic each, read-only except the
 * codebase map. A run that changes anything else is reverted and aborts with the offending paths.
 * Stops early when no unchecked Next Topics remain. The map is then committed as the Action commits
 * it (`ralph: codebase map`), so the checkout holds nothing of Ralph's uncommitted (issue 18); a
 * failed run leaves it uncommitted, for the user to look at.
 */
export async function runUnderstand(
  io: CliIo,
  s: CliSetup,
  opts: { iterations: number; focusTopics: readonly string[]; goal: string | null },
): Promise<void> {
  const mapPath = homePaths(s.config.ralph_home).codebaseMap;
  await understandRuns(io, s, opts, mapPath);
  const commit = await s.git.commitAll("ralph: codebase map", {
    author: s.base.botIdentity,
    coAuthors: s.base.coAuthors,
    paths: [mapPath],
  });
  if (commit !== null) io.out(`understand: committed ${mapPath} as ${commit.slice(0, 7)}`);
}

async function understandRuns(
  io: CliIo,
  s: CliSetup,
  opts: { iterations: number; focusTopics: readonly string[]; goal: string | null },
  mapPath: string,
): Promise<void> {
  for (let i = 1; i <= opts.iterations; i++) {
    io.out(`understand: iteration ${i}/${opts.iterations}`);
    const outcome = await runUnderstandStep(s.base, {
      today: localDate(io.clock.now()),
      maxTopics: 1,
      focusTopics: i === 1 ? opts.focusTopics : [],
      goal: opts.goal,
    });
    if (outcome.offending.length > 0) {
      throw new CliError(
        `understand changed files outside ${mapPath} (reverted): ${outcome.offending.join(", ")}`,
      );
    }
    const failure = failureMessage(i, outcome);
    if (failure !== null) throw new CliError(failure);
    const map = await readText(s.base, mapPath);
    if (map !== null && countNextTopics(map) === 0) {
      io.out("understand: no unchecked topics left");
      return;
    }
  }
}

/** The messages `ralph understand` always gave, from the step's outcome. */
function failureMessage(i: number, { result, run }: UnderstandStepOutcome): string | null {
  const log = run === null ? "" : ` (log: ${run.logFile})`;
  switch (result.kind) {
    case "understood":
      return null;
    case "timeout":
      return `understand run ${i} timed out${log}`;
    case "usage_limit":
      return `understand run ${i} hit its usage limit${log}`;
    case "crash":
      return run !== null && run.exitCode !== 0 && !run.aborted
        ? `understand run ${i} exited with code ${run.exitCode}${log}`
        : `understand run ${i} failed: ${result.message}`;
    case "invalid_output":
      return `understand run ${i} failed: ${result.errors.join("; ")}`;
  }
}

/**
 * `ralph understand [topics...]`: refreshes the codebase map on its own (seed 003 understand
 * mode), with the same cap rules as `ralph exec`'s understand gate. It may write only the map.
 */
export async function understandCommand(io: CliIo, args: UnderstandArgs): Promise<number> {
  const s = await setup(io, args);
  const mapPath = homePaths(s.config.ralph_home).codebaseMap;
  const map = await readText(s.base, mapPath);
  const triggers = understandTriggers({
    map,
    today: localDate(io.clock.now()),
    uncertainties: [],
    recommendUnderstand: null,
  });
  for (const reason of triggers.reasons) io.out(`understand: ${reason}`);
  const cap = resolveCap(args.maxUnderstandIterations, autoUnderstandCap(map));
  if (cap.value === 0) {
    io.out("understand: no remaining topics in the codebase map; nothing to do");
    return EXIT_OK;
  }
  io.out(`understand: up to ${counted(cap.value, "iteration")} (${cap.explanation})`);
  await runUnderstand(io, s, { iterations: cap.value, focusTopics: args.focus, goal: null });
  io.out(`understand: ${mapPath} updated`);
  return EXIT_OK;
}
