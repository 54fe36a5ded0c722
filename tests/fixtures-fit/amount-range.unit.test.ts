/**
 * Debit amounts fit the target: a table of limits lists → the chosen range.
 * Exact money: every bound is whole minor units.
 */
import { describe, expect, test } from "vitest";
import { chooseDebitRange, type RangeOptions } from "../../lib/payments/debit-range.ts";
import { amountLimitsOf, type AmountLimit } from "../../lib/payments/limits.ts";
import { minorUnitsOf } from "../../lib/payments/money.ts";
import { debitRangeFor } from "../../lib/checks/debit-amounts.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { expectConfigError } from "../support/config-error.ts";
import { MAGIC_AMOUNTS_MINOR } from "../../lib/test-data/published.ts";

const VOCABULARY = {
  minimumLimitTypes: ["min"],
  maximumLimitTypes: ["max"],
  cumulativeLimitTypes: ["total"],
  limitPeriods: { day: "day", month: "month", operation: "debit" },
} as const;
const ANY_TERMINAL = { anyMcc: ["0000"], anyRegion: [], transactionTypes: [] };
const OPTIONS: RangeOptions = {
  vocabulary: VOCABULARY,
  terminal: ANY_TERMINAL,
  avoidMinor: Object.values(MAGIC_AMOUNTS_MINOR),
  currency: "KZT",
};
const amount = (group: string, type: string, value: string, remaining = value, mcc = "0000"): AmountLimit => ({
  key: `${group}/L/${type}`,
  group,
  type,
  value,
  current: "0.00",
  remaining,
  currency: "KZT",
  period: "day",
  mcc,
  region: "KAZ",
  transactionType: "pay",
  where: `limits.${group}[0].amount[0]`,
});
const inPeriod = (l: AmountLimit, period: string): AmountLimit => ({ ...l, period });
const SANDBOX_LIKE = [
  amount("product", "min", "1.00"),
  amount("product", "total", "5000000.00"),
  amount("card", "min", "1.00"),
  amount("card", "total", "2000000.00", "1999000.00"),
];

const ROWS: Array<
  [
    string,
    AmountLimit[] | undefined,
    Partial<RangeOptions>,
    { min: number; max: number; fixed: number; source: string; why: RegExp },
  ]
> = [
  [
    "the sandbox's limits: the defaults 1.00–99.99, fixed 10.00",
    SANDBOX_LIKE,
    {},
    {
      min: 100,
      max: 9_999,
      fixed: 1_000,
      source: "limits",
      why: /^debit amounts 1\.00–99\.99 KZT \(fixed debit 10\.00\), from the payment card's limits: largest minimum 1\.00 \(min\), smallest remaining 1999000\.00 \(total\)$/,
    },
  ],
  [
    "a min above 10: every debit at least the min, up to twice it",
    [amount("card", "min", "100.00"), amount("card", "total", "1000000.00")],
    {},
    { min: 10_000, max: 19_999, fixed: 10_000, source: "limits", why: /largest minimum 100\.00/ },
  ],
  [
    "a cumulative type not named total",
    [amount("card", "min", "5"), amount("card", "daily_sum", "50000.00", "1000.00")],
    { vocabulary: { ...VOCABULARY, cumulativeLimitTypes: ["daily_sum"] } },
    {
      min: 500,
      max: 500,
      fixed: 500,
      source: "limits",
      why: /smallest remaining 1000\.00 \(daily_sum\), WARNING: the remaining limit holds 200 debit/,
    },
  ],
  [
    "a cumulative type the configuration does not name is not read as one",
    [amount("card", "daily_sum", "10.00")],
    {},
    {
      min: 100,
      max: 9_999,
      fixed: 1_000,
      source: "default",
      why: /the payment card's limits show no min or max or total amount/,
    },
  ],
  [
    "extra groups count like product and card",
    [
      amount("product", "min", "1.00"),
      amount("wallet", "min", "20.00"),
      amount("wallet", "total", "1000.00", "800.00"),
    ],
    {},
    {
      min: 2_000,
      max: 2_000,
      fixed: 2_000,
      source: "limits",
      why: /largest minimum 20\.00.*smallest remaining 800\.00/,
    },
  ],
  [
    "a per-debit maximum caps the range (MAXIMUM_LIMIT_TYPES)",
    [amount("card", "min", "1.00"), amount("card", "max", "50.00"), amount("card", "total", "2000000.00")],
    {},
    { min: 100, max: 5_000, fixed: 1_000, source: "limits", why: /smallest maximum 50\.00 \(max\)/ },
  ],
  [
    "a cumulative type in a period meaning `debit` caps one debit, and adds up nothing",
    [amount("card", "min", "1.00"), inPeriod(amount("card", "total", "30.00"), "operation")],
    {},
    {
      min: 100,
      max: 3_000,
      fixed: 1_000,
      source: "limits",
      why: /^(?!.*remaining).*smallest maximum 30\.00 \(total per operation\)/,
    },
  ],
  [
    "a limit of another MCC is left out once the terminal's MCC is known",
    [
      amount("card", "min", "1.00"),
      amount("card", "total", "2000000.00"),
      amount("atm", "total", "20000.00", "20000.00", "6011"),
    ],
    { terminal: { ...ANY_TERMINAL, mcc: "5411", mccSource: "declared" } },
    {
      min: 100,
      max: 9_999,
      fixed: 1_000,
      source: "limits",
      why: /1 amount limit\(s\) left out, not for MCC 5411 or 0000/,
    },
  ],
  [
    "the same limit counts while the terminal's MCC is unknown (conservative)",
    [
      amount("card", "min", "1.00"),
      amount("card", "total", "2000000.00"),
      amount("atm", "total", "20000.00", "20000.00", "6011"),
    ],
    {},
    { min: 100, max: 5_000, fixed: 1_000, source: "limits", why: /smallest remaining 20000\.00/ },
  ],
  [
    "an MCC read from the target that no cumulative limit applies to is dropped: every limit applies",
    [amount("card", "total", "20000.00", "20000.00", "ALL")],
    { terminal: { ...ANY_TERMINAL, mcc: "6012", mccSource: "read" } },
    { min: 100, max: 5_000, fixed: 1_000, source: "limits", why: /^(?!.*left out).*smallest remaining 20000\.00/ },
  ],
  [
    "nothing readable: the defaults, and it says so",
    undefined,
    {},
    {
      min: 100,
      max: 9_999,
      fixed: 1_000,
      source: "default",
      why: /the defaults: the payment card's limits could not be read$/,
    },
  ],
  [
    "a range around a magic amount avoids it",
    [amount("card", "min", "666.66")],
    {},
    { min: 66_667, max: 133_331, fixed: 66_667, source: "limits", why: /666\.67–1333\.31/ },
  ],
  [
    "limits in another currency do not count",
    [{ ...amount("card", "min", "500.00"), currency: "USD" }],
    {},
    { min: 100, max: 9_999, fixed: 1_000, source: "default", why: /show no min/ },
  ],
  [
    "DEBIT_AMOUNT_MIN alone lifts the maximum when it must",
    [amount("card", "total", "1000000.00")],
    { configuredMinMinor: 150_000 },
    {
      min: 150_000,
      max: 150_000,
      fixed: 150_000,
      source: "configured",
      why: /DEBIT_AMOUNT_MIN\/MAX; the payment card's limits show smallest remaining/,
    },
  ],
  [
    "both configured: exactly them",
    [],
    { configuredMinMinor: 200, configuredMaxMinor: 300 },
    {
      min: 200,
      max: 300,
      fixed: 300,
      source: "configured",
      why: /^debit amounts 2\.00–3\.00 KZT \(fixed debit 3\.00\), DEBIT_AMOUNT_MIN\/MAX$/,
    },
  ],
];

