/**
 * The axes of benchmark 7 (bench/support/cost-vs-size.ts): comments on the issue and 👍 on the
 * PRD comment. Each size runs on a fresh fake per entry, the history seeded directly.
 */
import {
  historyComment,
  MAINTAINER,
  OUTSIDER,
  seedAwaitingWithReactions,
  seedDoneWithHistory,
  user,
} from "../../test/support/history-scenarios.js";
import { type CostAxis, costRow, ENTRIES, withEntry } from "./cost-vs-size.js";
import type { Row } from "./report.js";

const TWICE = ["first", "second"] as const;

/** `/ralph status` twice in a row on a done issue holding `size` comments, Action and App. */
export const COMMENTS_AXIS: CostAxis = {
  name: "comments on the issue (`/ralph status`, done issue, status comment first)",
  sizes: [10, 1_000, 3_000, 6_000, 10_000],
  async measure(size, built) {
    const rows: Row[] = [];
    for (const name of ENTRIES) {
      await withEntry(name, built, async (entry) => {
        seedDoneWithHistory(entry.fake, { total: size });
        for (const which of TWICE) {
          const payload = historyComment(entry.fake, "/ralph status", user(MAINTAINER));
          rows.push(costRow(size, name, `/ralph status (${which})`, await entry.comment(payload)));
        }
      });
    }
    return rows;
  },
};

/**
 * A PRD awaiting approval with `size` 👍 from users without permission: a plain comment by an
 * outsider (App webhook, Action run) and the approval sweep (App timer, Action `schedule`), each
 * twice in a row.
 */
export const REACTIONS_AXIS: CostAxis = {
  name: "👍 on the PRD comment from users without permission",
  sizes: [10, 100, 1_000],
  async measure(size, built) {
    const rows: Row[] = [];
    for (const name of ENTRIES) {
      await withEntry(name, built, async (entry) => {
        seedAwaitingWithReactions(entry.fake, { reactions: size });
        for (const which of TWICE) {
          const payload = historyComment(entry.fake, "Me too!", user(OUTSIDER));
          const cost = await entry.comment(payload);
          rows.push(costRow(size, name, `outsider's comment (${which})`, cost));
        }
        for (const which of TWICE) {
          rows.push(costRow(size, name, `approval sweep (${which})`, await entry.sweep()));
        }
      });
    }
    return rows;
  },
};

export const COST_AXES: CostAxis[] = [COMMENTS_AXIS, REACTIONS_AXIS];
