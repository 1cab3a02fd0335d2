/** What the machine tests feed the machine (fixtures.ts): commands, comments, agent results. */
export { cmd, comment, GOAL_COMPLEX, GOAL_SIMPLE, result, unknownCmd } from "./fixtures.js";
