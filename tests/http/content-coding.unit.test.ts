/** Content codings the client reads (RFC 9110 §8.4), as data rows: each decodes to the same body. */
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { decodeBody, withAcceptEncoding } from "../../lib/http/transport/content-coding.ts";

const BODY = Buffer.from(JSON.stringify({ status: "ok", request_status: "success", operations: [] }));

const CODED: Array<[string, string | undefined, Buffer]> = [
  ["no coding", undefined, BODY],
  ["identity", "identity", BODY],
  ["gzip", "gzip", gzipSync(BODY)],
  ["x-gzip", "x-gzip", gzipSync(BODY)],
  ["deflate (zlib-wrapped)", "deflate", deflateSync(BODY)],
  ["deflate sent raw", "deflate", deflateRawSync(BODY)],
  ["br", "br", brotliCompressSync(BODY)],
  ["two codings, applied in order", "gzip, br", brotliCompressSync(gzipSync(BODY))],
  ["a coding name in capitals", "GZIP", gzipSync(BODY)],
];

describe("each coding decodes to the body", () => {
  test.for(CODED)("%s", ([, coding, bytes]) => expect(decodeBody(bytes, coding, 1 << 20).equals(BODY)).toBe(true));
});

test("an empty body with a coding stays empty (a 204 or a HEAD-like answer)", () => {
  expect(decodeBody(Buffer.alloc(0), "gzip", 1024).length).toBe(0);
});

test("a coding not offered, or bytes that do not decode, are named", () => {
  expect(() => decodeBody(BODY, "zstd", 1024)).toThrow(/Content-Encoding "zstd"/);
  expect(() => decodeBody(BODY, "gzip", 1024)).toThrow(/does not decode as gzip/);
});

test("the decoded size is capped: a compression bomb is too large, not out of memory", () => {
  const bomb = gzipSync(Buffer.alloc(10 << 20));
  expect(() => decodeBody(bomb, "gzip", 1 << 20)).toThrow(expect.objectContaining({ code: "ERR_BUFFER_TOO_LARGE" }));
});

test("Accept-Encoding is stated unless the caller set its own", () => {
  expect(withAcceptEncoding({ "content-type": "application/json" })).toEqual({
    "content-type": "application/json",
    "accept-encoding": "gzip, deflate, br",
  });
  expect(withAcceptEncoding({ "Accept-Encoding": "identity" })).toEqual({ "Accept-Encoding": "identity" });
});
