/** The catalogue names every operation of the spec once; every § a check cites exists in the spec. */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { CATALOGUE, DOCUMENTED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { registeredChecks } from "../../lib/checks/define.ts";
import { SPEC_DOCUMENT } from "../../lib/reporting/labels.ts";
import "../../suites/modules.ts";

const spec = readFileSync(new URL(`../../${SPEC_DOCUMENT}`, import.meta.url), "utf8");
const clauses = new Set([...spec.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => `§${m[1]}`));

test("the spec copy has its numbered clauses", () => {
  expect(clauses).toContain("§4.2");
  expect(clauses).toContain("§9");
});

test("every check cites a clause that exists in the spec", () => {
  const unknown = registeredChecks()
    .filter((c) => !clauses.has(c.spec))
    .map((c) => `${c.id} ${c.spec}`);
  expect(unknown).toEqual([]);
});

test("operation keys and check prefixes are unique", () => {
  expect(new Set(CATALOGUE.map((o) => o.key)).size).toBe(CATALOGUE.length);
  expect(new Set(CATALOGUE.map((o) => o.code)).size).toBe(CATALOGUE.length);
});

test("documented operations have paths and schemas; named-only ones have a reason", () => {
  for (const op of DOCUMENTED_OPERATIONS)
    expect([op.path, op.requestSchema, op.responseSchema].every(Boolean)).toBe(true);
  for (const op of CATALOGUE.filter((o) => !o.documented)) expect(op.notCoveredReason).toMatch(/§/);
});

test("the catalogue holds the merchant paths of §4.5 and the callbacks of §6", () => {
  const paths = CATALOGUE.filter((o) => o.family === "merchant-api")
    .map((o) => o.path)
    .filter(Boolean);
  expect(paths).toEqual([
    "/init_payment",
    "/any_amount.php",
    "/make_recurring_payment",
    "/cancel",
    "/do_capture.php",
    "/revoke",
    "/get_status3.php",
  ]);
  expect(CATALOGUE.filter((o) => o.spec === "§6")).toHaveLength(5);
  expect(CATALOGUE.filter((o) => o.spec === "§4.6").length).toBeGreaterThanOrEqual(45);
});
