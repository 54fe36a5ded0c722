/**
 * The expected-failure baseline: a failure it does not list fails the run; a listed check that
 * now passes fails it too (the list only shrinks); listed checks that still fail do not. The file
 * itself is checked like configuration (exit 2, naming BASELINE_FILE). Through the command once: a
 * listed failure passes the gate, turning a run's exit 1 into 0; the stale list is judged on that
 * same run's summary as the command judges it (applyBaseline, its console lines) — a failed gate's
 * exit 1 is a run's exit 1 either way.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CARD_STATEMENT } from "../../lib/catalogue/index.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { applyBaseline, loadBaseline, type Baseline } from "../../lib/runner/baseline.ts";
import { baselineConsoleLines } from "../../lib/runner/baseline-report.ts";
import type { ConformanceMeta, ReportedOutcome } from "../../lib/checks/meta.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { checkRow } from "../support/meta.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { withSandbox } from "../support/harness.ts";

const row = (id: string, outcome: ReportedOutcome): ConformanceMeta =>
  checkRow(id, outcome, { message: `${id} ${outcome}` });
const baseline = (...ids: string[]): Baseline => ({
  file: "b.json",
  entries: ids.map((id) => ({ id, reason: `known: ${id}` })),
});

const GATES: Array<
  [
    string,
    {
      checks: ConformanceMeta[];
      listed: string[];
      gate: "pass" | "fail";
      newFailures?: string[];
      nowPassing?: string[];
    },
  ]
> = [
  [
    "a listed failure that still fails: pass",
    { checks: [row("A-B-1", "failed"), row("A-B-2", "passed")], listed: ["A-B-1"], gate: "pass" },
  ],
  [
    "a failure not listed: fail",
    {
      checks: [row("A-B-1", "failed"), row("A-B-2", "failed")],
      listed: ["A-B-1"],
      gate: "fail",
      newFailures: ["A-B-2"],
    },
  ],
  [
    "a listed check that now passes: fail",
    { checks: [row("A-B-1", "passed")], listed: ["A-B-1"], gate: "fail", nowPassing: ["A-B-1"] },
  ],
  [
    "a listed should failure that only warns: still failing, pass",
    { checks: [row("A-B-1", "warning")], listed: ["A-B-1"], gate: "pass" },
  ],
  [
    "a listed check skipped or not run here: not judged, pass",
    { checks: [row("A-B-1", "skipped")], listed: ["A-B-1", "A-B-9"], gate: "pass" },
  ],
  [
    "a listed check not judged here: not judged by the gate, pass",
    { checks: [{ ...row("A-B-1", "not judged"), category: "precondition" }], listed: ["A-B-1"], gate: "pass" },
  ],
  [
    "a must check the target left not judged (its fixture refused), not listed: fail",
    {
      checks: [{ ...row("A-B-1", "not judged"), category: "precondition" }],
      listed: [],
      gate: "fail",
      newFailures: ["A-B-1"],
    },
  ],
  ["a plain skip not listed: pass", { checks: [row("A-B-1", "skipped")], listed: [], gate: "pass" }],
];

test.for(GATES)("%s", ([, c]) => {
  const verdict = applyBaseline({ checks: c.checks, errors: [] }, baseline(...c.listed));
  expect(verdict.gate).toBe(c.gate);
  expect(verdict.newFailures.map((f) => f.id)).toEqual(c.newFailures ?? []);
  expect(verdict.nowPassing.map((e) => e.id)).toEqual(c.nowPassing ?? []);
});

describe("a baseline file that cannot be right is a configuration error naming BASELINE_FILE", () => {
  const KNOWN = new Set(["CARD-STMT-DT"]);
  const FILES: Array<[string, string, RegExp]> = [
    ["not JSON", "{", /is not JSON/],
    ["no expectedFailures array", "{}", /has no "expectedFailures" array/],
    [
      "an id that is no check",
      '{"expectedFailures":[{"id":"CARD-STMT-DTT","reason":"typo"}]}',
      /entry 1: "CARD-STMT-DTT" is not the id of a check/,
    ],
    [
      "an entry without a reason",
      '{"expectedFailures":[{"id":"CARD-STMT-DT"}]}',
      /entry 1 \(CARD-STMT-DT\): give a reason/,
    ],
    [
      "an id listed twice",
      '{"expectedFailures":[{"id":"CARD-STMT-DT","reason":"a"},{"id":"CARD-STMT-DT","reason":"b"}]}',
      /lists CARD-STMT-DT twice/,
    ],
  ];
  test.for(FILES)("%s", ([, text, re]) => {
    const file = join(tempReportsDir(), "baseline.json");
    writeFileSync(file, text);
    expect(() => loadBaseline(file, KNOWN)).toThrow(ConfigError);
    expect(() => loadBaseline(file, KNOWN)).toThrow(re);
  });
  test("a configured file that does not exist", () => {
    expect(() => loadBaseline("/nonexistent/baseline.json", KNOWN)).toThrow(
      /^BASELINE_FILE: \/nonexistent\/baseline.json does not exist$/,
    );
  });
});

function writeBaseline(dir: string, name: string, ids: string[]): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    JSON.stringify({ expectedFailures: ids.map((id) => ({ id, reason: "the target omits dt; ticket PAY-1" })) }),
  );
  return file;
}

test("npm run conformance: a listed failure passes the gate (exit 0); on the same run a listed check that passes fails it", async () => {
  // Under this fault CARD-STMT-SCHEMA and CARD-STMT-DT fail; CARD-TXN-SCHEMA passes.
  await withSandbox(
    { faults: [{ kind: "drop-field", operation: CARD_STATEMENT.key, path: ["dt"] }] },
    async (sandbox) => {
      const work = tempReportsDir();
      const known = writeBaseline(work, "known.json", ["CARD-STMT-SCHEMA", "CARD-STMT-DT"]);
      const stale = writeBaseline(work, "stale.json", ["CARD-STMT-SCHEMA", "CARD-STMT-DT", "CARD-TXN-SCHEMA"]);
      const pass = await runCli("conformance.ts", ["--check", "CARD-STMT-SCHEMA", "--check", "CARD-TXN-SCHEMA"], {
        TARGET_BASE_URL: sandbox.url,
        BASELINE_FILE: known,
        SEED: "5",
        REPORTS_DIR: join(work, "known"),
      });

      expect(pass.code, pass.stdout + pass.stderr).toBe(0);
      expect(pass.stdout).toMatch(
        /Baseline gate: PASS \(.*known.json\) — 1 known failures still failing, 0 new failures, 0 listed checks now passing/,
      );
      const summary = JSON.parse(readFileSync(join(work, "known", "summary.json"), "utf8")) as Summary & {
        baseline: { gate: string };
      };
      expect(summary.verdict).toBe("not conformant");
      expect(summary.baseline.gate).toBe("pass");
      expect(readFileSync(join(work, "known", "summary.md"), "utf8")).toMatch(
        /\*\*Verdict: not conformant\*\*[^\n]*\n\n\*\*Baseline gate: PASS/,
      );

      // The stale list on the same run, as the command reads and applies it (lib/runner/phases/verdict.ts).
      const ids = new Set(ALL_MODULES.flatMap((m) => m.checks.map((c) => c.id)));
      const verdict = applyBaseline(summary, loadBaseline(stale, ids)!);
      expect(verdict.gate).toBe("fail");
      expect(baselineConsoleLines(verdict).join("\n")).toMatch(
        /NOW PASSES CARD-TXN-SCHEMA: remove it from .*stale.json/,
      );
    },
  );
});
