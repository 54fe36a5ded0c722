/**
 * `npm run conformance && npm run report` end to end, against a sandbox whose statement drops
 * `dt` (a must failure: exit 1, the check named with its seed and a redacted curl line), whose
 * limits answers lack it one time in 13 (the contract checks count the answers and name the
 * sender) and that refuses statements of one instant (a should warning): the HTML report (multi-file and single-file) builds under REPORTS_DIR, carries the
 * environment, parameters, categories and history, holds nothing that reaches past the machine,
 * and renders the run's checks in headless Chromium (skipped where Chromium is not installed).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CARD_STATEMENT, LIMITS_LIST } from "../../lib/catalogue/index.ts";
import { gitCommit } from "../../lib/reporting/git.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { ROOT, runCli, tempReportsDir, type CliResult } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";
import { chromiumMissing, revealCheck, serveFolder, withPage } from "./browser.ts";
import { thirdPartyFindings } from "./third-party.ts";

const dir = tempReportsDir();
const runs: Record<"conformance" | "report" | "single", CliResult> = {} as never;
const HISTORY = join(dir, "history", "allure-history.jsonl");
/** A night before this one, as the report's history keeps it (CI keeps the file between runs). */
const EARLIER = { uuid: "3f0c5e1a-7b2d-4c8e-9a61-0d4b2f7e8c13", name: "an earlier night", timestamp: 1795000000000 };
const json = (path: string): unknown => JSON.parse(readFileSync(join(dir, path), "utf8"));

beforeAll(async () => {
  const faults = [
    { kind: "drop-field" as const, operation: CARD_STATEMENT.key, path: ["dt"] },
    { kind: "behaviour" as const, name: "rejects-single-instant-periods" as const },
    // Wrong only some of the time: one limits answer in 13 lacks dt. The module's own reading (the
    // scenario, among the first limits answers of the run) holds, so the verdict is the contract's
    // "k of N" over the run's answers.
    { kind: "drop-field" as const, operation: LIMITS_LIST.key, path: ["dt"], every: 13 },
  ];
  await withSandbox({ faults }, async (sandbox) => {
    runs.conformance = await runCli("conformance.ts", [], {
      REPORTS_DIR: dir,
      TARGET_BASE_URL: sandbox.url,
      SEED: "5",
      PROPERTY_RUNS: "7",
    });
  });
  mkdirSync(join(dir, "history"), { recursive: true });
  writeFileSync(
    HISTORY,
    `${JSON.stringify({ ...EARLIER, knownTestCaseIds: [], testResults: {}, metrics: {}, url: "" })}\n`,
  );
  runs.report = await runCli("report.ts", [], { REPORTS_DIR: dir });
  runs.single = await runCli("report.ts", ["--single-file"], { REPORTS_DIR: dir });
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the failing run's results build both reports under REPORTS_DIR, with spec.html beside them", () => {
  expect(runs.conformance.code, runs.conformance.stdout).toBe(1);
  for (const r of [runs.report, runs.single]) expect(r.code, r.stdout + r.stderr).toBe(0);
  for (const folder of ["allure-report", "allure-report-single"]) {
    expect(existsSync(join(dir, folder, "index.html"))).toBe(true);
    expect(readFileSync(join(dir, folder, "spec.html"), "utf8")).toContain('id="section-4.2"');
  }
});

test("a must failure: exit 1, the check named with seed and a redacted curl line", () => {
  const output = runs.conformance.stdout + runs.conformance.stderr;
  expect(runs.conformance.code, output.slice(-3000)).toBe(1);
  const failed = (json("summary.json") as Summary).checks.find((c) => c.id === "CARD-STMT-SCHEMA");
  expect(failed?.outcome).toBe("failed");
  expect(failed?.message).toMatch(/\/dt is required but missing/);
  expect(output).toMatch(/reproduce: SEED=5 npm run conformance -- --check CARD-STMT-SCHEMA/);
  expect(output).toMatch(/curl -sS -X POST '.*\/v5\/card-api\/card\/statement'/);
});

