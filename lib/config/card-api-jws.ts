/**
 * CARD_API_JWS_*: the `jws` profile's card API detached JWS as configuration (an HMAC shared
 * secret or the key pair, the header, extra protected-header fields). Read and checked once with
 * the rest of the configuration, so a bad template or algorithm is exit 2 naming the variable.
 */
import { FIELD_PLACEHOLDERS, HMAC_ALGORITHMS, JWS_ALGORITHMS } from "../crypto/jws-card-auth.ts";
import type { CardApiJwsOptions } from "../crypto/profile.ts";
import { ConfigError } from "../errors/config-error.ts";
import type { createReader } from "./reader.ts";

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function readCardApiJws(r: ReturnType<typeof createReader>): CardApiJwsOptions {
  const algorithm = r.string("CARD_API_JWS_ALGORITHM");
  const hmacKey = r.string("CARD_API_JWS_KEY");
  if (algorithm && !(JWS_ALGORITHMS as readonly string[]).includes(algorithm)) {
    throw new ConfigError("CARD_API_JWS_ALGORITHM", `"${algorithm}" must be one of ${JWS_ALGORITHMS.join(", ")}`);
  }
  const hmac = (HMAC_ALGORITHMS as readonly string[]).includes(algorithm);
  if (hmac && !hmacKey)
    throw new ConfigError(
      "CARD_API_JWS_KEY",
      `must be set: CARD_API_JWS_ALGORITHM=${algorithm} signs with a shared secret`,
    );
  if (hmacKey && algorithm && !hmac)
    throw new ConfigError(
      "CARD_API_JWS_ALGORITHM",
      `"${algorithm}" signs with a key pair, but CARD_API_JWS_KEY (a shared secret) is set`,
    );
  const header = r.string("CARD_API_JWS_HEADER");
  if (!HEADER_NAME.test(header))
    throw new ConfigError("CARD_API_JWS_HEADER", `${JSON.stringify(header)} is not an HTTP header name`);
  return { algorithm, hmacKey, header, fields: fieldTemplate(r.string("CARD_API_JWS_FIELDS")) };
}

/** A JSON object of strings; placeholders only {path} and {method}; alg and kid are the profile's. */
function fieldTemplate(text: string): Record<string, string> {
  if (!text) return {};
  const fail = (problem: string): never => {
    throw new ConfigError("CARD_API_JWS_FIELDS", `${JSON.stringify(text)} ${problem}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    fail("is not JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) fail("is not a JSON object");
  for (const [key, value] of Object.entries(parsed as object)) {
    if (typeof value !== "string") fail(`has a non-string value for ${key}`);
    if (key === "alg" || key === "kid") fail(`sets ${key}, which comes from the algorithm and the key`);
    const unknown = [...(value as string).matchAll(/\{(\w+)\}/g)]
      .map((m) => m[1]!)
      .find((n) => !(FIELD_PLACEHOLDERS as readonly string[]).includes(n));
    if (unknown) fail(`uses {${unknown}}; the placeholders are ${FIELD_PLACEHOLDERS.map((n) => `{${n}}`).join(", ")}`);
  }
  return parsed as Record<string, string>;
}
