/**
 * The webhook fixtures read the examples from per-group files they split the package into
 * (test/fixtures/webhooks/index.ts): each example they hand out is the one the whole package
 * gives for that event and action.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { type Payload, webhookExample } from "../fixtures/webhooks/index.js";

interface ExampleGroup {
  name: string;
  examples: Payload[];
}

const groups = createRequire(import.meta.url)("@octokit/webhooks-examples") as ExampleGroup[];

/** What webhookExample picked from the whole package before it was split. */
function fromPackage(name: string, action?: string): Payload {
  const group = groups.find((g) => g.name === name);
  const matching = (group?.examples ?? []).filter(
    (e) => action === undefined || e.action === action,
  );
  const example = matching.find((e) => e.installation !== undefined) ?? matching[0];
  if (example === undefined) throw new Error(`no ${name}.${action} example in the package`);
  return example;
}

describe("webhook examples from the split package", () => {
  it("every event, with and without each of its actions, gives the package's example", () => {
    let compared = 0;
    for (const group of groups) {
      const actions = [undefined, ...new Set(group.examples.map((e) => e.action as string))];
      for (const action of actions) {
        const { installation: _ours, ...ours } = webhookExample(group.name, action);
        const { installation: _theirs, ...theirs } = fromPackage(group.name, action);
        expect(ours, `${group.name}.${action}`).toEqual(theirs);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(groups.length);
  });

  it("an event or action the package does not have is refused by name", () => {
    expect(() => webhookExample("no_such_event")).toThrow("no webhook examples for no_such_event");
    expect(() => webhookExample("issues", "no_such_action")).toThrow(
      "no issues.no_such_action example",
    );
  });
});
