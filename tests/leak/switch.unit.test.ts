/** The test-only switch that turns redaction off: honoured only as documented, and only by the process-wide redactor. */
import { expect, test } from "vitest";
import {
  Redactor,
  UNSAFE_REDACTION_SWITCH as SWITCH,
  UNSAFE_REDACTION_VALUE as VALUE,
  unsafeRedactionSwitchOn,
} from "../../lib/redaction/redact.ts";

const ROWS: Array<[string, Record<string, string>, boolean]> = [
  ["unset: off", {}, false],
  ['"true" is not the value: redaction stays on', { [SWITCH]: "true" }, false],
  ["the exact value, no target (embedded sandbox): honoured", { [SWITCH]: VALUE }, true],
  ["the exact value, a loopback target: honoured", { [SWITCH]: VALUE, TARGET_BASE_URL: "http://127.0.0.1:4010" }, true],
  [
    "the exact value, a remote target: redaction stays on",
    { [SWITCH]: VALUE, TARGET_BASE_URL: "https://staging.example" },
    false,
  ],
  [
    "the exact value, one remote family URL: redaction stays on",
    { [SWITCH]: VALUE, CARD_API_BASE_URL: "https://cards.example" },
    false,
  ],
];
test.for(ROWS)("%s", ([, env, honoured]) => {
  expect(unsafeRedactionSwitchOn(env)).toBe(honoured);
});

test("a redactor redacts unless its own switch says otherwise; the environment alone changes nothing", () => {
  const pan = "pan 4400430000000015";
  expect(new Redactor().text(pan)).toBe("pan 440043******0015");
  expect(new Redactor(() => true).text(pan)).toBe(pan);
  expect(new Redactor(() => true).json({ card_cvc: "123" })).toEqual({ card_cvc: "123" });
});