describe("the chosen range for a limits list", () => {
  test.for(ROWS)("%s", ([, limits, options, expected]) => {
    const range = chooseDebitRange(limits, { ...OPTIONS, ...options });
    expect({ min: range.minMinor, max: range.maxMinor, fixed: range.fixedMinor, source: range.source }).toEqual({
      min: expected.min,
      max: expected.max,
      fixed: expected.fixed,
      source: expected.source,
    });
    expect(range.why).toMatch(expected.why);
    for (const bound of [range.minMinor, range.maxMinor, range.fixedMinor]) expect(Number.isInteger(bound)).toBe(true);
  });
});

test("amounts are read exactly, in minor units", () => {
  expect(
    ["100", "100.5", "100.50", "0.07", "19999999.99", 12.34, "1,00", "-1.00", "1.005", ""].map(minorUnitsOf),
  ).toEqual([10_000, 10_050, 10_050, 7, 1_999_999_999, 1_234, undefined, undefined, undefined, undefined]);
});

test("every group of a limits list is read, records without amounts are skipped", () => {
  const body = {
    limits: {
      product: [{ id: "p", amount: [{ type: "min", value: "1.00", remaining: "1.00", currency: "KZT" }] }],
      card: [null, { id: "c" }],
      wallet: [{ amount: [{ type: "sum", value: "9", remaining: "8" }] }],
      note: "x",
    },
  };
  expect(amountLimitsOf(body).map((l) => `${l.group}/${l.type}`)).toEqual(["product/min", "wallet/sum"]);
});

describe("DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX", () => {
  test("configured bounds are used as given", () => {
    const range = debitRangeFor(loadConfig({ DEBIT_AMOUNT_MIN: "100", DEBIT_AMOUNT_MAX: "250.50" }), []);
    expect([range.minMinor, range.maxMinor, range.fixedMinor]).toEqual([10_000, 25_050, 10_000]);
  });
  const BAD: Array<[Record<string, string>, string]> = [
    [{ DEBIT_AMOUNT_MIN: "ten" }, "DEBIT_AMOUNT_MIN"],
    [{ DEBIT_AMOUNT_MAX: "1.005" }, "DEBIT_AMOUNT_MAX"],
    [{ DEBIT_AMOUNT_MIN: "0.00" }, "DEBIT_AMOUNT_MIN"],
    [{ DEBIT_AMOUNT_MIN: "300", DEBIT_AMOUNT_MAX: "200" }, "DEBIT_AMOUNT_MAX"],
  ];
  test.for(BAD)("%o is refused naming %s", ([env, variable]) => {
    expectConfigError(env, variable);
  });
});
