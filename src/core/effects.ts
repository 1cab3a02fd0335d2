import type { AgentStep } from "./state.js";

/** What a transition asks the adapters to do. Effects are data; adapters perform them in order. */
export type Effect =
  /** Post a comment. With `key`, a hidden marker: skipped when a Ralph comment with it exists. */
  | { type: "reply"; body: string; key?: string }
  /** 👀 on the comment that carried a command. */
  | { type: "acknowledge"; commentId: number }
  /** Re-render the status comment even if nothing else changed (`/ralph status`). */
  | { type: "refresh_status" }
  /** Exactly one phase label; `null` removes all Ralph phase labels. */
  | { type: "set_label"; label: string | null }
  /** Run an agent step: App → workflow_dispatch; Action → continue in-process. */
  | { type: "dispatch"; step: AgentStep; storyId?: string }
  | { type: "post_questions"; questions: string[]; round: number }
  | { type: "post_decisions" }
  /** `amendment`: the PRD of a follow-up round (it shows the round and its FU stories). */
  | { type: "post_prd"; revision: string; concerns: string[]; amendment?: { auto: boolean } }
  | { type: "commit_files"; change: FileChange; message: string }
  | { type: "open_pr"; draft: true }
  | { type: "mark_pr_ready" }
  | { type: "post_review"; body: string; planInvalidation: boolean }
  | { type: "cancel_run" }
  /**
   * A follow-up round is done: a reply in each answered review thread naming the commit of the
   * story that answers it (`threadId` is the thread's first comment).
   */
  | {
      type: "answer_threads";
      answers: { threadId: number; storyId: string; title: string; commit: string }[];
    }
  /** Ask these users for a new review on Ralph's pull request. */
  | { type: "request_review"; reviewers: string[] };

/** File changes on the branch (DESIGN §5), described so the git adapter can make them. */
export type FileChange =
  /**
   * `passes: true` in the PRD; the verified commit and the verifier's table (when known) go to the
   * stories sidecar (core/story-verdicts.ts).
   */
  | {
      kind: "mark_story_passed";
      storyId: string;
      commit?: string | null;
      criteria?: { criterion: string; pass: boolean }[];
    }
  | { kind: "archive_plan"; reason: string; attempt: number }
  | { kind: "done_marker"; commit: string }
  /**
   * `passes: false` again for stories the regression gate found no longer holding; its table
   * rows (`story` names the story) go to the stories sidecar.
   */
  | {
      kind: "reopen_stories";
      storyIds: string[];
      criteria?: { criterion: string; pass: boolean; story?: string }[];
    };