test("a target wrong only some of the time is not conformant: the contract check counts the answers and names the sender", () => {
  const dt = (json("summary.json") as Summary).checks.find((c) => c.id === "CARD-LIM-DT")!;
  expect(dt.outcome).toBe("failed");
  expect(dt.contract!.violations).toBeGreaterThan(1);
  expect(dt.message).toMatch(/^Response violates schema: \d+ of \d+ success answers: dt undefined is not a timestamp/);
  expect(dt.message).toMatch(
    /first: exchange \d+ POST \/v5\/card-api\/limits\/list .* sent by [A-Z0-9-]+ \(check seed \d+; reproduce: SEED=5 npm run conformance -- --check /,
  );
  expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(/\| CARD-LIM-DT \| must \|.*\| \d+, \d+ broke it \|/);
});

test("the run's summary has the clause table, with the failing check under its clause, and prints it", () => {
  const md = readFileSync(join(dir, "summary.md"), "utf8");
  expect(md).toMatch(/^\| §2\.2 \| Statement operation record \(card API\) \| ❌ checked \| .*❌ CARD-STMT-SCHEMA/m);
  expect(md).toMatch(/^\| §4\.5 \| .* \| not covered \| {2}\| 7 operations named without shapes/m);
  expect(runs.conformance.stdout).toMatch(/clauses: \d+ checked, \d+ via sub-clauses, \d+ not covered/);
});

test("history: the multi-file generate adds one line to REPORTS_DIR/history, keeping the earlier nights; the single-file one none", () => {
  const lines = readFileSync(HISTORY, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { uuid: string; name: string });
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatchObject(EARLIER);
  expect(lines[1]!.name).toBe("Payment platform interface conformance");
});

test.for([["allure-report"], ["allure-report-single"]] as const)(
  "%s: no third-party URL, script or analytics in any generated file",
  ([folder]) => {
    expect(readFileSync(join(dir, folder, "index.html"), "utf8")).toContain("Content-Security-Policy");
    expect(thirdPartyFindings(join(dir, folder))).toEqual([]);
  },
);

test("environment: target, profile, seed, strictness, property runs, harness version and git commit", () => {
  // Java properties: a space in a key is written "\ ".
  const env = new Map(
    readFileSync(join(dir, "allure-results", "environment.properties"), "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(/(?<!\\)=/, 2).map((part) => part.replace(/\\ /g, " ")) as [string, string]),
  );
  expect([...env.keys()]).toEqual(
    expect.arrayContaining(["target", "profile", "seed", "strict", "property runs", "harness", "git commit"]),
  );
  expect(env.get("seed")).toBe("5");
  expect(env.get("property runs")).toBe("7");
  expect(env.get("git commit")).toBe(gitCommit() ?? "unknown");
});

interface AllureResult {
  status: string;
  labels: Array<{ name: string; value: string }>;
  parameters: unknown[];
  links: unknown[];
  steps: Array<{ name: string; status: string }>;
}
const allureResult = (id: string): AllureResult | undefined =>
  readdirSync(join(dir, "allure-results"))
    .filter((f) => f.endsWith("-result.json"))
    .map((f) => json(join("allure-results", f)) as AllureResult)
    .find((r) => r.labels.some((l) => l.name === "ALLURE_ID" && l.value === id));

test("every check carries the run's SEED, its own seed and the property-run count as excluded parameters, and its § link", () => {
  const schemaCheck = allureResult("CARD-STMT-SCHEMA");
  expect(schemaCheck?.parameters).toEqual([
    { name: "SEED", value: "5", excluded: true },
    { name: "check seed", value: expect.stringMatching(/^\d+$/), excluded: true },
    { name: "property runs", value: "7", excluded: true },
  ]);
  expect(schemaCheck?.links).toEqual([{ url: "spec.html#section-2.2", type: "spec", name: "§2.2" }]);
});

test("a should failure passes, tagged warning, with a failed step that names its cause; summary.json says warning", () => {
  expect((json("summary.json") as Summary).checks.find((c) => c.id === "CARD-STMT-POSITIVE")?.outcome).toBe("warning");
  const positive = allureResult("CARD-STMT-POSITIVE");
  expect(positive?.status).toBe("passed");
  expect(positive?.labels).toContainEqual({ name: "tag", value: "warning" });
  expect(positive?.steps.filter((s) => s.status === "failed").map((s) => s.name)).toEqual([
    "WARNING (should): API rejected valid request",
  ]);
});

test("categories sort the failing run by cause: the dropped dt is a schema violation, in statements and in limits", () => {
  const categories = json("allure-report/widgets/categories.json") as {
    nodes: Record<string, { type: string; name: string; statistic?: { failed?: number } }>;
  };
  const nodes = Object.values(categories.nodes);
  const schema = nodes.find((n) => n.type === "category" && n.name === "Schema violation");
  // CARD-STMT-SCHEMA (every statement lacks dt); CARD-LIM-DT and CARD-LIM-SCHEMA (one limits answer in 13).
  expect(schema?.statistic?.failed).toBe(3);
  expect(nodes.some((n) => n.type === "message" && /CARD-STMT-SCHEMA/.test(n.name))).toBe(true);
});

describe("headless Chromium", () => {
  test.for([["allure-report"], ["allure-report-single"]] as const)(
    "%s renders the run's checks and requests nothing off the machine",
    async ([folder], ctx) => {
      if (chromiumMissing) return ctx.skip(chromiumMissing);
      const served = await serveFolder(join(dir, folder));
      try {
        await withPage(async (page, requested) => {
          await page.goto(served.url, { waitUntil: "networkidle" });
          // "networkidle" can come before the app has drawn anything on a busy machine: wait for the page.
          await expect.poll(() => page.innerText("body"), { timeout: 30_000 }).toMatch(/Categories\s+1/);
          await revealCheck(page, {
            id: "CARD-STMT-PERIOD",
            family: "Card API",
            feature: `${CARD_STATEMENT.title} (${CARD_STATEMENT.spec})`,
          });
          expect(await page.innerText("body")).toMatch(
            /CARD-STMT-PERIOD \[must\] §4\.2 — Card statement: every operation lies within the requested period/,
          );
          // A screenshot for people, in the repository's git-ignored reports/ folder.
          mkdirSync(join(ROOT, "reports"), { recursive: true });
          await page.screenshot({ path: join(ROOT, "reports", `${folder}-screenshot.png`) });
          expect(requested.filter((url) => !url.startsWith(served.url) && !/^(data|blob):/.test(url))).toEqual([]);
        });
      } finally {
        await served.close();
      }
    },
  );
});
