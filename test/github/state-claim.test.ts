/**
 * The claim primitive on its own (src/github/state-claim.ts): what a claim request sends and how
 * each answer reads (taken, unavailable, a server error, a hold that ran out), the commit a claim
 * points at (looked up once per repository, again after a failure or a force-push), releases, the
 * timing a replica waits by, and the poll that waits out a claim's holder.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GitHubContext } from "../../src/github/client.js";
import {
  awaitClaimHolder,
  CLAIM_GRACE_MS,
  CLAIM_HOLD_MS,
  ClaimHoldExpiredError,
  claim,
  claimRef,
  claimTiming,
  errorMessage,
  firstClaimRef,
  isReleased,
  releaseClaim,
  releasedRef,
  resetClaimTargetCache,
} from "../../src/github/state-claim.js";
import { manualClock, recordingLog, withFake } from "./helpers.js";

const POST_REF = "POST /repos/{owner}/{repo}/git/refs";
const GET_REF = "GET /repos/{owner}/{repo}/git/ref/{ref}";
const REF = claimRef(42, 7, 4);

beforeEach(() => resetClaimTargetCache());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

/** The fake behind nock, with a log the test reads. */
function world() {
  const { fake, gh: plain } = withFake();
  const log = recordingLog();
  return { fake, log, gh: { ...plain, log } };
}

/** A context whose every request fails with `error`: answers the fake cannot give. */
function failingWith(error: unknown) {
  const log = recordingLog();
  const client = {
    request: async () => {
      throw error;
    },
  } as unknown as GitHubContext["client"];
  const gh: GitHubContext = { ...world().gh, client, claimSha: "b".repeat(40), log };
  return { gh, log };
}

describe("claim names", () => {
  it("the first status comment's claim counts the orphans moved past in its name", () => {
    const base = "refs/ralph/claims/issue-42/new-after-900";
    expect(firstClaimRef(42, 900)).toBe(base);
    expect(firstClaimRef(42, 900, 0)).toBe(base);
    expect(firstClaimRef(42, 900, 2)).toBe(`${base}-skip-2`);
    expect(releasedRef(REF)).toBe(`${REF}-released`);
  });
});

