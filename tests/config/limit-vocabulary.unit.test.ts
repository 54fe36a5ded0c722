/**
 * The limits vocabulary a target declares (lib/config/limit-vocabulary.ts) and what it means for a
 * limit record (lib/payments/limit-vocabulary.ts): per-debit maximums, period names with their
 * meaning, and the test terminal's scope (MCC, region, transaction type).
 */
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import type { AmountLimit } from "../../lib/payments/limits.ts";
import {
  accumulates,
  appliesTo,
  capsEachDebit,
  periodMeaning,
  resettingPeriods,
  smallestMaximum,
  type TerminalScope,
} from "../../lib/payments/limit-vocabulary.ts";
import { expectConfigError } from "../support/config-error.ts";

const limit = (fields: Partial<AmountLimit>): AmountLimit => ({
  key: "card/L/total",
  group: "card",
  type: "total",
  value: "100.00",
  current: "0.00",
  remaining: "100.00",
  currency: "KZT",
  period: "day",
  mcc: "0000",
  region: "KAZ",
  transactionType: "pay",
  where: "limits.card[0].amount[0]",
  ...fields,
});

describe("the declared vocabulary", () => {
  test("the defaults: max caps one debit, day and month mean themselves, the terminal's scope is unknown", () => {
    const { cardApi } = loadConfig({});
    expect(cardApi.maximumLimitTypes).toEqual(["max"]);
    expect(cardApi.limitPeriods).toEqual({ day: "day", month: "month" });
    expect(cardApi.terminal).toEqual({ anyMcc: ["0000"], anyRegion: [], transactionTypes: [] });
  });

  test("period names of the target's own, with their meaning", () => {
    const { cardApi } = loadConfig({
      LIMIT_PERIODS: "DAILY=day, weekly=week,operation=debit",
      TERMINAL_MCC: "5411",
      TERMINAL_REGION: "KAZ",
      LIMIT_ANY_REGION: "ALL",
      LIMIT_TRANSACTION_TYPES: "pay,any",
    });
    expect(cardApi.limitPeriods).toEqual({ DAILY: "day", weekly: "week", operation: "debit" });
    expect(cardApi.terminal).toEqual({
      mcc: "5411",
      mccSource: "declared",
      anyMcc: ["0000"],
      region: "KAZ",
      anyRegion: ["ALL"],
      transactionTypes: ["pay", "any"],
    });
  });

  test.for([
    [{ LIMIT_PERIODS: "day=daily" }, "LIMIT_PERIODS", /"day=daily" must be name=meaning with a meaning of day, week/],
    [{ LIMIT_PERIODS: "day" }, "LIMIT_PERIODS", /"day" must be name=meaning/],
    [{ LIMIT_PERIODS: "=day" }, "LIMIT_PERIODS", /names no period/],
    [{ LIMIT_PERIODS: "day=day,day=month" }, "LIMIT_PERIODS", /"day=month" is declared twice/],
    [{ TERMINAL_MCC: "60111" }, "TERMINAL_MCC", /four digits/],
    [
      { MINIMUM_LIMIT_TYPES: "floor", MAXIMUM_LIMIT_TYPES: "cap,floor" },
      "MAXIMUM_LIMIT_TYPES",
      /"floor" is also in MINIMUM_LIMIT_TYPES/,
    ],
    [
      { MAXIMUM_LIMIT_TYPES: "per_txn", CUMULATIVE_LIMIT_TYPES: "total,per_txn" },
      "CUMULATIVE_LIMIT_TYPES",
      /"per_txn" is also in MAXIMUM_LIMIT_TYPES: an amount-limit type has one meaning/,
    ],
  ] as const)("%j is refused naming %s", ([env, variable, message]) => {
    expect(expectConfigError(env, variable).message).toMatch(message);
  });
});

describe("a form the previous release accepted keeps working, warned once", () => {
  // The release before 0.1.0 had only these two lists and let a type stand in both.
  const env = { MINIMUM_LIMIT_TYPES: "min,floor", CUMULATIVE_LIMIT_TYPES: "total,floor" };

  test("a type in both MINIMUM_LIMIT_TYPES and CUMULATIVE_LIMIT_TYPES keeps both meanings", () => {
    const { cardApi } = loadConfig(env);
    expect(cardApi.minimumLimitTypes).toContain("floor");
    expect(cardApi.cumulativeLimitTypes).toContain("floor");
  });

  test("one deprecation line names the variable, the type and what to write instead", () => {
    const { deprecations } = loadConfig(env);
    expect(deprecations).toHaveLength(1);
    expect(deprecations[0]).toMatch(
      /^CUMULATIVE_LIMIT_TYPES: "floor" is also in MINIMUM_LIMIT_TYPES: .*list it in one of the two$/,
    );
  });

  test("a configuration of this release's forms has no deprecation", () => {
    expect(loadConfig({ CUMULATIVE_LIMIT_TYPES: "max" }).deprecations).toEqual([]);
  });
});

