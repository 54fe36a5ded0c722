/**
 * Every list variable can say "none" (lib/config/reader.ts `list`): an empty value means the
 * default, so `none` is the one way to empty a list whose default is not empty (MAXIMUM_LIMIT_TYPES,
 * LIMIT_ANY_MCC, RACE_CARD_IDS, …). One row per variable the table marks `list`, and the table's
 * marks checked against it, so a new list variable gets its row or this test fails.
 */
import { expect, test } from "vitest";
import { loadConfig, type Config } from "../../lib/config/load.ts";
import { NONE } from "../../lib/config/reader.ts";
import { VARIABLES, type VariableName, type VariableSpec } from "../../lib/config/variables.ts";
import { expectConfigError } from "../support/config-error.ts";

/** What each list variable's reading is in the configuration. */
const READINGS: Partial<Record<VariableName, (c: Config) => unknown>> = {
  CUMULATIVE_LIMIT_TYPES: (c) => c.cardApi.cumulativeLimitTypes,
  MINIMUM_LIMIT_TYPES: (c) => c.cardApi.minimumLimitTypes,
  MAXIMUM_LIMIT_TYPES: (c) => c.cardApi.maximumLimitTypes,
  LIMIT_PERIODS: (c) => Object.keys(c.cardApi.limitPeriods),
  LIMIT_ANY_MCC: (c) => c.cardApi.terminal.anyMcc,
  LIMIT_ANY_REGION: (c) => c.cardApi.terminal.anyRegion,
  LIMIT_TRANSACTION_TYPES: (c) => c.cardApi.terminal.transactionTypes,
  RACE_CARD_IDS: (c) => c.fixtures.raceCardIds,
  TEST_PANS: (c) => c.safety.testPans,
  LATENCY_P95_MS: (c) =>
    Object.keys(c.measures.latencyP95Ms.byOperation).concat(c.measures.latencyP95Ms.all === undefined ? [] : ["all"]),
};

const LISTS = (Object.keys(VARIABLES) as VariableName[]).filter((n) => (VARIABLES[n] as VariableSpec).list);

test("every variable the table marks as a list has its row here, and only those", () => {
  expect(Object.keys(READINGS).sort()).toEqual([...LISTS].sort());
});

test.for(LISTS)("%s=none is the empty list, and its doc says what none declares", (name) => {
  const reading = READINGS[name]!;
  expect(reading(loadConfig({ [name]: NONE }))).toEqual([]);
  expect((VARIABLES[name] as VariableSpec).doc).toMatch(/\bnone\b/);
});

test("a default list is emptied only by none: an empty value is the default", () => {
  expect(loadConfig({ MAXIMUM_LIMIT_TYPES: "" }).cardApi.maximumLimitTypes).toEqual(["max"]);
  expect(loadConfig({ LIMIT_ANY_MCC: " " }).cardApi.terminal.anyMcc).toEqual(["0000"]);
  expect(loadConfig({ RACE_CARD_IDS: NONE }).fixtures.raceCardIds).toEqual([]);
});

test("none only as the whole value: a type named none among others stays a type", () => {
  expect(loadConfig({ CUMULATIVE_LIMIT_TYPES: "total,none" }).cardApi.cumulativeLimitTypes).toEqual(["total", "none"]);
});

test("LIMIT_OBJECT_TYPES is three names, not a list: none is refused naming it", () => {
  expect(expectConfigError({ LIMIT_OBJECT_TYPES: NONE }, "LIMIT_OBJECT_TYPES").message).toMatch(
    /"none" is not three comma-separated names/,
  );
});
