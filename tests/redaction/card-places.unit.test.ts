/**
 * Masking follows what can be a card number: a PAN is 13–19 digits (ISO/IEC 7812 as cards are
 * issued) and stands in a card field or in free text — never as the whole value of a field that
 * names a reference, an amount or a time. A 12-digit `rrn` (§2.2 "Retrieval reference number")
 * that happens to pass Luhn, an order id, a request id or a timestamp survive, so evidence can be
 * matched to the target's logs; a real PAN anywhere a card number can stand is still masked.
 */
import { expect, test } from "vitest";
import { Redactor } from "../../lib/redaction/redact.ts";

// A redactor that knows the run's card numbers, as every entry point's does (config.secrets).
const redactor = new Redactor();
redactor.addSecrets([
  { name: "PAYMENT_CARD_PAN", value: "4400430000000023" },
  { name: "PAYMENT_CARD_CVC", value: "123" },
]);

// Luhn-valid references: 500000001015 (12 digits), 1732280000008 (13), 1234567890123452 (16).
const SURVIVES: Array<[string, unknown]> = [
  ["a 12-digit rrn that passes Luhn", { rrn: "500000001015" }],
  ["an rrn inside a statement's operations", { operations: [{ rrn: "500000001015", amount: 1500.5 }] }],
  ["a 16-digit order id that passes Luhn", { order_id: "1234567890123452" }],
  ["a request id that passes Luhn", { request_id: "9876543210987658" }],
  ["an order id as a JSON number", { orderId: 1234567890123452 }],
  ["a transaction reference", { reference: "1234567890123452" }],
  ["a millisecond timestamp as a JSON number", { ts: 1732280000008 }],
  ["a datetime as digits", { datetime: "1732280000008" }],
  ["an amount in minor units", { amount: 1234567890123452 }],
  ["a 12-digit rrn quoted in a message", { message: "rrn 500000001015 not found" }],
  ["a 12-digit reference in 4-digit groups", { message: "ref 5000 0000 1015" }],
  ["a 12-digit rrn in a URL", { url: "http://127.0.0.1:4599/v5/operations?rrn=500000001015" }],
];

test.for(SURVIVES)("survives: %s", ([, value]) => {
  expect(redactor.json(value)).toEqual(value);
});

test("survives in free text: a 12-digit rrn that passes Luhn", () => {
  expect(redactor.text("GET /operations?rrn=500000001015 → 200")).toBe("GET /operations?rrn=500000001015 → 200");
});

const MASKED: Array<[string, unknown, unknown]> = [
  [
    "a 13-digit PAN in free text",
    { message: "card 4222222222222 declined" },
    { message: "card 422222***2222 declined" },
  ],
  ["a 12-digit number in a card field", { card_pan: "500000001015" }, { card_pan: "500000**1015" }],
  [
    "a PAN in an error message",
    { error: { detail: "bad 5105105105105100" } },
    { error: { detail: "bad 510510******5100" } },
  ],
  [
    "a PAN in a URL",
    { url: "http://h/v5/card/4400430000000015?x=1" },
    { url: "http://h/v5/card/440043******0015?x=1" },
  ],
  ["a PAN inside a reference's text", { order_id: "card 4400430000000015" }, { order_id: "card 440043******0015" }],
  ["the run's card in a reference field", { rrn: "4400430000000023" }, { rrn: "<PAYMENT_CARD_PAN>" }],
  [
    "a mutation of the run's card in a reference field",
    { order_id: "4400430000000024" },
    { order_id: "440043******0024" },
  ],
  [
    "a mutation of the run's card as a reference number",
    { request_id: 4400430000000024 },
    { request_id: "440043******0024" },
  ],
  ["a card id that is a PAN", { card_id: "4400430000000015" }, { card_id: "440043******0015" }],
  ["a card reference that is a PAN", { cardRef: "4400430000000015" }, { cardRef: "440043******0015" }],
  ["a PAN in 4-digit groups", { note: "5105 1051 0510 5100" }, { note: "510510******5100" }],
];

test.for(MASKED)("masked: %s", ([, value, expected]) => {
  expect(redactor.json(value)).toEqual(expected);
});

test("masked in a curl line: a PAN in its body", () => {
  const line = `curl -X POST http://127.0.0.1:4599/v5 --data '{"note":"4400430000000015"}'`;
  expect(redactor.text(line)).toBe(`curl -X POST http://127.0.0.1:4599/v5 --data '{"note":"440043******0015"}'`);
});
