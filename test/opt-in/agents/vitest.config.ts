import { defineConfig } from "vitest/config";

/** Opt-in suite for the real agent CLIs: `npx vitest run --config test/opt-in/agents/vitest.config.ts`. */
export default defineConfig({
  test: {
    root: new URL("../../..", import.meta.url).pathname,
    include: ["test/opt-in/agents/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
