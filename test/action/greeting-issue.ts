/** The names of the issue the built-action suites play (flows.ts): its number, people, branch. */
export { BODY, BRANCH, ISSUE, MAINTAINER, SPEC_ID, TITLE } from "./flows.js";
