/** Research decisions waiting for an answer, for the machine's tests. */
import type { PendingDecision } from "../../../src/core/state.js";

/** Numbered options of a decision, labelled `labels`, without descriptions. */
export const choices = (...labels: string[]): PendingDecision["options"] =>
  labels.map((label, i) => ({ number: i + 1, label, description: "" }));

/** A research decision waiting for an answer: two options, the second recommended; `patch` on top. */
export function decision(id: string, patch: Partial<PendingDecision> = {}): PendingDecision {
  return {
    id,
    title: `Decision ${id}`,
    critical: false,
    options: choices("First", "Second"),
    recommendation: 2,
    selected: null,
    custom: null,
    category: "behavior",
    context: "",
    rationale: "",
    followUps: [],
    ...patch,
  };
}
