/**
 * The vitest configuration the package ships: the `conformance` project alone, which
 * `npm run conformance` starts (lib/runner/run-vitest.ts) over the suites. The harness's own test
 * tiers are in vitest.config.ts, which builds on this file and is no part of the package.
 */
import { defineConfig, defineProject } from "vitest/config";

/**
 * The harness's own tests start dozens of conformance runs, each a vitest of its own that would
 * transform the same few hundred modules again (about a third of a short run's CPU): with
 * HARNESS_TEST_MODULE_CACHE=1, which tests/support/cli.ts sets for every command a test starts,
 * they share vitest's module cache on disk (node_modules/.experimental-vitest-cache, keyed by each
 * file's content and the config). Off for a user's run: an experimental cache written into
 * node_modules is no part of the product. The test tiers themselves always use it.
 */
export const TEST_MODULE_CACHE_SWITCH = "HARNESS_TEST_MODULE_CACHE";

/** The suites run against a target; the JUnit, Allure and summary reporters are added by the command. */
export const CONFORMANCE_PROJECT = defineProject({
  test: {
    name: "conformance",
    include: ["suites/**/*.test.ts"],
    experimental: { fsModuleCache: process.env[TEST_MODULE_CACHE_SWITCH] === "1" },
    sequence: { groupOrder: 3 },
    // Worker threads, and the harness's modules (schemas compiled, generators built) loaded
    // once per worker rather than once per suite file: a run is mostly start-up otherwise.
    pool: "threads",
    isolate: false,
    // allure-vitest's setup file registers the hooks that start its runtime. vitest evaluates a
    // setup file again for every test file, but a package left to Node is evaluated once per
    // worker: when the first file ran no test (--check), no later file got the hooks and
    // every label was lost. Inlined, the setup runs for each file.
    server: { deps: { inline: ["allure-vitest"] } },
    // Checks are bounded by REQUEST_TIMEOUT_MS per request and by the run deadline; this
    // only catches a harness defect that would otherwise hang a worker.
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({ test: { projects: [CONFORMANCE_PROJECT] } });
