/** Exact money: decimals judged on their exact value against the ISO 4217 minor unit, as data rows. */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  amountProblem,
  parseDecimal,
  amountSent,
  microOfMinor,
  minorOfMicro,
  minorUnitDigits,
  parseKeepingNumberText,
  formatAmount,
  formatMicro,
  formatUnits,
  micro,
  unitsOf,
  withExtraDecimal,
  writtenAmount,
} from "../../lib/payments/money.ts";

const EXACT: Array<[string, unknown, string]> = [
  ["two decimals of tenge", 12.34, "KZT"],
  ["a whole amount", 15, "KZT"],
  ["exponent notation (1.5e1)", JSON.parse("1.5e1"), "KZT"],
  ["exponent notation in a string", "1.5e1", "KZT"],
  ["a decimal string", "100000.00", "KZT"],
  ["trailing zeros beyond the minor unit", "10.500", "KZT"],
  ["a numeric currency code", 5.25, "398"],
  ["three decimals of dinar", "0.125", "BHD"],
  ["a whole yen", 1200, "JPY"],
  ["an unknown currency leaves decimals unjudged", 1.005, "ZZZ"],
  ["a negative amount (a debit may be signed)", -12.5, "KZT"],
];

const INEXACT: Array<[string, unknown, string, RegExp]> = [
  ["a float-sum leak", 0.1 + 0.2, "KZT", /17 decimals, more than the 2 of KZT/],
  ["three decimals of tenge", 1.005, "KZT", /3 decimals/],
  ["three decimals of tenge in a string", "10.005", "KZT", /3 decimals/],
  ["a negative zero number", JSON.parse("-0.0"), "KZT", /negative zero/],
  ["a negative zero string", "-0.00", "KZT", /negative zero/],
  ["a decimal yen", 12.5, "JPY", /more than the 0 of JPY/],
  ["not a number", Number.NaN, "KZT", /not a finite amount/],
  ["infinity", Number.POSITIVE_INFINITY, "KZT", /not a finite amount/],
  ["text", "twelve", "KZT", /not a decimal/],
];

describe("exact amounts pass", () => {
  test.for(EXACT)("%s", ([, value, currency]) => expect(amountProblem(value, currency)).toBeUndefined());
});

describe("inexact amounts are named", () => {
  test.for(INEXACT)("%s", ([, value, currency, message]) => expect(amountProblem(value, currency)).toMatch(message));
});

test("plain amount texts, judged without building a Decimal, are judged as the full reading judges them", () => {
  // The full reading, as amountProblem is documented: a decimal, not a negative zero, no more decimals than the currency's.
  const exact = (text: string, currency: string) => {
    const d = parseDecimal(text);
    const digits = minorUnitDigits(currency);
    return Boolean(d) && !(d!.negative && d!.units === 0n) && (digits === undefined || d!.scale <= digits);
  };
  const text = fc
    .tuple(
      fc.constantFrom("", "-", "+", " "),
      fc.stringMatching(/^\d{1,4}$/),
      fc.constantFrom("", ".", ".0", ".5", ".00", ".05", ".500", ".125", ".0001"),
    )
    .map(([sign, int, frac]) => `${sign}${int}${frac}`);
  fc.assert(
    fc.property(text, fc.constantFrom("KZT", "JPY", "BHD", "ZZZ"), (t, currency) => {
      expect(amountProblem(t, currency) === undefined, `${t} ${currency}`).toBe(exact(t, currency));
    }),
    { numRuns: 2_000 },
  );
});

test("the ISO 4217 table gives the minor unit", () => {
  expect([
    minorUnitDigits("KZT"),
    minorUnitDigits("398"),
    minorUnitDigits("JPY"),
    minorUnitDigits("BHD"),
    minorUnitDigits("ZZZ"),
  ]).toEqual([2, 2, 0, 3, undefined]);
});

test("ledger amounts are read exactly: a drift never rounds away", () => {
  expect(micro(12.34)).toBe(12_340_000);
  expect(micro("1.5e1")).toBe(15_000_000);
  expect(micro(0.1 + 0.2)).toBeUndefined();
  expect(micro("0.0000001")).toBeUndefined();
  expect(unitsOf("-2.5", 2)).toBe(-250n);
  expect([formatMicro(12_340_000), formatMicro(1_115_000), formatMicro(-2_500_000)]).toEqual([
    "12.34",
    "1.115",
    "-2.50",
  ]);
});

test.for([
  [10_050, 2, 2, "100.50"],
  [7, 2, 2, "0.07"],
  [-250n, 2, 2, "-2.50"],
  [1_115_000, 6, 2, "1.115"],
  [5, 0, 0, "5"],
  [5, 0, 2, "5.00"],
  [1_234, 3, 3, "1.234"],
  [Number.NaN, 6, 2, "NaN"],
] as const)(
  "the one formatter: %s units of 10^-%s with at least %s decimals is %s",
  ([units, scale, decimals, text]) => {
    expect(formatUnits(units, scale, decimals)).toBe(text);
  },
);

test.for([
  [10, "10.00"],
  [150.25, "150.25"],
  [10.005, "10.005"],
  [-150.5, "-150.50"],
  [0.1 + 0.2, "0.30000000000000004"],
] as const)("our own amount %s is written %s: through the one formatter, never rounded", ([amount, text]) => {
  expect(formatAmount(amount)).toBe(text);
});

test.for([
  [-150.5, "-150.5"],
  ["150.50", "150.50"],
  [1.5e1, "15"],
  [null, "null"],
] as const)("the target's amount %s is quoted as written: %s", ([value, text]) => {
  expect(writtenAmount(value)).toBe(text);
});

test("one decimal more than the currency has", () => {
  expect([withExtraDecimal(10, 2), withExtraDecimal(12.34, 2), withExtraDecimal(7, 0)]).toEqual([10.005, 12.345, 7.5]);
});

test("numbers are read as the literal text sent: digits beyond a double's precision are not lost", () => {
  const text = '{"a":0.1000000000000000055511151231257827,"b":"x\\"1.5","c":[-0.0,1.5e1,12],"d":true,"e":null}';
  const value = parseKeepingNumberText(text) as Record<string, unknown>;
  expect(value).toEqual({
    a: "0.1000000000000000055511151231257827",
    b: 'x"1.5',
    c: ["-0.0", "1.5e1", "12"],
    d: true,
    e: null,
  });
  expect(amountProblem(value.a, "KZT")).toMatch(/34 decimals/);
  expect(amountProblem(JSON.parse(text).a, "KZT")).toBeUndefined(); // what JSON.parse alone would let through
  expect(amountProblem((value.c as string[])[0], "KZT")).toMatch(/negative zero/);
  expect(amountProblem((value.c as string[])[1], "KZT")).toBeUndefined();
  expect(parseKeepingNumberText("{not json")).toBeUndefined();
});

test("the one writer: a debit built in minor units is sent as its decimal, exactly", () => {
  expect([1234, 1, 100, 0, 99_999].map(amountSent)).toEqual([12.34, 0.01, 1, 0, 999.99]);
  // Written through the one writer, the amount reads back as the minor units it was built from.
  for (const minor of [1, 7, 1003, 123_456_789]) expect(micro(amountSent(minor))).toBe(microOfMinor(minor));
  expect(microOfMinor(1234)).toBe(12_340_000);
  // Under an amount rounds down, up to one rounds up: 12.345 is 1234 or 1235 minor units.
  expect([minorOfMicro(12_345_000), minorOfMicro(12_345_000, "up"), minorOfMicro(12_340_000, "up")]).toEqual([
    1234, 1235, 1234,
  ]);
});