describe("claim: one atomic ref creation", () => {
  it("creates the ref at the default branch's commit, looked up once per repository", async () => {
    const { fake, gh } = world();
    expect(await claim(gh, REF)).toBe("claimed");
    expect(await claim(gh, claimRef(42, 7, 5))).toBe("claimed");
    expect(fake.count(GET_REF)).toBe(1);
    expect(fake.refs.get(REF)).toBe("a".repeat(40));
    // Forgetting the lookups (a test between repositories) looks up again.
    resetClaimTargetCache();
    expect(await claim(gh, claimRef(42, 7, 6))).toBe("claimed");
    expect(fake.count(GET_REF)).toBe(2);
  });

  it("each repository's claims point at a commit of its own", async () => {
    const created: string[] = [];
    const client = {
      request: async (route: string, params: { repo: string; sha?: string; ref?: string }) => {
        if (route === "GET /repos/{owner}/{repo}") return { data: { default_branch: "main" } };
        if (route === GET_REF) return { data: { object: { sha: `sha-of-${params.repo}` } } };
        created.push(`${params.repo} ${params.ref} ${params.sha}`);
        return { data: {} };
      },
    } as unknown as GitHubContext["client"];
    const gh = { ...world().gh, client };
    expect(await claim(gh, REF)).toBe("claimed");
    expect(await claim({ ...gh, repo: "other" }, REF)).toBe("claimed");
    expect(await claim(gh, claimRef(42, 7, 5))).toBe("claimed");
    expect(created).toEqual([
      `${gh.repo} ${REF} sha-of-${gh.repo}`,
      `other ${REF} sha-of-other`,
      `${gh.repo} ${claimRef(42, 7, 5)} sha-of-${gh.repo}`,
    ]);
  });

  it("a context that names the commit costs no lookup", async () => {
    const { fake, gh } = world();
    expect(await claim({ ...gh, claimSha: "c".repeat(40) }, REF)).toBe("claimed");
    expect(fake.count(GET_REF)).toBe(0);
    expect(fake.refs.get(REF)).toBe("c".repeat(40));
  });

  it("the ref already there is taken; nothing is logged", async () => {
    const { fake, gh, log } = world();
    fake.refs.set(REF, "d".repeat(40));
    expect(await claim(gh, REF)).toBe("taken");
    expect(log.warnings).toEqual([]);
  });

  it("a failed lookup is unavailable, and is not remembered: the next claim looks up again", async () => {
    const { fake, gh, log } = world();
    fake.inject({ route: GET_REF, status: 404, times: 1 });
    expect(await claim(gh, REF)).toBe("unavailable");
    expect(fake.count(POST_REF)).toBe(0);
    expect(log.warnings).toEqual([
      `state claims unavailable (no commit to point ${REF} at): Injected fault 404`,
    ]);
    expect(await claim(gh, REF)).toBe("claimed");
    expect(fake.count(GET_REF)).toBe(2);
  });

  it("a 422 naming a missing commit (a force-push) looks the commit up again next time", async () => {
    const { fake, gh, log } = world();
    expect(await claim(gh, claimRef(42, 7, 3))).toBe("claimed");
    const gone = { message: "Object does not exist" };
    fake.inject({ route: POST_REF, status: 422, body: gone, times: 1 });
    expect(await claim(gh, REF)).toBe("unavailable");
    expect(log.warnings).toEqual([`state claims unavailable (${REF}: 422 Object does not exist)`]);
    expect(await claim(gh, REF)).toBe("claimed");
    expect(fake.count(GET_REF)).toBe(2);
  });

  it("another 422 or a 403 keeps the commit it has; only a 422 saying 'already exists' is taken", async () => {
    const { fake, gh, log } = world();
    expect(await claim(gh, claimRef(42, 7, 3))).toBe("claimed");
    fake.inject({ route: POST_REF, status: 422, times: 1 });
    expect(await claim(gh, REF)).toBe("unavailable");
    fake.inject({ route: POST_REF, status: 403, body: { message: "already exists" }, times: 1 });
    expect(await claim(gh, REF)).toBe("unavailable");
    // Only a 422 says the commit is gone, whatever another refusal's text names.
    fake.inject({ route: POST_REF, status: 403, body: { message: "not a valid sha" }, times: 1 });
    expect(await claim(gh, REF)).toBe("unavailable");
    expect(log.warnings).toEqual([
      `state claims unavailable (${REF}: 422 Validation Failed)`,
      `state claims unavailable (${REF}: 403 already exists)`,
      `state claims unavailable (${REF}: 403 not a valid sha)`,
    ]);
    expect(await claim(gh, REF)).toBe("claimed");
    expect(fake.count(GET_REF)).toBe(1);
  });

  it("a server error (500 and up) is thrown for the caller's retry, not read as unavailable", async () => {
    const { fake, gh, log } = world();
    fake.inject({ route: POST_REF, status: 500, times: 1 });
    await expect(claim(gh, REF)).rejects.toMatchObject({ status: 500 });
    fake.inject({ route: POST_REF, status: 503, times: 1 });
    await expect(claim(gh, REF)).rejects.toMatchObject({ status: 503 });
    expect(log.warnings).toEqual([]);
    expect(fake.refs.has(REF)).toBe(false);
  });

  it("an error with no status (the network) is unavailable, logged with '?'", async () => {
    const { gh, log } = failingWith(new Error("socket hang up"));
    expect(await claim(gh, REF)).toBe("unavailable");
    expect(log.warnings).toEqual([`state claims unavailable (${REF}: ? socket hang up)`]);
  });
});

