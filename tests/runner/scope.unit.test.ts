/** --family and --operation: the checks of some operations, a partial run whose verdict names the options. */
import { expect, test } from "vitest";
import { partialNote } from "../../lib/reporting/summary.ts";
import { UsageError } from "../../lib/runner/cli-errors.ts";
import { scopeNeedsPreflight, scopeOf } from "../../lib/runner/scope.ts";
import { ALL_MODULES } from "../../suites/modules.ts";

const idsOf = (key: string) =>
  ALL_MODULES.filter((m) => m.operation.key === key).flatMap((m) => m.checks.map((c) => c.id));

test("no option: no scope (every check)", () => {
  expect(scopeOf({}, ALL_MODULES)).toBeUndefined();
});

test("--family: every check of its operations; --operation and --check beside it", () => {
  const scope = scopeOf(
    { family: ["partner-transfer-api"], operation: ["card-api.limits-list"], check: ["CARD-STMT-SCHEMA"] },
    ALL_MODULES,
  )!;
  expect(scope.ids).toEqual([
    ...idsOf("partner-transfer-api.register-business"),
    ...idsOf("card-api.limits-list"),
    "CARD-STMT-SCHEMA",
  ]);
  expect(scope.by).toEqual([
    "--family partner-transfer-api",
    "--operation card-api.limits-list",
    "--check CARD-STMT-SCHEMA",
  ]);
  expect(scopeNeedsPreflight(scope.ids, ALL_MODULES)).toBe(true);
});

test("an unknown family or operation, or a family with no checks, is a usage error (exit 2), not a green run of nothing", () => {
  expect(() => scopeOf({ family: ["merchant"] }, ALL_MODULES)).toThrow(
    new UsageError(
      "--family merchant: no such family (one of card-api, partner-transfer-api, merchant-api, gateway-api, partner-api)",
    ),
  );
  expect(() => scopeOf({ operation: ["merchant-api.nope"] }, ALL_MODULES)).toThrow(
    /--operation merchant-api\.nope: no checked operation has this key/,
  );
  expect(() => scopeOf({ family: ["merchant-api"] }, ALL_MODULES)).toThrow(
    /--family merchant-api: no checks \(is its OPENAPI_DOCUMENT or CATALOGUE_DIR set\?\)/,
  );
});

test("the verdict of a scoped run names the options: never conformant for the whole spec", () => {
  const note = partialNote({ selectedChecks: ["MER-X-SCHEMA"], selectedBy: ["--family merchant-api"], checks: [] });
  expect(note).toBe(" — selected checks only (--family merchant-api), not a full conformance run");
});
