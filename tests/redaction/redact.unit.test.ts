/** The one redaction routine: card data and secrets never survive it, ordinary data does. */
import { expect, test } from "vitest";
import { maskPan, REASON_CHARS, Redactor } from "../../lib/redaction/redact.ts";

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
  [
    "prose about the bearer stays",
    "PT-BIZ-AUTH-NO-BEARER [should] | a request without the bearer token is refused",
    "PT-BIZ-AUTH-NO-BEARER [should] | a request without the bearer token is refused",
  ],
  ["a configured secret anywhere", "token=sandbox-partner-access-token-0001;", "token=<PARTNER_ACCESS_TOKEN>;"],
  ["a short secret is not replaced as free text", "amount 123.00", "amount 123.00"],
];

test.for(TEXT_CASES)("text: %s", ([, input, expected]) => {
  expect(redactor.text(input)).toBe(expected);
});

test("JSON: CVC fields removed, PAN fields masked even when not Luhn-valid, secrets replaced, blobs shortened", () => {
  const out = redactor.json({
    debit: {
      card: {
        card_pan: "1234567890123456",
        card_cvc: "123",
        cvv2: "999",
        card_id: "c0ffee00-0000-4000-8000-000000000002",
      },
    },
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
  expect(
    redactor.headers({
      "Authorization": "Bearer sandbox-partner-access-token-0001",
      "X-Api-Key": "k",
      "Accept": "application/json",
    }),
  ).toEqual({
    "Authorization": "Bearer <PARTNER_ACCESS_TOKEN>",
    "X-Api-Key": "[REDACTED]",
    "Accept": "application/json",
  });
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

// A redactor that knows the run's card numbers, as every entry point's does (config.secrets).
const configured = new Redactor();
configured.addSecrets([
  { name: "PAYMENT_CARD_PAN", value: "4400430000000023" },
  { name: "PAYMENT_CARD_CVC", value: "123" },
  { name: "TEST_PANS", value: "5500000000000004, 4111111111111111" },
  { name: "PARTNER_SIGNING_KEY", value: "a7b464f6c1d2e3f40516273849aabbccddeeff00112233445566778899aabbcc" },
]);

/** What a target that echoes rejected values, or a library that quotes them, may send back. */
const ECHO_CASES: Array<[string, unknown, unknown]> = [
  ["a PAN as a JSON number", { rejected: 4400430000000023 }, { rejected: "<PAYMENT_CARD_PAN>" }],
  ["an unknown Luhn-valid PAN as a JSON number", { n: 4400430000000015 }, { n: "440043******0015" }],
  [
    "a non-Luhn number with a configured card's prefix",
    { note: "accepted card 4400430000000024" },
    { note: "accepted card 440043******0024" },
  ],
  ["a PAN with dots", { message: "card 4400.4300.0000.0023 declined" }, { message: "card 440043******0023 declined" }],
  [
    "each card of a TEST_PANS list",
    { a: "5500000000000004", b: "4111111111111111" },
    { a: "<TEST_PANS>", b: "<TEST_PANS>" },
  ],
  [
    "the configured CVC as a whole value",
    { field: "debit.card.card_cvc", value: "123" },
    { field: "debit.card.card_cvc", value: "[REMOVED]" },
  ],
  [
    "the configured CVC quoted in text",
    { echo: 'got {\\"value\\":\\"123\\"}' },
    { echo: 'got {\\"value\\":\\"[REMOVED]\\"}' },
  ],
  ["a CVC in words", { message: "cvc 123 declined" }, { message: "cvc [REMOVED] declined" }],
  [
    "a CVC in escaped JSON inside a string",
    { echo: '{\\"card_cvc\\":\\"123\\"}' },
    { echo: '{\\"card_cvc\\":[REMOVED]}' },
  ],
  [
    "a secret in upper case",
    { why: "key rejected: A7B464F6C1D2E3F40516273849AABBCCDDEEFF00112233445566778899AABBCC" },
    { why: "key rejected: <PARTNER_SIGNING_KEY>" },
  ],
  [
    "credentials in a URL",
    { target: "http://svc:Pa55word@127.0.0.1:4599/v5" },
    { target: "http://<credentials>@127.0.0.1:4599/v5" },
  ],
  ["a session value", { session_id: "sess-abcdef-0123456789" }, { session_id: "[REDACTED]" }],
  [
    "amounts and ids stay",
    { amount: 1500.5, count: 123, rrn: "500000001013", ts: 1732280000000 },
    { amount: 1500.5, count: 123, rrn: "500000001013", ts: 1732280000000 },
  ],
];

test.for(ECHO_CASES)("echoed: %s", ([, input, expected]) => {
  expect(configured.json(input)).toEqual(expected);
});

test("headers: a session header is replaced, an Authorization value without a scheme too", () => {
  expect(configured.headers({ "x-session": "sess-abcdef-0123456789", "authorization": "opaque-value-1234" })).toEqual({
    "x-session": "[REDACTED]",
    "authorization": "[REDACTED]",
  });
});

test("preview: redacted before it is cut, so no cut-off card number or token survives", () => {
  const body = JSON.stringify({
    session_token: "tok-live-7f3a9",
    card: { card_pan: "4400430000000024" },
    p: "4400430000000023",
  });
  const shown = configured.preview(body, 60);
  expect(shown).not.toMatch(/tok-live|44004300000000/);
  expect(shown.length).toBeLessThanOrEqual(61);
  expect(configured.preview("")).toBe("(empty body)");
});

test("reason: a target's own words are shown whole up to a few hundred characters — an RFC 7807 detail is not cut", () => {
  const problem = JSON.stringify({
    type: "https://errors.example.com/problems/validation-failed",
    title: "The request could not be validated",
    status: 422,
    instance: "/v5/card-api/card/statement/8d1c0c51-61f0-4b9e-9c6d-5d7b1c2b7e10",
    detail: "start_date: must be a date in the form dd.MM.yyyy (for example 01.06.2025)",
  });
  expect(problem.length).toBeGreaterThan(160);
  expect(configured.reason(problem)).toBe(problem);
  const long = `{"detail":"${"x".repeat(1000)}"}`;
  expect(configured.reason(long)).toHaveLength(REASON_CHARS + 1);
});

test("the same secrets registered by every run context are kept once: the list does not grow with the runs", () => {
  const r = new Redactor();
  const secrets = [
    { name: "PARTNER_ACCESS_TOKEN", value: "sandbox-partner-access-token-0001" },
    { name: "TEST_PANS", value: "4400430000000014,4400430000000022" },
  ];
  r.addSecrets(secrets);
  const held = () => (r as unknown as { secrets: unknown[] }).secrets.length;
  const once = held();
  for (let i = 0; i < 50; i++) r.addSecrets(secrets);
  expect(held()).toBe(once);
  expect(r.text("token sandbox-partner-access-token-0001 for 4400430000000014")).toBe(
    "token <PARTNER_ACCESS_TOKEN> for <TEST_PANS>",
  );
});
