/**
 * Card API auth as a detached JWS (RFC 7515 appendix F) over the exact body, as configuration:
 * the algorithm (HS256/HS384/HS512 with a shared secret, or EdDSA/ES256 with the partner's key
 * pair), the header that carries it, and extra protected-header fields from a small template —
 * constants (an `auth_id`) or `{path}` / `{method}` of the request (the path as `uri`). §5 does not
 * show card API auth, so none of this is a rule of the spec; it is how real platforms of this kind
 * publish theirs. The verifying side (the sandbox) expands the template from the request it got,
 * so a JWS made for another path or method, another body or with another key is refused.
 */
import { type KeyObject } from "node:crypto";
import type { JWK } from "jose";
import { loadJose } from "./jose.ts";
import { algorithmOf, parseKey, publicKeyOf } from "./keys.ts";
import type { CardApiJwsOptions, RequestLine } from "./profile.ts";

export const HMAC_ALGORITHMS = ["HS256", "HS384", "HS512"] as const;
export const JWS_ALGORITHMS = [...HMAC_ALGORITHMS, "EdDSA", "ES256"] as const;
const PLACEHOLDER = /\{(\w+)\}/g;
export const FIELD_PLACEHOLDERS = ["path", "method"] as const;

/** A shared secret as configured: `hex:…`, `base64:…`, or the UTF-8 bytes of the text. */
export function secretBytes(text: string): Uint8Array {
  if (text.startsWith("hex:")) return Buffer.from(text.slice(4), "hex");
  if (text.startsWith("base64:")) return Buffer.from(text.slice(7), "base64");
  return Buffer.from(text, "utf8");
}

/** The protected-header fields for one request: placeholders replaced by its path and method. */
export function expandFields(fields: Record<string, string>, request: RequestLine): Record<string, string> {
  const values: Record<string, string> = { path: request.path, method: request.method.toUpperCase() };
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, v.replace(PLACEHOLDER, (all, name: string) => values[name] ?? all)]),
  );
}

/** The configured algorithm, or the key's own: HS256 for a shared secret, EdDSA/ES256 for a key pair. */
export function cardJwsAlgorithm(options: CardApiJwsOptions, keyPair: KeyObject | undefined): string {
  if (options.algorithm) return options.algorithm;
  if (options.hmacKey) return "HS256";
  return keyPair ? algorithmOf(keyPair) : "EdDSA";
}

type SigningKey = Uint8Array | KeyObject;

/** The thumbprint of each key, computed once: it was a JWK export and a hash for every request. */
const thumbprints = new WeakMap<KeyObject, Promise<string>>();

function thumbprintOf(key: KeyObject): Promise<string> {
  let thumbprint = thumbprints.get(key);
  if (!thumbprint) {
    const jwk = publicKeyOf(key).export({ format: "jwk" }) as JWK;
    thumbprint = loadJose().then((jose) => jose.calculateJwkThumbprint(jwk));
    thumbprints.set(key, thumbprint);
  }
  return thumbprint;
}

/** `BASE64URL(header)..BASE64URL(signature)` of the body, with the template's fields in the header. */
export async function signCardJws(
  options: CardApiJwsOptions,
  key: SigningKey,
  bodyText: string,
  request: RequestLine,
): Promise<string> {
  const alg = cardJwsAlgorithm(options, key instanceof Uint8Array ? undefined : key);
  const kid = key instanceof Uint8Array ? {} : { kid: await thumbprintOf(key) };
  const header = { ...expandFields(options.fields, request), ...kid, alg };
  const { CompactSign } = await loadJose();
  const jws = await new CompactSign(new TextEncoder().encode(bodyText)).setProtectedHeader(header).sign(key);
  const [protectedHeader, , signature] = jws.split(".");
  return `${protectedHeader}..${signature}`;
}

/** True when the JWS is detached, made with the configured algorithm and key, over this body, for this request. */
export async function verifyCardJws(
  options: CardApiJwsOptions,
  key: SigningKey,
  jws: string,
  bodyText: string,
  request: RequestLine,
): Promise<boolean> {
  const [header, detached, signature, ...rest] = jws.split(".");
  if (detached !== "" || rest.length > 0 || !header || !signature) return false;
  const alg = cardJwsAlgorithm(options, key instanceof Uint8Array ? undefined : key);
  const { base64url, compactVerify, decodeProtectedHeader } = await loadJose();
  try {
    const claimed = decodeProtectedHeader(`${header}..`) as Record<string, unknown>;
    const expected = expandFields(options.fields, request);
    if (Object.entries(expected).some(([k, v]) => claimed[k] !== v)) return false;
    const verifyKey = key instanceof Uint8Array ? key : publicKeyOf(key);
    await compactVerify(`${header}.${base64url.encode(bodyText)}.${signature}`, verifyKey, { algorithms: [alg] });
    return true;
  } catch {
    return false;
  }
}

/** The key of a card JWS on one side: the shared secret when set, else the partner's key (private to sign, public to verify). */
function cardKeyOf(options: CardApiJwsOptions, partnerKey: string, kind: "private" | "public"): SigningKey {
  if (options.hmacKey) return secretBytes(options.hmacKey);
  return kind === "private" ? parseKey(partnerKey, "private") : publicKeyOf(parseKey(partnerKey, "public"));
}

/** CARD_API_AUTH=jws whatever signs the partner bodies: the header for one card API request. */
export function cardJwsSigner(options: CardApiJwsOptions, partnerPrivateKey: string) {
  const key = cardKeyOf(options, partnerPrivateKey, "private");
  return async (bodyText: string, request: RequestLine): Promise<Record<string, string>> => ({
    [options.header]: await signCardJws(options, key, bodyText, request),
  });
}

/** The platform's side of cardJwsSigner: true when the request carries a valid card JWS. */
export function cardJwsVerifier(options: CardApiJwsOptions, partnerPublicKey: string) {
  const key = cardKeyOf(options, partnerPublicKey, "public");
  return (headers: Record<string, string | string[] | undefined>, bodyText: string, request: RequestLine) => {
    const jws = headers[options.header.toLowerCase()];
    return typeof jws === "string" ? verifyCardJws(options, key, jws, bodyText, request) : Promise.resolve(false);
  };
}
