/**
 * Reading postings back (suites/card-api/ledger/readback.ts), tolerant where §2.2 is silent: a
 * debit may be listed with a negative amount, and fields the spec does not show may change
 * between two readings without making an old operation look new.
 */
import { expect, test } from "vitest";
import { newOperations, postedAmount } from "../../suites/card-api/ledger/readback.ts";

const op = (extra: Record<string, unknown> = {}) => ({
  type: "purchase",
  amount: 12.5,
  commission: 0,
  currency: "KZT",
  mcc: 5411,
  datetime: "2026-11-22T08:00:00.000Z",
  rrn: "500000001013",
  merchant: {
    name: "SHOP",
    country: "KAZ",
    address_line1: "Abay 10",
    postal_code: "050000",
    url: "https://shop.example",
  },
  ...extra,
});

test.for([
  ["a positive amount", 12.5, 12_500_000],
  ["a negative amount (a debit listed with its sign)", -12.5, 12_500_000],
  ["an amount as a decimal string", "12.50", 12_500_000],
  ["no amount", undefined, undefined],
] as const)("postedAmount: %s", ([, amount, units]) => {
  expect(postedAmount(op({ amount }))).toBe(units);
});

test("an undocumented field that changed between readings does not make an operation new", () => {
  expect(newOperations([op({ posting_state: "pending" })], [op({ posting_state: "posted" })])).toEqual([]);
});

test("a new posting is new; two same-looking postings count twice (a multiset)", () => {
  const second = op({ rrn: "500000001014" });
  expect(newOperations([op()], [op(), second])).toEqual([second]);
  expect(newOperations([op()], [op(), op()])).toHaveLength(1);
});
