/**
 * The order the harness's own test files run in (vitest.config.ts, LongestFirst): within a tier the
 * longest first, from this checkout's last run or else from tests/support/durations.json, which a
 * fresh clone (CI) has alone. The recorded durations name files that exist, in their own tier.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { LongestFirst, RECORDED_DURATIONS } from "../../vitest.config.ts";
import { ROOT } from "../support/root.ts";

const TIER_OF = { unit: 0, sandbox: 1, cli: 2, conformance: 3 } as const;
type Tier = keyof typeof TIER_OF;

function spec(tier: Tier, file: string): TestSpecification {
  const project = { name: tier, config: { sequence: { groupOrder: TIER_OF[tier] } } };
  return { project, moduleId: join(ROOT, file) } as unknown as TestSpecification;
}

/** A sequencer whose checkout last ran `own` (key → duration and whether it failed). */
function sequencer(
  recorded: Record<string, number>,
  own: Record<string, { duration: number; failed: boolean }> = {},
  sequence: { shuffle?: boolean; seed?: number } = {},
) {
  const cache = { getFileTestResults: (key: string) => own[key], getFileStats: () => undefined };
  return new LongestFirst({ config: { root: ROOT, sequence }, cache } as unknown as Vitest, recorded);
}

const order = async (s: LongestFirst, files: TestSpecification[]) =>
  (await s.sort(files)).map((f) => `${f.project.name}:${f.moduleId.slice(ROOT.length).replace(/^\//, "")}`);

test("a fresh clone runs each tier's recorded longest files first, the tiers in their order", async () => {
  const files = [spec("cli", "c/short.ts"), spec("unit", "u/a.ts"), spec("cli", "c/long.ts"), spec("cli", "c/new.ts")];
  const recorded = { "cli:c/short.ts": 5, "cli:c/long.ts": 90, "unit:u/a.ts": 2 };
  expect(await order(sequencer(recorded), files)).toEqual([
    "unit:u/a.ts",
    "cli:c/long.ts",
    "cli:c/short.ts",
    "cli:c/new.ts",
  ]);
});

test("the checkout's own last run wins over the record, and a file that failed runs first", async () => {
  const files = [spec("cli", "c/a.ts"), spec("cli", "c/b.ts"), spec("cli", "c/c.ts")];
  const recorded = { "cli:c/a.ts": 90, "cli:c/b.ts": 10, "cli:c/c.ts": 1 };
  const own = { "cli:c/b.ts": { duration: 200_000, failed: false }, "cli:c/c.ts": { duration: 1, failed: true } };
  expect(await order(sequencer(recorded, own), files)).toEqual(["cli:c/c.ts", "cli:c/b.ts", "cli:c/a.ts"]);
});

test("files none of which is recorded (a conformance run's suites) keep vitest's own order", async () => {
  const files = [spec("conformance", "s/a.ts"), spec("conformance", "s/b.ts")];
  const own = {
    "conformance:s/b.ts": { duration: 9_000, failed: false },
    "conformance:s/a.ts": { duration: 1, failed: false },
  };
  expect(await order(sequencer({ "cli:c/x.ts": 5 }, own), files)).toEqual(["conformance:s/b.ts", "conformance:s/a.ts"]);
});

test("--sequence.shuffle shuffles the files from the run's seed: the same seed, the same order", async () => {
  const files = Array.from({ length: 12 }, (_, i) => spec("cli", `c/f${i}.ts`));
  const recorded = Object.fromEntries(files.map((_, i) => [`cli:c/f${i}.ts`, 100 - i]));
  const longest = await order(sequencer(recorded), files);
  const first = await order(sequencer(recorded, {}, { shuffle: true, seed: 7 }), files);
  expect(first).not.toEqual(longest);
  expect([...first].sort()).toEqual([...longest].sort());
  expect(await order(sequencer(recorded, {}, { shuffle: true, seed: 7 }), files)).toEqual(first);
  expect(await order(sequencer(recorded, {}, { shuffle: true, seed: 8 }), files)).not.toEqual(first);
});

test("the recorded durations name test files that exist, each in the tier its name gives", () => {
  const recorded = JSON.parse(readFileSync(RECORDED_DURATIONS, "utf8")) as Record<string, number>;
  const keys = Object.keys(recorded);
  expect(keys.length).toBeGreaterThan(20);
  const wrong = keys.filter((key) => {
    const [tier, file = ""] = key.split(":");
    const named = file.endsWith(".unit.test.ts") ? "unit" : file.endsWith(".sandbox.test.ts") ? "sandbox" : "cli";
    return tier !== named || !existsSync(join(ROOT, file));
  });
  expect(wrong).toEqual([]);
});
