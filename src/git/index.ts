export { branchNameFor, MAX_SLUG_LENGTH, slugify } from "./branch-name.js";
export type { HiddenSnapshot } from "./hidden-state.js";
export { isPathAllowed, normalizeRepoPath } from "./paths.js";
export {
  type CommitOptions,
  GitError,
  type GitIdentity,
  GitRepository,
  type OpenOptions,
  PushRefusedError,
  PushRejectedError,
  type ReadOnlyOptions,
  type ReadOnlyResult,
  withCoAuthors,
} from "./repository.js";
