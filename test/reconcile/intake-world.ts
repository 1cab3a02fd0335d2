/**
 * An intake (src/reconcile/intake.ts) of issue #42 on the fake GitHub, the set-up the intake
 * tests share: the issue as reconcile sees it, comments as intake items, the PRD comment Ralph
 * posted for approval, and what the fake was asked (permission lookups, reads of the 👍).
 */
import type { RalphConfig } from "../../src/core/config.js";
import type { MachineState } from "../../src/core/state.js";
import { Intake } from "../../src/reconcile/intake.js";
import type { IssueInfo } from "../../src/reconcile/issue-info.js";
import { type CommentItem, commentItems } from "../../src/reconcile/read-issue.js";
import type { Signal } from "../../src/reconcile/signals.js";
import { config } from "../app/harness.js";
import { awaitingApproval, prd, prdCommentBody } from "../app/states.js";
import { withFake } from "../github/helpers.js";
import { type FakeComment, user } from "../support/fake-github/index.js";
import { LOGIN_INFO } from "./issue-reading.js";

export const ISSUE: IssueInfo = LOGIN_INFO;

type Approval = MachineState["approvals"][number];

export interface IntakeOptions {
  /** The state the intake starts from. */
  state: MachineState;
  /** The saved state; default `state` (null: Ralph has no status comment yet). */
  loaded?: MachineState | null;
  signal?: Signal;
  approvals?: Partial<RalphConfig["approvals"]>;
  author?: string | null;
}

/** The fake GitHub of one test, and intakes on it. */
export function intakeWorld() {
  const { fake, gh } = withFake();
  const reactionReads = () =>
    fake.requests.filter(
      (r) => r.path === "/graphql" && JSON.stringify(r.body).includes("RalphReactions"),
    );
  return {
    fake,
    gh,
    intake(options: IntakeOptions): Intake {
      const base = config();
      return new Intake({
        gh,
        config: { ...base, approvals: { ...base.approvals, ...options.approvals } },
        issue: { ...ISSUE, author: options.author === undefined ? ISSUE.author : options.author },
        signal: options.signal ?? { kind: "touch" },
        loaded: options.loaded === undefined ? options.state : options.loaded,
        initial: options.state,
      });
    },
    /** `body` written on the issue by `login` (a human), as the intake item the read makes. */
    item(body: string, login: string): CommentItem {
      const [item] = commentItems(gh, [fake.addComment(ISSUE.number, body, user(login))]);
      if (item === undefined) throw new Error(`not an intake item: ${body}`);
      return item;
    },
    /** The logins whose permission was looked up, in order. */
    permissionReads: () =>
      fake
        .requestsMatching("GET", /\/collaborators\/[^/]+\/permission$/)
        .map((r) => r.path.split("/").at(-2)),
    reactionReads,
    /** Ralph's PRD comment for approval, 👍 by `thumbs`; the state awaiting it (`patch` on top). */
    awaiting(thumbs: string[] = [], patch: Partial<MachineState> = {}) {
      const comment: FakeComment = fake.addComment(ISSUE.number, prdCommentBody(), fake.bot());
      for (const login of thumbs) fake.react(comment.id, "+1", user(login));
      const state = awaitingApproval(prd(), comment.id, patch);
      return { comment, state, revision: state.prd?.revision ?? "" };
    },
  };
}

/** An approval of `revision` by `login` through `channel`. */
export function approval(
  login: string,
  revision: string,
  channel: Approval["channel"] = "reaction",
): Approval {
  return channel === "review"
    ? { login, revision, channel, reviewId: 1 }
    : { login, revision, channel };
}
