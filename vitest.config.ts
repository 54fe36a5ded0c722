/**
 * The harness's own tests in three tiers, and the conformance suites:
 * - `unit`: in-process, no child process, no sandbox — the fast lane (`npm run test:unit`, ≈20 s);
 * - `sandbox`: checks against in-process sandboxes and misbehaving targets (the fault table, the
 *   ledger, the profiles, the guard and the pace);
 * - `cli`: everything else — child processes (whole conformance runs, reports, certification,
 *   Chromium, Prism). A new test file lands here unless listed in `unit` or `sandbox`: it runs.
 * `npm test` runs `tsc --noEmit` and all three (the CI command). `conformance` is the suites run
 * against a target by `npm run conformance`, which adds the JUnit, Allure and summary reporters.
 */
import { defineConfig } from "vitest/config";

export const UNIT_TESTS = [
  "tests/architecture/**/*.test.ts",
  "tests/bench/load.test.ts",
  "tests/catalogue/catalogue.test.ts",
  "tests/certify/self-qualification.test.ts",
  "tests/certify/statement.test.ts",
  "tests/checks/answers.test.ts",
  "tests/checks/basis.test.ts",
  "tests/checks/declared-rules.test.ts",
  "tests/checks/checks.unit.test.ts",
  "tests/checks/run-plan.test.ts",
  "tests/ci/ci-outputs.test.ts",
  "tests/cli/usage.test.ts",
  "tests/config/**/*.test.ts",
  "tests/crypto/jws-profile.test.ts",
  "tests/crypto/profile-loading.test.ts",
  "tests/docs/**/*.test.ts",
  "tests/generators/**/*.test.ts",
  "tests/leak/switch.test.ts",
  "tests/ledger/concurrency.test.ts",
  "tests/ledger/readback.test.ts",
  "tests/openapi/bundle.test.ts",
  "tests/openapi/export.test.ts",
  "tests/package/dependencies.test.ts",
  "tests/redaction/**/*.test.ts",
  "tests/reporting/exchange-log.test.ts",
  "tests/reporting/report-html.test.ts",
  "tests/reporting/summary.test.ts",
  "tests/reporting/compare.test.ts",
  "tests/reporting/run-verdicts.test.ts",
  "tests/runner/**/*.test.ts",
  "tests/safety/pace-order.test.ts",
  "tests/safety/settings.test.ts",
  "tests/safety/watchdog.test.ts",
  "tests/schemas/**/*.test.ts",
  "tests/time/**/*.test.ts",
  "tests/tokens/*.unit.test.ts",
];

export const SANDBOX_TESTS = [
  "tests/checks/faults.test.ts",
  "tests/checks/info-level.test.ts",
  "tests/checks/signature-key.test.ts",
  "tests/crypto/redaction.test.ts",
  "tests/crypto/sandbox-profiles.test.ts",
  "tests/ledger/limit-matching.test.ts",
  "tests/ledger/period-boundary.test.ts",
  "tests/ledger/rerun.test.ts",
  "tests/misbehaving/misbehaving.test.ts",
  "tests/safety/guard.test.ts",
  "tests/safety/pace.test.ts",
  "tests/sandbox/**/*.test.ts",
  "tests/tokens/*.sandbox.test.ts",
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: UNIT_TESTS,
          // The tiers have different worker counts, so vitest runs them one after another, in this order.
          sequence: { groupOrder: 0 },
          // The harness's modules loaded once per worker, not once per file: half the CPU of the
          // tier. So a unit test must not rely on fresh module state; one that needs other state
          // loads modules afresh (tests/cli/usage.test.ts: vi.resetModules for CATALOGUE_DIR).
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "sandbox",
          include: SANDBOX_TESTS,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "cli",
          include: ["tests/**/*.test.ts"],
          exclude: [...UNIT_TESTS, ...SANDBOX_TESTS, "**/node_modules/**"],
          sequence: { groupOrder: 2 },
          // These tests wait on child processes (a whole conformance run, Prism, Chromium): more
          // files at once than cores keeps the two cores busy.
          maxWorkers: 4,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "conformance",
          include: ["suites/**/*.test.ts"],
          sequence: { groupOrder: 3 },
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
