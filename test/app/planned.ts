/** The PRD Ralph planned for LOGIN_ISSUE (states.ts): its branch, spec, plan text and files. */
export { BRANCH, PLAN_TEXT, prd, putPrdFiles, revisionOf, SPEC_ID } from "./states.js";
