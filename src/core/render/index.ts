export { DECISIONS_MARKER, renderDecisionsComment } from "./decisions.js";
export {
  findPrdRevision,
  PRD_MARKER_PATTERN,
  type PrdCommentInput,
  prdMarker,
  renderPrdComment,
} from "./prd-comment.js";
export {
  findQuestionsRound,
  QUESTIONS_MARKER_PATTERN,
  renderQuestionsComment,
} from "./questions.js";
export { REVIEW_MARKER_PATTERN, renderVerifierReview, type VerifierReviewInput } from "./review.js";
export { renderStatusComment, type StatusRenderOptions } from "./status.js";
