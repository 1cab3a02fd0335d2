/**
 * The axes of benchmark 7 (bench/support/cost-vs-size.ts): comments on the issue and 👍 on the
 * PRD comment. Each size runs on a fresh fake with the history seeded directly.
 */
import {
  HISTORY_ISSUE,
  historyComment,
  MAINTAINER,
  OUTSIDER,
  seedAwaitingWithReactions,
  seedDoneWithHistory,
  user,
} from "../../test/support/history-scenarios.js";
import {
  actionCost,
  actionWorld,
  appCluster,
  appCost,
  type CostAxis,
  costRow,
  sweepCost,
} from "./cost-vs-size.js";
import type { Row } from "./report.js";

/** `/ralph status` twice in a row on a done issue holding `size` comments, Action and App. */
export const COMMENTS_AXIS: CostAxis = {
  name: "comments on the issue (`/ralph status`, done issue, status comment first)",
  sizes: [10, 1_000, 3_000, 6_000, 10_000],
  async measure(size, built) {
    const rows: Row[] = [];
    const world = await actionWorld(built);
    try {
      seedDoneWithHistory(world.fake, { total: size });
      for (const which of ["first", "second"]) {
        const payload = historyComment(world.fake, "/ralph status", user(MAINTAINER));
        rows.push(
          costRow(size, "Action", `/ralph status (${which})`, await actionCost(world, payload)),
        );
      }
    } finally {
      await world.fake.close();
    }
    const cluster = await appCluster(built);
    try {
      seedDoneWithHistory(cluster.fake, { total: size });
      for (const which of ["first", "second"]) {
        const payload = historyComment(cluster.fake, "/ralph status", user(MAINTAINER));
        rows.push(
          costRow(
            size,
            "App",
            `/ralph status (${which})`,
            await appCost(cluster, "issue_comment", payload),
          ),
        );
      }
    } finally {
      cluster.stop();
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
    const cluster = await appCluster(built);
    try {
      seedAwaitingWithReactions(cluster.fake, { reactions: size });
      for (const which of ["first", "second"]) {
        const payload = historyComment(cluster.fake, "Me too!", user(OUTSIDER));
        rows.push(
          costRow(
            size,
            "App",
            `outsider's comment (${which})`,
            await appCost(cluster, "issue_comment", payload),
          ),
        );
      }
      for (const which of ["first", "second"]) {
        rows.push(costRow(size, "App", `approval sweep (${which})`, await sweepCost(cluster)));
      }
    } finally {
      cluster.stop();
    }
    const world = await actionWorld(built);
    try {
      seedAwaitingWithReactions(world.fake, { reactions: size });
      for (const which of ["first", "second"]) {
        const payload = historyComment(world.fake, "Me too!", user(OUTSIDER));
        rows.push(
          costRow(
            size,
            "Action",
            `outsider's comment (${which})`,
            await actionCost(world, payload),
          ),
        );
      }
      for (const which of ["first", "second"]) {
        const schedule = { schedule: "*/15 * * * *" };
        rows.push(
          costRow(
            size,
            "Action",
            `schedule sweep (${which})`,
            await actionCost(world, schedule, "schedule"),
          ),
        );
      }
    } finally {
      await world.fake.close();
    }
    return rows;
  },
};

export const COST_AXES: CostAxis[] = [COMMENTS_AXIS, REACTIONS_AXIS];

export { HISTORY_ISSUE };
