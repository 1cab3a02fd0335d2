import {
  autoUnderstandCap,
  shouldPromptUnderstand,
  understandTriggers,
} from "../core/codebase-map.js";
import { counted } from "../core/counted.js";
import { autoRunCap, resolveCap } from "../core/iteration-caps.js";
import { homePaths } from "../core/plan-meta.js";
import { readText } from "../pipeline/spec-files.js";
import type { ExecArgs, PlanArgs } from "./args.js";
import { EXIT_OK } from "./errors.js";
import { type CliIo, confirm } from "./io.js";
import { planFlow } from "./plan-flow.js";
import { runLoopCommand } from "./run-command.js";
import { setup } from "./setup.js";
import { localDate, runUnderstand } from "./understand.js";

export async function planCommand(io: CliIo, args: PlanArgs): Promise<number> {
  const s = await setup(io, args);
  const result = await planFlow(io, s, args);
  if (result.approved) io.out("next: ralph run   (or ralph status)");
  return EXIT_OK;
}

/** Yes only when the user says so: on the terminal, or with the explicit `--yes-*` flag. */
async function gate(io: CliIo, args: ExecArgs, question: string, flag: boolean): Promise<boolean> {
  if (args.nonInteractive) {
    io.out(`${question} [y/N] ${flag ? "yes (flag)" : "no (non-interactive)"}`);
    return flag;
  }
  return confirm(io, question);
}

/**
 * Seed 003 exec: plan (hard stop unless approved) → understand gate → run gate. Every gate
 * defaults to no; `--non-interactive` answers no unless `--yes-understand` / `--yes-run`.
 */
export async function execCommand(io: CliIo, args: ExecArgs): Promise<number> {
  const s = await setup(io, args);
  const planned = await planFlow(io, s, args);
  if (!planned.approved || planned.prd === null) {
    io.out("PRD not approved: stopping before understand and run");
    return EXIT_OK;
  }

  const mode = args.understand ?? s.config.planning.understand;
  const mapPath = homePaths(s.config.ralph_home).codebaseMap;
  const map = await readText(s.base, mapPath);
  const triggers = understandTriggers({
    map,
    today: localDate(io.clock.now()),
    uncertainties: planned.state.uncertainties,
    recommendUnderstand: planned.state.recommendUnderstand,
  });
  if (shouldPromptUnderstand(mode, triggers)) {
    const cap = resolveCap(args.maxUnderstandIterations, autoUnderstandCap(map));
    if (cap.value === 0) {
      io.out("understand: no remaining topics in the codebase map; skipping");
    } else {
      io.out("");
      io.out("Understand is recommended:");
      for (const reason of triggers.reasons.length > 0
        ? triggers.reasons
        : ["--understand always"]) {
        io.out(`  - ${reason}`);
      }
      io.out(`It will run up to ${counted(cap.value, "iteration")} (${cap.explanation}).`);
      if (await gate(io, args, "Run ralph understand now?", args.yesUnderstand)) {
        await runUnderstand(io, s, {
          iterations: cap.value,
          focusTopics: triggers.topics,
          goal: args.goal,
        });
      }
    }
  }

  const runCap = resolveCap(args.maxRunIterations, autoRunCap(planned.prd));
  if (autoRunCap(planned.prd).count === 0) {
    io.out("all stories already pass: nothing to run");
    return EXIT_OK;
  }
  io.out("");
  io.out(
    `ralph run will do up to ${counted(runCap.value, "implement iteration")} (${runCap.explanation}).`,
  );
  if (!(await gate(io, args, "Start ralph run now?", args.yesRun))) {
    io.out("not running. Next: ralph run   (ralph status shows where each spec stands)");
    return EXIT_OK;
  }
  return runLoopCommand(io, s, {
    force: [],
    dryRun: false,
    push: args.push,
    maxRunIterations: runCap.value,
  });
}
