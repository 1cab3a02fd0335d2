import type { MachineState } from "../../src/core/state.js";
import { decodeStateBlock } from "../../src/core/state-codec.js";
import type { FakeGitHub, RecordedRequest } from "../support/fake-github/index.js";

/**
 * Another writer saves issue `issue`'s status comment (revision + 1, `change` applied) each time
 * `when` matches, the first `times` times. `happened`: it saved at least once; `count`: how often.
 */
export function concurrentSave(
  fake: FakeGitHub,
  when: (request: RecordedRequest) => boolean,
  change: (state: MachineState) => Partial<MachineState>,
  { issue = 42, times = 1 }: { issue?: number; times?: number } = {},
): { happened: () => boolean; count: () => number } {
  let saves = 0;
  const previous = fake.onRequest;
  fake.onRequest = (request) => {
    if (saves < times && when(request)) {
      saves += 1;
      const own = fake.statusComment(issue);
      if (own === undefined) throw new Error("no status comment to save over");
      const current = decodeStateBlock(own.body);
      fake.seedState({ ...current, ...change(current), revision: current.revision + 1 }, own.id);
    }
    return previous?.(request);
  };
  return { happened: () => saves > 0, count: () => saves };
}