describe("claim: within the hold of the read it follows", () => {
  it("a hold that has run out (or ends now) sends nothing", async () => {
    const { fake, gh } = world();
    await expect(claim(gh, REF, 1_000, () => 1_000)).rejects.toThrow(
      new ClaimHoldExpiredError(`${REF}: the read it follows is too old to claim on`),
    );
    await expect(claim(gh, REF, 1_000, () => 1_500)).rejects.toBeInstanceOf(ClaimHoldExpiredError);
    expect(fake.count(POST_REF)).toBe(0);
    // Time left: the claim is asked for.
    const now = Date.now();
    expect(await claim(gh, REF, now + 60_000, () => now)).toBe("claimed");
  });

  it("a request still unanswered when the hold ends is aborted: the hold expired, not unavailable", async () => {
    const { fake, gh, log } = world();
    // Answered after a second: long after the hold, short of the test's own timeout.
    fake.inject({ route: POST_REF, latencyMs: 1_000, times: 1 });
    const now = Date.now();
    const asked = claim(gh, REF, now + 30, () => now);
    await expect(asked).rejects.toThrow(
      new ClaimHoldExpiredError(`${REF}: not claimed within the hold of its read`),
    );
    expect(log.warnings).toEqual([]);
  });

  it.each([
    ["an AbortError", { name: "AbortError" }],
    ["a TimeoutError", { name: "TimeoutError" }],
    ["an error caused by an abort", { name: "HttpError", cause: { name: "AbortError" } }],
    ["an error caused by a timeout", { name: "HttpError", cause: { name: "TimeoutError" } }],
  ])("%s is a hold that expired", async (_, error) => {
    const { gh, log } = failingWith(error);
    await expect(claim(gh, REF)).rejects.toBeInstanceOf(ClaimHoldExpiredError);
    expect(log.warnings).toEqual([]);
  });

  it("an error caused by something else is no abort", async () => {
    const { gh } = failingWith({ name: "HttpError", status: 403, cause: { name: "Other" } });
    expect(await claim(gh, REF)).toBe("unavailable");
  });

  it("the expired hold has a name of its own in logs", () => {
    expect(new ClaimHoldExpiredError("x").name).toBe("ClaimHoldExpiredError");
  });
});

describe("errorMessage", () => {
  it("GitHub's message first, then the error's, then the value itself", () => {
    const http = Object.assign(new Error("HttpError"), {
      response: { data: { message: "Reference already exists" } },
    });
    expect(errorMessage(http)).toBe("Reference already exists");
    const noMessage = Object.assign(new Error("plain"), { response: { data: { message: 3 } } });
    expect(errorMessage(noMessage)).toBe("plain");
    expect(errorMessage(Object.assign(new Error("no data"), { response: {} }))).toBe("no data");
    expect(errorMessage(new Error("no response"))).toBe("no response");
    expect(errorMessage("a string")).toBe("a string");
  });
});

