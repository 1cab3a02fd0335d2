export {
  type AgentRunOutcome,
  type RunFailure,
  runAgent,
  type StepRunRequest,
  specEnv,
} from "./agent-run.js";
export {
  CircuitBreaker,
  failureSignature,
  RUN_WIDE_STOPS,
  RunBudget,
  StopError,
  type StopReason,
} from "./budget.js";
export {
  type ConsensusStepInput,
  type ConsensusStepResult,
  runConsensusStep,
} from "./consensus-step.js";
export {
  type AgentRunRecord,
  type HomeContext,
  type PipelineContext,
  type SpecRef,
  specRef,
} from "./context.js";
export {
  applyFileChange,
  commitPlanFiles,
  type FileChangeDetails,
  type FileChangeResult,
} from "./file-change.js";
export {
  type ImplementStepInput,
  type ImplementStepResult,
  implementCommitMessage,
  runImplementStep,
} from "./implement-step.js";
export { type PlanStepInput, type PlanStepResult, runPlanStep } from "./plan-step.js";
export {
  offendingPaths,
  type ReadOnlyGuard,
  type ReadOnlyRunOutcome,
  runReadOnly,
  runStrictReadOnly,
  type StrictReadOnlyRun,
} from "./read-only-run.js";
export {
  type ResearchStepInput,
  type ResearchStepResult,
  runResearchStep,
} from "./research-step.js";
export * as specFiles from "./spec-files.js";
export {
  describeNextStep,
  type LoopContext,
  runSpecLoop,
  type SpecLoopOptions,
  type SpecLoopResult,
  type SpecOutcome,
} from "./spec-loop.js";
export {
  runUnderstandStep,
  type UnderstandStepInput,
  type UnderstandStepOutcome,
} from "./understand-step.js";
export { runVerifyStep, type VerifyStepInput, type VerifyStepResult } from "./verify-step.js";
