/**
 * Two projects: `harness` (the harness's own tests, `npm test`) and `conformance` (the suites run
 * against a target by `npm run conformance`, which adds the JUnit, Allure and summary reporters).
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "harness",
          include: ["tests/**/*.test.ts"],
          // Many of these tests wait on child processes (a whole conformance run, Prism, Chromium):
          // more files at once than cores keeps the two cores busy.
          maxWorkers: 4,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "conformance",
          include: ["suites/**/*.test.ts"],
          // Worker threads, and the harness's modules (schemas compiled, generators built) loaded
          // once per worker rather than once per suite file: a run is mostly start-up otherwise.
          pool: "threads",
          isolate: false,
          // Checks are bounded by REQUEST_TIMEOUT_MS per request and by the run deadline; this
          // only catches a harness defect that would otherwise hang a worker.
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
