/**
 * Content codings a server or a proxy in front of it may apply to an answer (RFC 9110 §8.4):
 * gzip, deflate and br are decoded with node:zlib, in the reverse order of Content-Encoding, and
 * the decoded body is what checks, evidence, curl and HAR see. The decoded size is capped like
 * the raw one, so a compression bomb is a body-too-large, not an out-of-memory.
 */
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from "node:zlib";

/** What the client states it reads (Accept-Encoding); identity is always acceptable. */
export const ACCEPTED_CODINGS = "gzip, deflate, br";

export class UnreadableCoding extends Error {}

/** deflate is zlib-wrapped by the RFC, but some servers send it raw: both are read. */
function inflateEither(bytes: Buffer, maxOutputLength: number): Buffer {
  try {
    return inflateSync(bytes, { maxOutputLength });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw error;
    return inflateRawSync(bytes, { maxOutputLength });
  }
}

function decodeOne(coding: string, bytes: Buffer, maxOutputLength: number): Buffer {
  switch (coding) {
    case "gzip":
    case "x-gzip":
      return gunzipSync(bytes, { maxOutputLength });
    case "deflate":
      return inflateEither(bytes, maxOutputLength);
    case "br":
      return brotliDecompressSync(bytes, { maxOutputLength });
    case "identity":
    case "":
      return bytes;
    default:
      throw new UnreadableCoding(
        `the answer's Content-Encoding "${coding}" is not one the client accepts (${ACCEPTED_CODINGS})`,
      );
  }
}

/**
 * The body with every content coding undone; an empty body stays empty. Throws UnreadableCoding
 * for an unknown coding or bytes that do not decode, and an ERR_BUFFER_TOO_LARGE RangeError past
 * `maxBytes` decoded.
 */
export function decodeBody(bytes: Buffer, contentEncoding: string | undefined, maxBytes: number): Buffer {
  if (!contentEncoding || bytes.length === 0) return bytes;
  const codings = contentEncoding
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .reverse();
  return codings.reduce((body, coding) => {
    try {
      return decodeOne(coding, body, maxBytes);
    } catch (error) {
      if (error instanceof UnreadableCoding || (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
        throw error;
      throw new UnreadableCoding(`the body does not decode as ${coding} (${(error as Error).message})`);
    }
  }, bytes);
}

/** The request headers with Accept-Encoding stated, unless the caller set one of its own. */
export function withAcceptEncoding(headers: Record<string, string>): Record<string, string> {
  return Object.keys(headers).some((name) => name.toLowerCase() === "accept-encoding")
    ? headers
    : { ...headers, "accept-encoding": ACCEPTED_CODINGS };
}
