/**
 * The Octokit-backed adapter shared by the App and the Action (DESIGN §8). Every function takes
 * a GitHubContext ({ client, owner, repo, botLogin, log, secrets? }); nothing here knows Probot.
 */
export {
  ACTIVE_RUN_STATUSES,
  cancelIssueRuns,
  cancelWorkflowRun,
  dispatchWorkflow,
  findActiveRuns,
  getDefaultBranch,
  getWorkflowRun,
  isRalphWorkflowRun,
  runIdFromUrl,
  runIssueNumber,
  type WorkflowRun,
} from "./actions.js";
export {
  type GitHubClient,
  type GitHubContext,
  type GitHubResponse,
  type GitHubUser,
  httpStatus,
  isBotUser,
  isNotFound,
  type Logger,
  paginate,
  silentLogger,
} from "./client.js";
export {
  createComment,
  getComment,
  hasKeyedComment,
  type IssueComment,
  isOwnComment,
  keyMarker,
  listIssueComments,
  type PostOptions,
  postComment,
  toComment,
  updateComment,
} from "./comments.js";
export {
  CONFIG_PATH,
  configErrorKey,
  getFileText,
  loadRepoConfig,
  parseConfigText,
  renderConfigError,
  reportConfigError,
} from "./config.js";
export {
  applyEffects,
  type Dispatcher,
  type EffectContext,
  type EffectFailure,
  type EffectOutcome,
  type FileCommitter,
  type PrdSource,
  prNumberOf,
  UnsupportedEffectError,
} from "./effects.js";
export { listIssueLabels, PHASE_LABEL_COLORS, setPhaseLabel } from "./labels.js";
export {
  type CreateOctokitOptions,
  createOctokit,
  MAX_RATE_LIMIT_WAIT_SECONDS,
  RalphOctokit,
} from "./octokit.js";
export {
  createPermissionResolver,
  type PermissionResolver,
  toPermission,
} from "./permissions.js";
export { type ReactionApproval, readReactionApprovals, upsertPrdComment } from "./prd-comment.js";
export { PrdFilesError, type PrdOnBranch, readPrdAt } from "./prd-files.js";
export {
  closesLine,
  getPullRequest,
  isForkPullRequest,
  listPullRequestFiles,
  listReviewComments,
  listReviews,
  markPullRequestReady,
  normalizeReviewState,
  PLAN_INVALIDATION_FLAG,
  type PullRequest,
  postReview,
  type Review,
  type ReviewComment,
  upsertRalphPr,
} from "./pulls.js";
export {
  acknowledgeComment,
  addCommentReaction,
  listCommentReactions,
  type Reaction,
} from "./reactions.js";
export {
  findStatus,
  loadStatus,
  type SavedStatus,
  StateConflictError,
  type StatusLookup,
  saveStatus,
} from "./status.js";
