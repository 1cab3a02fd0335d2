import type { FakeGitHub } from "../support/fake-github/index.js";
import type { FakePullSeed } from "../support/fake-github/model.js";

/**
 * Ralph's pull request `pr` for `issue` on the fake GitHub: on its branch (`ralph/<issue>-x`),
 * saying `Closes #<issue>`, opened by Ralph's bot; `extra` changes any of it (the head merged in).
 */
export function addRalphPull(
  fake: FakeGitHub,
  pr: number,
  issue: number,
  extra: Partial<Omit<FakePullSeed, "head">> & { head?: Partial<FakePullSeed["head"]> } = {},
) {
  const { head, ...rest } = extra;
  return fake.addPull({
    number: pr,
    title: `#${issue}`,
    body: `Closes #${issue}`,
    ...rest,
    head: { ref: `ralph/${issue}-x`, ...head },
  });
}
