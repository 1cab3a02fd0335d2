/**
 * The sweeps' look at a moving base (src/reconcile/conflict-sweep.ts, DESIGN §2.3): one listing
 * of the open pull requests picks Ralph's, and each of those is read once for its mergeability;
 * only a conflicting one comes back. On the fake GitHub.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  conflictingPulls,
  openRalphPulls,
  SWEPT_PULLS,
} from "../../src/reconcile/conflict-sweep.js";
import { OWNER, REPO } from "../fixtures/webhooks/index.js";
import { cleanNock, withFake } from "../github/helpers.js";
import { type FakeGitHub, user } from "../support/fake-github/index.js";
import { addRalphPull } from "./ralph-pulls.js";

afterEach(cleanNock);

const CONFIG = { branch_prefix: "ralph/" };
const alice = user("alice");

/** Ralph's PRs for issues 12 and 13, a person's PR on Ralph's branch, a bot's PR closing #9. */
function seed(fake: FakeGitHub) {
  addRalphPull(fake, 40, 12);
  addRalphPull(fake, 41, 13, { body: "closes #13" });
  addRalphPull(fake, 42, 14, { user: alice });
  addRalphPull(fake, 43, 9, { head: { ref: "deps/x" } });
  addRalphPull(fake, 44, 15, { body: "no issue" });
}

describe("openRalphPulls", () => {
  it("one listing (one page of the newest); Ralph's PRs with their issues, the skipped issues left out", async () => {
    const { fake, gh } = withFake();
    seed(fake);
    const pulls = await openRalphPulls(gh, CONFIG, new Set([13]));
    expect(pulls.sort((a, b) => a.pr - b.pr)).toEqual([{ issue: 12, pr: 40 }]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.path).toBe(`/repos/${OWNER}/${REPO}/pulls`);
    expect(fake.requests[0]?.query.get("state")).toBe("open");
    expect(fake.requests[0]?.query.get("per_page")).toBe(String(SWEPT_PULLS));
  });

  it("nothing skipped by default", async () => {
    const { fake, gh } = withFake();
    seed(fake);
    const pulls = await openRalphPulls(gh, CONFIG);
    expect(pulls.map((p) => p.issue).sort()).toEqual([12, 13]);
  });
});

describe("conflictingPulls", () => {
  it("each read once; only the open ones of Ralph's that conflict come back", async () => {
    const { fake, gh } = withFake();
    seed(fake);
    addRalphPull(fake, 45, 16);
    addRalphPull(fake, 46, 17, { state: "closed" });
    fake.ci.setMergeability(40, { mergeable: false, state: "dirty" });
    fake.ci.setMergeability(41, { mergeable: true, state: "clean" });
    fake.ci.setMergeability(42, { mergeable: false, state: "dirty" });
    fake.ci.setMergeability(43, { mergeable: false, state: "dirty" });
    // Still computing: left to the next sweep.
    fake.ci.setMergeability(45, { mergeable: false, state: "dirty", computingReads: 3 });
    fake.ci.setMergeability(46, { mergeable: false, state: "dirty" });
    const asked = [40, 41, 42, 43, 45, 46].map((pr) => ({ issue: 0, pr }));
    const out = await conflictingPulls(gh, asked, CONFIG);
    expect(out).toEqual([{ issue: 12, pr: 40 }]);
    expect(fake.requests.map((r) => r.path)).toEqual(
      asked.map(({ pr }) => `/repos/${OWNER}/${REPO}/pulls/${pr}`),
    );
  });

  it("either field is enough: a dirty merge state counts whatever `mergeable` says", async () => {
    const { fake, gh } = withFake();
    seed(fake);
    fake.ci.setMergeability(41, { mergeable: true, state: "dirty" });
    expect(await conflictingPulls(gh, [{ issue: 13, pr: 41 }], CONFIG)).toEqual([
      { issue: 13, pr: 41 },
    ]);
  });
});
