import { type CiCheck, type CiFailure, failureOf } from "../core/ci-verdict.js";
import type { GitHubContext } from "./client.js";
import { type JobLogOptions, readJobLogTail } from "./job-logs.js";

/** Job logs read per red verdict at most: the rest of the failing checks keep their own output. */
export const MAX_FAILURE_LOGS = 5;

/**
 * The failing checks as a follow-up's feedback (core/ci-verdict.ts CiFailure): a GitHub Actions
 * check with the end of its job log, any other check (or a job whose log is gone or unreadable)
 * with its own output or description. At most `maxLogs` logs are read.
 */
export async function readCiFailures(
  gh: GitHubContext,
  failing: readonly CiCheck[],
  options: JobLogOptions & { maxLogs?: number } = {},
): Promise<CiFailure[]> {
  const maxLogs = options.maxLogs ?? MAX_FAILURE_LOGS;
  const failures: CiFailure[] = [];
  let logs = 0;
  for (const check of failing) {
    let log: string | undefined;
    if (check.jobId !== null && logs < maxLogs) {
      logs += 1;
      try {
        log = (await readJobLogTail(gh, check.jobId, options)) ?? undefined;
      } catch (error) {
        gh.log.warn(`could not read the log of job ${check.jobId}: ${(error as Error).message}`);
      }
    }
    failures.push(failureOf(check, log));
  }
  return failures;
}
