/**
 * Probot for tests that run the App in process: one RSA key per test run, retry and
 * throttling off, logs silent. Used by the App harness and by the bundled-entry acceptance test.
 */
import { Probot, ProbotOctokit } from "probot";
import { inject } from "vitest";

export const TEST_APP_ID = 123;

/** The run's RSA key for the App (made once per run: test/support/test-key.ts). */
export function testPrivateKey(): string {
  return inject("testPrivateKey");
}

/**
 * FIELD-NOTES' `ProbotOctokit.defaults({ throttle: { enabled: false } })` does not survive in
 * Probot 14.3: Probot's own defaults layer passes a `throttle` object without `enabled`, which
 * replaces ours wholesale, and every write then waits 1-3 s in the throttling queue. A function
 * default sees the final options and can force both plugins off.
 */
export const UnthrottledOctokit = ProbotOctokit.defaults((options: Record<string, unknown>) => ({
  ...options,
  retry: { enabled: false },
  throttle: { ...(options.throttle as object | undefined), enabled: false },
})) as typeof ProbotOctokit;

/** A Probot that answers webhooks through `receive()` and calls GitHub at api.github.com. */
export function testProbot(): Probot {
  return new Probot({
    appId: TEST_APP_ID,
    privateKey: testPrivateKey(),
    logLevel: "fatal",
    Octokit: UnthrottledOctokit,
  });
}
