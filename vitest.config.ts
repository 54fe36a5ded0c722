/**
 * The harness's own tests in three tiers, and the conformance suites:
 * - `unit`: in-process, no child process, no sandbox — the fast lane (`npm run test:unit`, ≈20 s);
 * - `sandbox`: checks against in-process sandboxes and misbehaving targets (the fault table, the
 *   ledger, the profiles, the guard and the pace);
 * - `cli`: everything else — child processes (whole conformance runs, reports, certification,
 *   Chromium, Prism). A file's name says its tier (`x.unit.test.ts`, `x.sandbox.test.ts`, else `cli`).
 * `npm test` runs `tsc --noEmit` and all three (the CI command). `conformance` is the suites run
 * against a target by `npm run conformance`, which adds the JUnit, Allure and summary reporters.
 */
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification, type Vitest } from "vitest/node";
import { CONFORMANCE_PROJECT, TEST_MODULE_CACHE_SWITCH } from "./vitest.conformance.ts";

/**
 * The in-process tiers use every core: vitest's default is one worker fewer than the cores, so on a
 * 2-core machine the unit and sandbox tiers ran on one core while the other idled.
 */
const EVERY_CORE = availableParallelism();

export { TEST_MODULE_CACHE_SWITCH };
const MODULE_CACHE = { fsModuleCache: true };

/**
 * V8's tiering for the short, CPU-bound processes of `npm test`, which sets it (scripts/test.sh):
 * the tiers' workers get it here, the commands a test starts in tests/support/cli.ts. Unset (a tier
 * run alone, a user's run), nothing is added.
 */
export const TEST_NODE_FLAGS = (process.env.HARNESS_TEST_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);

const SHARED_RUNS_SETUP = fileURLToPath(new URL("tests/support/shared-runs.setup.ts", import.meta.url));

/**
 * The global setups of every tier, absent from the package (which ships vitest.conformance.ts,
 * not this file), as the shared runs' setup: first one temporary folder per `vitest run`, removed at
 * its end, so that every later setup and every test writes there (tests/support/temp-root.setup.ts);
 * then the tests' RSA keys, made once per `vitest run` (tests/support/throwaway-rsa.setup.ts).
 */
const TIER_SETUPS = ["tests/support/temp-root.setup.ts", "tests/support/throwaway-rsa.setup.ts"]
  .map((file) => fileURLToPath(new URL(file, import.meta.url)))
  .filter((file) => existsSync(file));

/** The tier is in the file's name: `*.unit.test.ts` in-process (tests/architecture/tiers.unit.test.ts holds it to that). */
export const UNIT_TESTS = ["tests/**/*.unit.test.ts"];

/** `*.sandbox.test.ts`: checks against in-process sandboxes and misbehaving targets. */
export const SANDBOX_TESTS = ["tests/**/*.sandbox.test.ts"];

/**
 * The durations of the harness's own test files, in seconds, as `npm test` measured them on a
 * 2-core machine (`npm run test:durations` records them again from the last run).
 */
export const RECORDED_DURATIONS = fileURLToPath(new URL("tests/support/durations.json", import.meta.url));

/**
 * Within a tier, the longest files first, so that no long file starts last and leaves a core idle
 * while it ends. vitest's own order does so only from the durations of an earlier run in the same
 * checkout; a fresh clone (CI) has none and ran files by size, which started a 100 s file
 * sixteenth. So a file without a duration of its own takes the recorded one; as in vitest, a file
 * that failed last time still runs first. Files none of which has a recorded duration (a
 * conformance run's suites) keep vitest's order. `--sequence.shuffle` still shuffles the files, from
 * the run's seed (a file that depends on another's leftovers shows; vitest's shuffle is not exported).
 */
export class LongestFirst extends BaseSequencer {
  constructor(
    ctx: Vitest,
    private readonly recorded: Record<string, number> = existsSync(RECORDED_DURATIONS)
      ? (JSON.parse(readFileSync(RECORDED_DURATIONS, "utf8")) as Record<string, number>)
      : {},
  ) {
    super(ctx);
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return shuffled(files, seed);
    if (!files.some((spec) => key(spec) in this.recorded)) return super.sort(files);
    const last = (spec: TestSpecification) => {
      const own = this.ctx.cache.getFileTestResults(key(spec));
      return { failed: own?.failed === true, ms: own?.duration ?? (this.recorded[key(spec)] ?? 0) * 1000 };
    };
    const tier = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return [...files].sort((a, b) => {
      const [x, y] = [last(a), last(b)];
      return tier(a) - tier(b) || Number(y.failed) - Number(x.failed) || y.ms - x.ms;
    });
  }
}

/** The items in a random order drawn from the seed: the same seed, the same order. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "unit",
          execArgv: TEST_NODE_FLAGS,
          include: UNIT_TESTS,
          experimental: MODULE_CACHE,
          globalSetup: TIER_SETUPS,
          // The tiers have different worker counts, so vitest runs them one after another, in this order.
          sequence: { groupOrder: 0 },
          // The harness's modules loaded once per worker, not once per file: half the CPU of the
          // tier. So a unit test must not rely on fresh module state; one that needs other state
          // loads modules afresh (tests/cli/usage.unit.test.ts: vi.resetModules for CATALOGUE_DIR).
          isolate: false,
          maxWorkers: EVERY_CORE,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "sandbox",
          execArgv: TEST_NODE_FLAGS,
          include: SANDBOX_TESTS,
          experimental: MODULE_CACHE,
          globalSetup: TIER_SETUPS,
          sequence: { groupOrder: 1 },
          // As in the unit tier, the harness's modules are loaded once per worker, not once per file:
          // about a third of the tier's CPU. A file must then leave its process as it found it; the
          // setup file fails one that does not, by name (a run stopped, the environment, signals).
          isolate: false,
          setupFiles: ["tests/support/process-state.setup.ts"],
          // Twice the cores: many of these files wait (timeouts of misbehaving targets, the pace,
          // tokens that expire) rather than compute, and one waiting file would hold a core idle.
          maxWorkers: 2 * EVERY_CORE,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "cli",
          execArgv: TEST_NODE_FLAGS,
          include: ["tests/**/*.test.ts"],
          experimental: MODULE_CACHE,
          exclude: [...UNIT_TESTS, ...SANDBOX_TESTS, "**/node_modules/**"],
          // A folder for the whole runs the tier's files share (tests/support/shared-runs.ts); not in
          // the package, which ships this file for its `conformance` project.
          globalSetup: [...TIER_SETUPS, ...(existsSync(SHARED_RUNS_SETUP) ? [SHARED_RUNS_SETUP] : [])],
          sequence: { groupOrder: 2 },
          // As in the sandbox tier: the files' own modules once per worker (their import time, summed
          // over the tier, fell from about 95 s to 40 s), under the same guard on process-wide state.
          isolate: false,
          setupFiles: ["tests/support/process-state.setup.ts"],
          // These tests wait on child processes (a whole conformance run, Prism, Chromium): more
          // files at once than cores keeps the two cores busy.
          maxWorkers: 4,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      // The suites, as the package ships them (vitest.conformance.ts).
      CONFORMANCE_PROJECT,
    ],
  },
});
