/** What the machine tests' agents answer (fixtures.ts): PRDs, implementations, verdicts. */
export {
  implemented,
  makePrd,
  PLAN_TEXT,
  prdResult,
  REV1,
  revisionOf,
  verdict,
} from "./fixtures.js";
