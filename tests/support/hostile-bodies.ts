/**
 * Bodies no correct target sends and a hostile or broken one may: nested past any sane depth,
 * wider than any answer, huge strings, numbers beyond a double, duplicate keys, bytes that are not
 * UTF-8, a byte order mark, a NUL, more bytes than the client reads, a compression bomb — each with
 * what the harness must make of it (the cause its failure names), as fast-check arbitraries. Each
 * is wrapped as an answer of the card API ({"status":"ok", …}) where it can be, so that a reader
 * that stops at the status would see a success.
 */
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { MAX_RESPONSE_BYTES } from "../../lib/http/transport/client.ts";
import { JSON_BOUNDS } from "../../lib/http/transport/json-body.ts";

export interface HostileBody {
  /** What it is, for a failing case's report. */
  name: string;
  body: Buffer;
  headers: Record<string, string>;
  /** The cause the checks that read it must name; "reads" for a body that is JSON within bounds. */
  cause: RegExp | "reads";
}

const JSON_TYPE = { "content-type": "application/json" };
const ok = (inner: string) => `{"status":"ok","request_status":"success","payload":${inner}}`;
const text = (name: string, body: string, cause: HostileBody["cause"]): HostileBody => ({
  name,
  body: Buffer.from(body, "utf8"),
  headers: JSON_TYPE,
  cause,
});

const deep = fc
  .record({ depth: fc.integer({ min: JSON_BOUNDS.depth + 1, max: 100_000 }), objects: fc.boolean() })
  .map(({ depth, objects }) => {
    const [open, close] = objects ? ['{"a":', "}"] : ["[", "]"];
    return text(`nested ${depth} deep`, ok(`${open.repeat(depth)}1${close.repeat(depth)}`), /nested deeper than 64/);
  });

const wide = fc
  .integer({ min: JSON_BOUNDS.values + 1, max: 300_000 })
  .map((n) => text(`${n} items`, ok(`{"operations":[${"0,".repeat(n - 1)}0]}`), /more than 50000 values/));

/** Within the bounds but wrong in every item: the schema's every error is collected, in bounded time. */
const wrongItems = fc
  .integer({ min: 1_000, max: Math.floor(JSON_BOUNDS.values / 4) })
  .map((n) =>
    text(`${n} wrong operations`, ok(`{"operations":[${'{"amount":"x","dt":7},'.repeat(n - 1)}{}]}`), "reads"),
  );

/** A string of megabytes, with card-number-like runs in it: the quote is bounded, and masked. */
const hugeString = fc
  .record({ length: fc.integer({ min: 100_000, max: 3_900_000 }), pans: fc.boolean() })
  .map(({ length, pans }) => {
    const unit = pans ? "4400430000000015 " : "x";
    return text(
      `a string of ${length} characters`,
      ok(`{"note":"${unit.repeat(Math.ceil(length / unit.length))}"}`),
      "reads",
    );
  });

const numbers = fc
  .constantFrom("1e400", "-1e400", "1e309", "9007199254740993", "-9007199254740993", "1".repeat(400))
  .map((n) => text(`the number ${n.slice(0, 20)}`, ok(`{"amount":${n}}`), /beyond a double's range|no double holds/));

const duplicates = fc
  .constantFrom('{"status":"ok","status":"error"}', ok('{"a":1,"\\u0061":2}'), ok('[{"x":{"rrn":"1","rrn":"2"}}]'))
  .map((body) => text("duplicate keys", body, /twice/));

const notUtf8 = fc.constantFrom([0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82]).map((bytes) => ({
  name: `invalid UTF-8 ${bytes.map((b) => b.toString(16)).join(" ")}`,
  body: Buffer.concat([Buffer.from(ok('{"note":"'), "utf8"), Buffer.from(bytes), Buffer.from('"}', "utf8")]),
  headers: JSON_TYPE,
  cause: /not UTF-8/,
}));

const bom = fc.constant(text("a byte order mark", `\uFEFF${ok("{}")}`, /byte order mark/));

const nul = fc
  .constantFrom(ok('{"note":"a\u0000b"}'), `${ok("{}")}\u0000`, `\u0000${ok("{}")}`)
  .map((body) => text("a NUL", body, /not JSON/));

/** Built once: megabytes per case would cost more than the property proves. */
let overCap: Buffer | undefined;
let bomb: Buffer | undefined;
const tooLarge = fc.constantFrom("plain", "gzip bomb").map((kind) => {
  overCap ??= Buffer.from(ok(`{"note":"${"x".repeat(MAX_RESPONSE_BYTES)}"}`));
  bomb ??= gzipSync(Buffer.alloc(8 * MAX_RESPONSE_BYTES, 0x20));
  return kind === "plain"
    ? { name: "over the byte cap", body: overCap, headers: JSON_TYPE, cause: /body-too-large/ }
    : {
        name: "a gzip bomb",
        body: bomb,
        headers: { ...JSON_TYPE, "content-encoding": "gzip" },
        cause: /body-too-large/,
      };
});

/**
 * Any JSON text within the bounds. Without an integer literal of 16 digits or more: a double
 * printed by JSON.stringify (283089148659854100) is such a literal that no double holds exactly,
 * which the reader flags (the literal says one number, JSON.parse would read another).
 */
export const saneJson: fc.Arbitrary<string> = fc
  .jsonValue({ maxDepth: 6 })
  .map((v) => JSON.stringify(v))
  .filter((t) => !/(?<![\d.eE])-?\d{16,}(?![\d.eE])/.test(t));

/** Any JSON within the bounds reads: the bounds reject nothing a correct target sends. */
const sane = saneJson.map((json) => text("JSON within bounds", ok(json), "reads"));

/** The same body gzipped, or declared with a charset: neither changes what it is. */
function dressed(arb: fc.Arbitrary<HostileBody>): fc.Arbitrary<HostileBody> {
  return fc.tuple(arb, fc.constantFrom("as is", "gzip", "charset")).map(([b, how]) =>
    how === "gzip" && b.body.length < MAX_RESPONSE_BYTES && !b.headers["content-encoding"]
      ? {
          ...b,
          name: `${b.name}, gzipped`,
          body: gzipSync(b.body),
          headers: { ...b.headers, "content-encoding": "gzip" },
        }
      : how === "charset"
        ? {
            ...b,
            name: `${b.name}, charset`,
            headers: { ...b.headers, "content-type": "application/json; charset=utf-8" },
          }
        : b,
  );
}

export const hostileBody: fc.Arbitrary<HostileBody> = dressed(
  fc.oneof(deep, wide, wrongItems, hugeString, numbers, duplicates, notUtf8, bom, nul, tooLarge, sane),
);
