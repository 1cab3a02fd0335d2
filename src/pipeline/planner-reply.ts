import { type PlannerEnvelope, type Prd, validateEnvelope } from "../core/prd.js";
import { finalJson } from "./agent-run.js";

/** The planner's final message as Ralph reads it, before the plan file is looked at. */
export type PlannerReply =
  | { ok: false; errors: string[] }
  | { ok: true; kind: "questions"; envelope: PlannerEnvelope }
  | { ok: true; kind: "prd"; envelope: PlannerEnvelope; prd: Prd };

/**
 * Reads the planner's envelope (DESIGN §4.2): the last JSON object of its final message, validated
 * strictly with the PRD inside it. Questions count only where the run may ask them; a PRD starts
 * with every story unverified, whatever the agent wrote (Ralph decides "done", never agent text).
 * The errors are what the planner is asked again with.
 */
export function readPlannerReply(output: string, allowQuestions: boolean): PlannerReply {
  const json = finalJson(output, "envelope");
  if (!json.ok) return json;
  const valid = validateEnvelope(json.value);
  if (!valid.ok) return { ok: false, errors: valid.errors };
  const envelope = valid.value;
  if (envelope.questions.length > 0 && allowQuestions) {
    return { ok: true, kind: "questions", envelope };
  }
  if (envelope.prdDraft === null) {
    return {
      ok: false,
      errors: [
        allowQuestions
          ? "prdDraft is null but there are no questions: either ask questions or draft the PRD"
          : "questions are not possible in this run: prdDraft must be a full PRD and questions must be empty",
      ],
    };
  }
  const prd: Prd = {
    ...envelope.prdDraft,
    userStories: envelope.prdDraft.userStories.map((s) => ({ ...s, passes: false })),
  };
  return { ok: true, kind: "prd", envelope: { ...envelope, prdDraft: prd }, prd };
}

/** A PRD without its plan: the planner must write the plan file before its envelope. */
export function missingPlanError(planFile: string): string {
  return `the plan file ${planFile} is missing or empty: write the plan there`;
}
