/** The one redaction routine: card data and secrets never survive it, ordinary data does. */
import { expect, test } from "vitest";
import { maskPan, Redactor } from "../../lib/redaction/redact.ts";

const redactor = new Redactor();
redactor.addSecrets([
  { name: "PARTNER_ACCESS_TOKEN", value: "sandbox-partner-access-token-0001" },
  { name: "PAYMENT_CARD_CVC", value: "123" },
]);

const TEXT_CASES: Array<[string, string, string]> = [
  ["a Luhn-valid PAN", "pan 4400430000000015 end", "pan 440043******0015 end"],
  ["a PAN with spaces", "4400 4300 0000 0015", "440043******0015"],
  ["a PAN with dashes", "4400-4300-0000-0023", "440043******0023"],
  ["a 19-digit PAN", "6200000000000000000", "620000*********0000"],
  ["a number that fails Luhn stays", "order 4400430000000016", "order 4400430000000016"],
  ["a UUID stays whole", "c0ffee00-0000-4000-8000-000000000001", "c0ffee00-0000-4000-8000-000000000001"],
  ["a timestamp stays", "2025-06-15T10:00:00.250Z", "2025-06-15T10:00:00.250Z"],
  ["a CVC field in raw text", '{"card_cvc":"987","x":1', '{"card_cvc":[REMOVED],"x":1'],
  ["a bearer token", "Authorization: Bearer abc.def.ghi", "Authorization: Bearer [REDACTED]"],
  ["a configured secret anywhere", "token=sandbox-partner-access-token-0001;", "token=<PARTNER_ACCESS_TOKEN>;"],
  ["a short secret is not replaced as free text", "amount 123.00", "amount 123.00"],
];

test.for(TEXT_CASES)("text: %s", ([, input, expected]) => {
  expect(redactor.text(input)).toBe(expected);
});

test("JSON: CVC fields removed, PAN fields masked even when not Luhn-valid, secrets replaced, blobs shortened", () => {
  const out = redactor.json({
    debit: { card: { card_pan: "1234567890123456", card_cvc: "123", cvv2: "999", card_id: "c0ffee00-0000-4000-8000-000000000002" } },
    payload: { encrypted_data: "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=" },
    signature: "abcdef0123456789abcdef",
    access_token: "tkn",
    additional: [{ key: "device_os_type", value: "ios" }],
  });
  expect(out).toEqual({
    debit: { card: { card_pan: "123456******3456", card_id: "c0ffee00-0000-4000-8000-000000000002" } },
    payload: { encrypted_data: "QUJDREVGR0hJSktM…[36 chars]" },
    signature: "abcdef01…[22 chars]",
    access_token: "[REDACTED]",
    additional: [{ key: "device_os_type", value: "ios" }],
  });
});

test("headers: Authorization keeps its scheme, key headers are replaced", () => {
  expect(redactor.headers({ Authorization: "Bearer sandbox-partner-access-token-0001", "X-Api-Key": "k", Accept: "application/json" }))
    .toEqual({ Authorization: "Bearer <PARTNER_ACCESS_TOKEN>", "X-Api-Key": "[REDACTED]", Accept: "application/json" });
  expect(redactor.headers({ authorization: "Bearer unknown-token" })).toEqual({ authorization: "Bearer [REDACTED]" });
});

test("body: JSON text is redacted structurally, other text as text", () => {
  expect(redactor.body('{"card_pan":"4400430000000015","card_cvc":"123"}')).toBe('{"card_pan":"440043******0015"}');
  expect(redactor.body('{"card_pan":"4400430000000015", truncated')).toBe('{"card_pan":"440043******0015", truncated');
});

test("maskPan keeps first six and last four", () => {
  expect(maskPan("4400430000000015")).toBe("440043******0015");
  expect(maskPan("12345")).toBe("*****");
});