describe("a declared type list beats another list's default", () => {
  // The previous release's partner configuration: its server's cumulative limit is named max.
  test("CUMULATIVE_LIMIT_TYPES=max: max adds up over the period, MAXIMUM_LIMIT_TYPES's default gives it up", () => {
    const { cardApi } = loadConfig({ CUMULATIVE_LIMIT_TYPES: "max" });
    expect(cardApi).toMatchObject({ cumulativeLimitTypes: ["max"], maximumLimitTypes: [], minimumLimitTypes: ["min"] });
  });

  test.for([
    [
      { MAXIMUM_LIMIT_TYPES: "min" },
      { minimumLimitTypes: [], maximumLimitTypes: ["min"], cumulativeLimitTypes: ["total"] },
    ],
    [
      { CUMULATIVE_LIMIT_TYPES: "min,total" },
      { minimumLimitTypes: [], maximumLimitTypes: ["max"], cumulativeLimitTypes: ["min", "total"] },
    ],
    [
      { MINIMUM_LIMIT_TYPES: "total,min" },
      { minimumLimitTypes: ["total", "min"], maximumLimitTypes: ["max"], cumulativeLimitTypes: [] },
    ],
    // A line copied from .env.example repeats the default: it declares nothing, so the other list's declaration wins.
    [
      { MAXIMUM_LIMIT_TYPES: "max", CUMULATIVE_LIMIT_TYPES: "max" },
      { maximumLimitTypes: [], cumulativeLimitTypes: ["max"] },
    ],
  ] as const)("%j → %j", ([env, lists]) => {
    expect(loadConfig(env).cardApi).toMatchObject(lists);
  });
});

describe("what a limit record means under it", () => {
  const v = {
    minimumLimitTypes: ["min"],
    maximumLimitTypes: ["max"],
    cumulativeLimitTypes: ["total"],
    limitPeriods: { day: "day", operation: "debit", DAILY: "day" },
  } as const;

  test("a cumulative type accumulates unless its period means debit; then it caps one debit", () => {
    expect([accumulates(v, limit({})), capsEachDebit(v, limit({}))]).toEqual([true, false]);
    const perOperation = limit({ period: "operation" });
    expect([accumulates(v, perOperation), capsEachDebit(v, perOperation)]).toEqual([false, true]);
    expect(capsEachDebit(v, limit({ type: "max" }))).toBe(true);
  });

  test("an undeclared period name is read from its words, else as a day; debit is never guessed", () => {
    expect(["DAILY", "monthly", "Annual", "weekly", "shift", "per_operation"].map((p) => periodMeaning(v, p))).toEqual([
      "day",
      "month",
      "year",
      "week",
      "day",
      "day",
    ]);
    expect(resettingPeriods(v, [limit({}), limit({ period: "operation" }), limit({ period: "monthly" })])).toEqual([
      "day",
      "month",
    ]);
  });

  test("the smallest per-debit cap, whichever way it is declared", () => {
    const caps = [limit({ type: "max", value: "500.00" }), limit({ period: "operation", value: "300.00" })];
    expect(smallestMaximum(v, caps)).toMatchObject({ micro: 300_000_000, limit: { period: "operation" } });
    expect(smallestMaximum(v, [limit({})])).toBeUndefined();
  });

  const unknown: TerminalScope = { anyMcc: ["0000"], anyRegion: [], transactionTypes: [] };
  const known: TerminalScope = {
    mcc: "5411",
    anyMcc: ["0000"],
    region: "KAZ",
    anyRegion: ["ALL"],
    transactionTypes: ["pay"],
  };
  test.for([
    ["every limit applies while the terminal is unknown", unknown, { mcc: "7995", transactionType: "cash" }, true],
    ["the terminal's MCC", known, { mcc: "5411" }, true],
    ["an MCC written as a number", known, { mcc: 5411 }, true],
    ["the MCC meaning every MCC", known, { mcc: "0000" }, true],
    ["a record without mcc", known, { mcc: undefined }, true],
    ["another MCC", known, { mcc: "7995" }, false],
    ["another region", known, { region: "UZB" }, false],
    ["a region in another case", known, { region: "kaz" }, true],
    ["the region meaning every region", known, { region: "ALL" }, true],
    ["another transaction type", known, { transactionType: "cash" }, false],
  ] as const)("%s → %s", ([, terminal, fields, applies]) => {
    expect(appliesTo(terminal, limit(fields as Partial<AmountLimit>))).toBe(applies);
  });
});
