import { join } from "node:path";
import { buildUnderstandPrompt } from "../agents/prompts/understand.js";
import { runWithUsageLimitRetry } from "../agents/usage-limit.js";
import { countNextTopics } from "../core/codebase-map.js";
import { homePaths } from "../core/plan-meta.js";
import { readText } from "../pipeline/spec-files.js";
import { CliError } from "./errors.js";
import type { CliIo } from "./io.js";
import type { CliSetup } from "./setup.js";

/** Local date as `YYYY-MM-DD` (seed 003 compares local dates for staleness). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Seed 003 understand mode: up to `iterations` agent runs, one topic each, read-only except the
 * codebase map. A run that changes anything else is reverted and aborts with the offending paths.
 * Stops early when no unchecked Next Topics remain.
 */
export async function runUnderstand(
  io: CliIo,
  s: CliSetup,
  opts: { iterations: number; focusTopics: readonly string[]; goal: string | null },
): Promise<void> {
  const h = homePaths(s.config.ralph_home);
  const mapPath = h.codebaseMap;
  for (let i = 1; i <= opts.iterations; i++) {
    const existingMap = await readText(s.base, mapPath);
    const prompt = buildUnderstandPrompt({
      paths: {
        workspace: s.root,
        ralphHome: h.home,
        specFile: "",
        planFile: "",
        prdFile: "",
        codebaseMap: mapPath,
        progressFile: h.progress,
      },
      today: localDate(io.clock.now()),
      existingMap,
      maxTopics: 1,
      focusTopics: i === 1 ? opts.focusTopics : [],
      goal: opts.goal,
    });
    const baseSha = await s.git.headSha();
    const branch = await s.git.currentBranch();
    const baseline = await s.git.snapshotWorkingTree();
    io.out(`understand: iteration ${i}/${opts.iterations}`);
    const result = await runWithUsageLimitRetry(
      s.base.agent,
      {
        role: "understand",
        prompt,
        workspace: s.root,
        env: { RALPH_CODEBASE_MAP: join(s.root, mapPath) },
        timeoutMs: Math.round(s.config.limits.phase_timeout_minutes * 60_000),
        logDir: join(s.base.logRoot, "understand"),
        ...(s.base.redact ? { redact: s.base.redact } : {}),
      },
      { clock: io.clock },
    );
    const guard = await s.git.enforceReadOnly([mapPath], { baseSha, branch, baseline });
    const offending = [...guard.violations, ...guard.hiddenChanges];
    if (offending.length > 0) {
      throw new CliError(
        `understand changed files outside ${mapPath} (reverted): ${offending.join(", ")}`,
      );
    }
    if (result.timedOut || result.exitCode !== 0 || result.usageLimit) {
      const why = result.timedOut
        ? "timed out"
        : result.usageLimit
          ? "hit its usage limit"
          : `exited with code ${result.exitCode}`;
      throw new CliError(`understand run ${i} ${why} (log: ${result.logFile})`);
    }
    const map = await readText(s.base, mapPath);
    if (map !== null && countNextTopics(map) === 0) {
      io.out("understand: no unchecked topics left");
      return;
    }
  }
}
