// The static pass of `npm run mutation` (scripts/mutation.mjs): the static mutants of the
// guarantee files, each run against the test files that cover the rest of its source file, with
// every module reloaded. The script passes the mutant locations (--mutate) and tests (--testFiles).
import main from "../stryker.config.mjs";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default { ...main, ignoreStatic: false };
