export { type ArchitectPromptInput, buildArchitectPrompt } from "./architect.js";
export {
  buildCriticPrompt,
  type CriticFeedback,
  type CriticPromptInput,
  parseCriticFeedback,
} from "./critic.js";
export { buildImplementerPrompt, type ImplementerPromptInput } from "./implementer.js";
export { buildPlannerPrompt, type PlannerPromptInput } from "./planner.js";
export {
  buildResearchPrompt,
  type ResearchAgentOutput,
  type ResearchPromptInput,
  researchAgentOutputSchema,
} from "./research.js";
export {
  CRITIC_VERDICT_LINE_PATTERN,
  finalizePrompt,
  type PromptPaths,
  type QaPair,
} from "./shared.js";
export { buildUnderstandPrompt, type UnderstandPromptInput } from "./understand.js";
export { buildVerifierPrompt, type VerifierPromptInput } from "./verifier.js";
