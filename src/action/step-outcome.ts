import type { AgentResult, AgentUsage } from "../core/events.js";
import type { MachineState } from "../core/state.js";
import type { AgentRunRecord } from "../pipeline/context.js";

/**
 * A step this run does not take: a parallel batch handed to a job matrix (`parallel-runners`),
 * one runner per story from `base`. The state records it; the combine job takes the results.
 */
export interface HandOff {
  handOff: { stories: string[]; base: string };
  summary: string;
  result?: undefined;
  followUps?: undefined;
}

export type StepOutcome = StepResult | HandOff;

export interface StepResult {
  handOff?: undefined;
  result: AgentResult;
  usage: AgentUsage;
  /** One line for the Step Summary. */
  summary: string;
  /**
   * More results of the same step, fed to the machine in order after `result`: a parallel batch
   * (seed 002) settles several stories, each with its implement result and its verdict.
   */
  followUps?: { result: AgentResult; usage: AgentUsage }[];
}

/** Usage of every agent run of one step, as the machine counts it (runs are counted by it). */
export class UsageMeter {
  costUsd = 0;
  tokens = 0;
  runs = 0;
  record = (run: AgentRunRecord): void => {
    this.runs += run.runs ?? 1;
    const u = run.result.usage;
    this.costUsd += u?.costUsd ?? 0;
    this.tokens += (u?.inputTokens ?? 0) + (u?.outputTokens ?? 0);
  };
  get usage(): AgentUsage {
    return {
      ...(this.costUsd > 0 ? { costUsd: this.costUsd } : {}),
      ...(this.tokens > 0 ? { tokens: this.tokens } : {}),
      // Usage-limit retries are agent runs too; one run is what the machine assumes anyway.
      ...(this.runs > 1 ? { runs: this.runs } : {}),
    };
  }
}

export function qaOf(state: MachineState) {
  return state.qa.map((q) => ({ question: q.question, answer: q.answer, by: q.by }));
}

/** Builds the outcome of a step from its result and a summary line. */
export type Done = (result: AgentResult, summary: string) => StepResult;

export { describeFailure } from "../pipeline/story-step.js";
/** Drops the pipeline's extra fields: the machine gets exactly an AgentResult. */
export { toMachineResult as strip } from "../pipeline/story-step-inputs.js";
