/**
 * The bounds of what the harness reads of a target's body, one by one: the bounded reader
 * (lib/http/transport/json-body.ts) names the bound and where; a large document's schema errors
 * are not all listed (lib/validation/large-documents.ts); the redactor's walk, its quotes and its
 * patterns stay bounded and linear on any text. The same shapes through the whole path, over a
 * socket: hostile-bodies.sandbox.test.ts; a whole run: hostile-run.test.ts.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { CARD_STATEMENT } from "../../lib/catalogue/index.ts";
import { decodeUtf8, JSON_BOUNDS, readJson } from "../../lib/http/transport/json-body.ts";
import { EVIDENCE_BODY_CHARS, keptForReports } from "../../lib/http/evidence.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { Redactor, REDACT_DEPTH } from "../../lib/redaction/redact.ts";
import { saneJson } from "../support/hostile-bodies.ts";
import { ALL_ERRORS_VALUES } from "../../lib/validation/large-documents.ts";
import { validators } from "../../lib/validation/registry.ts";

const errorOf = (text: string) => {
  const read = readJson(text);
  return read.ok ? undefined : read.error;
};

describe("the bounded reader", () => {
  test.for([
    [
      `{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
      /^the body is nested deeper than 64 levels at \/a(\/0)+…? \(offset \d+\)$/,
    ],
    [`[${"0,".repeat(JSON_BOUNDS.values)}0]`, /^the body holds more than 50000 values at \/49999 \(offset \d+\)$/],
    ['{"status":"ok","status":"error"}', /^the body has the key "status" twice at \/status \(offset \d+\)$/],
    ['{"a":[{"b":1,"\\u0062":2}]}', /^the body has the key "b" twice at \/a\/0\/b/],
    ['{"amount":1e400}', /^the body has the number 1e400, beyond a double's range at \/amount/],
    // The shortest of each kind: a number is looked at closely from 16 characters on, or with an exponent.
    ['{"n":9007199254740993}', /^the body has the integer 9007199254740993, which no double holds exactly/],
    ['{"n":[1,1E309]}', /^the body has the number 1E309, beyond a double's range at \/n\/1/],
    [
      '{"n":-9007199254740993}',
      /^the body has the integer -9007199254740993, which no double holds exactly \(it would be read as -9007199254740992\) at \/n/,
    ],
    ['\uFEFF{"a":1}', /^the body begins with a byte order mark/],
    ['{"a":"x\u0000"}', /control character/i],
  ] as const)("%#: %s…", ([text, error]) => {
    expect(errorOf(text)).toMatch(error);
  });

  // Its count of values, containers included, is what the schema validation reads (large-documents.ts).
  const valuesIn = (v: unknown): number =>
    1 + (v !== null && typeof v === "object" ? Object.values(v).reduce((n: number, x) => n + valuesIn(x), 0) : 0);
  const asParsed = (text: string) => ({ ok: true, value: JSON.parse(text), values: valuesIn(JSON.parse(text)) });

  test("what a correct target sends reads as JSON.parse reads it, its values counted: exact integers past 2^53 and long decimals included", () => {
    for (const text of ['{"n":100000000000000000000}', '{"a":0.1000000000000000055511151231257827}', '{"a":"\\u0000"}'])
      expect(readJson(text)).toEqual(asParsed(text));
    fc.assert(
      fc.property(saneJson, (text) => {
        expect(readJson(text)).toEqual(asParsed(text));
      }),
      { numRuns: 300 },
    );
  });

  test("bytes that are not UTF-8 are named, with the offset of the first bad one", () => {
    expect(decodeUtf8(Buffer.from([0x7b, 0x22, 0xe2, 0x82, 0x22, 0x7d])).error).toBe(
      "the body is not UTF-8 (an invalid byte sequence at byte 2)",
    );
    expect(decodeUtf8(Buffer.from('{"€":1}', "utf8")).error).toBeUndefined();
  });

  // Linear: a pass that backtracked or rescanned would take minutes on these, not a second or two.
  test("any text, JSON or not, is read in one pass: 4 MB in seconds at most", () => {
    for (const text of ["{".repeat(4_000_000), '"'.repeat(4_000_000), "t".repeat(4_000_000), "1".repeat(4_000_000)]) {
      const started = performance.now();
      readJson(text);
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });
});

test("a large document's schema errors: the first one, said to be the first, in bounded time", () => {
  const body = { status: "ok", request_status: "success", dt: "x", operations: Array(49_000).fill({}) };
  const started = performance.now();
  const { valid, issues } = validators().validate(CARD_STATEMENT.responseSchema!, body);
  expect(performance.now() - started).toBeLessThan(2_000);
  expect(valid).toBe(false);
  expect(issues).toEqual([
    { path: "/operations/0/type", message: expect.stringContaining(`more than ${ALL_ERRORS_VALUES} values`) },
  ]);
  // A small one still lists every error.
  const small = validators().validate(CARD_STATEMENT.responseSchema!, { ...body, operations: [{}, {}] });
  expect(small.issues.length).toBeGreaterThan(2);
});

describe("the redactor on hostile text", () => {
  const redactor = new Redactor();
  redactor.addSecrets([{ name: "PARTNER_ACCESS_TOKEN", value: "tok-abcdefghijklmnop" }]);

  test("its walk stops at its depth with a marker, not a stack overflow", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const shown = JSON.stringify(redactor.json(deep));
    expect(shown).toContain(`nested deeper than ${REDACT_DEPTH} levels`);
    expect(shown.length).toBeLessThan(2_000);
  });

  test("its patterns are linear: a megabyte of each shape that made a pattern backtrack in seconds at most", () => {
    const n = 1_000_000;
    for (const text of [
      "x:// " + "a".repeat(n),
      "x://" + "a:".repeat(n / 2),
      "1".repeat(n) + "://",
      "cvc ".repeat(n / 4),
    ]) {
      const started = performance.now();
      redactor.text(text);
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  test("a quote is redacted first, then cut, and costs the bound, not the text", () => {
    const text = `${"x".repeat(95)} tok-abcdefghijklmnop https://user:pw@host ${"y".repeat(4_000_000)}`;
    const quoted = redactor.quote(text, 145);
    expect(quoted).toBe(`${"x".repeat(95)} <PARTNER_ACCESS_TOKEN> https://<credentials>@host…[${text.length} chars]`);
    expect(redactor.quote("short", 120)).toBe("short");
  });
});

test("a long answer is kept for the reports as evidence quotes it: redacted, cut, once per exchange; a short one as it is", () => {
  const redactor = new Redactor();
  const text = JSON.stringify({ status: "ok", card_pan: "4400430000000015", note: "x".repeat(4_000_000) });
  const exchange = (bodyText: string, seq: number): Exchange => ({
    seq,
    startedAt: 0,
    durationMs: 1,
    request: { method: "POST", url: "http://127.0.0.1:1/x", headers: {}, bodyText: "{}" },
    response: { status: 200, headers: {}, bodyText, json: JSON.parse(bodyText) },
  });
  const long = exchange(text, 1);
  const kept = keptForReports(long, redactor);
  expect(kept.response!.bodyText.length).toBeLessThan(EVIDENCE_BODY_CHARS + 40);
  expect(kept.response!.bodyText).toMatch(
    new RegExp(`^\\{"status":"ok","card_pan":"440043\\*{6}0015","note":"x+…\\[${text.length} chars\\]$`),
  );
  expect(kept.response!.json).toBeUndefined();
  expect(keptForReports(long, redactor)).toBe(kept);
  const short = exchange('{"status":"ok"}', 2);
  expect(keptForReports(short, redactor)).toBe(short);
});