describe("releases", () => {
  it("a release creates the -released ref and says why; isReleased reads it", async () => {
    const { fake, gh, log } = world();
    expect(await isReleased(gh, REF)).toBe(false);
    await releaseClaim(gh, REF, "422 from GitHub");
    expect(fake.refs.get(releasedRef(REF))).toBe("a".repeat(40));
    expect(log.infos).toEqual([
      `${REF} released: its save failed (422 from GitHub); the next writer need not wait for it`,
    ]);
    expect(await isReleased(gh, REF)).toBe(true);
    const asked = fake.requestsMatching("GET", /\/git\/ref\//).map((r) => r.path);
    expect(asked.at(-1)).toBe(`/repos/Codertocat/Hello-World/git/ref/${releasedRef(REF).slice(5)}`);
  });

  it("a release that fails is logged, never thrown", async () => {
    const { fake, gh, log } = world();
    fake.inject({ route: POST_REF, status: 403, times: 1 });
    await releaseClaim(gh, REF, "why");
    expect(log.warnings).toEqual([
      `could not release ${REF} after a failed save: Injected fault 403`,
    ]);
    expect(log.infos).toEqual([]);
  });
});

describe("claimTiming", () => {
  it("defaults: the grace and hold constants, a tenth of the grace between looks", () => {
    const { gh } = world();
    const timing = claimTiming(gh);
    expect(timing).toMatchObject({ graceMs: CLAIM_GRACE_MS, holdMs: CLAIM_HOLD_MS });
    expect(timing.pollMs).toBe(CLAIM_GRACE_MS / 10);
    // Never closer than 10 ms, however short the grace.
    expect(claimTiming({ ...gh, claimTiming: { graceMs: 50 } }).pollMs).toBe(10);
  });

  it("RALPH_CLAIM_GRACE_SECONDS and RALPH_CLAIM_HOLD_SECONDS set them; an injected timing wins", () => {
    const { gh } = world();
    vi.stubEnv("RALPH_CLAIM_GRACE_SECONDS", "3");
    vi.stubEnv("RALPH_CLAIM_HOLD_SECONDS", "2");
    expect(claimTiming(gh)).toMatchObject({ graceMs: 3_000, pollMs: 300, holdMs: 2_000 });
    const injected = { graceMs: 800, pollMs: 40, holdMs: 90 };
    expect(claimTiming({ ...gh, claimTiming: injected })).toMatchObject(injected);
  });

  it.each(["0", "-5", "abc", "Infinity", ""])(
    "a setting of %j is ignored: the constants hold",
    (value) => {
      const { gh } = world();
      vi.stubEnv("RALPH_CLAIM_GRACE_SECONDS", value);
      vi.stubEnv("RALPH_CLAIM_HOLD_SECONDS", value);
      expect(claimTiming(gh)).toMatchObject({ graceMs: CLAIM_GRACE_MS, holdMs: CLAIM_HOLD_MS });
    },
  );

  it("the clock and sleep default to the real ones", async () => {
    vi.useFakeTimers({ now: 5_000 });
    const timing = claimTiming(world().gh);
    expect(timing.now()).toBe(5_000);
    let slept = false;
    const sleeping = timing.sleep(1_000).then(() => (slept = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(slept).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(slept).toBe(true);
  });
});

describe("awaitClaimHolder", () => {
  const timing = (graceMs: number, pollMs: number) => {
    const { clock, timing: t } = manualClock(graceMs);
    return { clock, timing: { ...t, pollMs, holdMs: CLAIM_HOLD_MS } };
  };

  it("moved or released at the first look: no wait", async () => {
    const { clock, timing: t } = timing(10_000, 2_000);
    expect(await awaitClaimHolder(t, async () => true)).toBe("moved");
    expect(
      await awaitClaimHolder(
        t,
        async () => false,
        async () => true,
      ),
    ).toBe("released");
    expect(clock.sleeps).toEqual([]);
  });

  it("looks soon, then less and less often up to the poll, and never past the grace", async () => {
    const { clock, timing: t } = timing(10_000, 2_000);
    expect(await awaitClaimHolder(t, async () => false)).toBe("orphaned");
    expect(clock.sleeps).toEqual([200, 400, 800, 1_600, 2_000, 2_000, 2_000, 1_000]);
    expect(clock.t).toBe(10_000);
  });

  it("a poll shorter than the first look is the first look", async () => {
    const { clock, timing: t } = timing(300, 100);
    expect(await awaitClaimHolder(t, async () => false)).toBe("orphaned");
    expect(clock.sleeps).toEqual([100, 100, 100]);
  });

  it("a holder that saves while it waits is seen at the next look", async () => {
    const { clock, timing: t } = timing(10_000, 2_000);
    let looks = 0;
    const released = async () => ++looks === 3;
    expect(await awaitClaimHolder(t, async () => false, released)).toBe("released");
    expect(clock.sleeps).toEqual([200, 400]);
  });
});
