export {
  type BaseMergeOptions,
  type BaseMergeResult,
  type ConflictedFile,
  type ConflictKind,
  mergeDefaultBranch,
} from "./base-merge.js";
export { branchNameFor, MAX_SLUG_LENGTH, slugify } from "./branch-name.js";
export { type ConflictMarker, describeMarkers, findConflictMarkers } from "./conflict-markers.js";
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
