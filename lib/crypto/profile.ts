/**
 * A crypto profile: how partner transfer bodies are signed, how client data is encrypted, and how
 * card API requests are authenticated. The spec shows that the first two happen (§2.1, §5) but not
 * how, and does not show card API auth at all, so the profile is chosen by configuration
 * (CRYPTO_PROFILE): a built-in name or the path of a user module exporting a ProfileFactory.
 * The sandbox and the harness use the same interface, each with the keys of its own side.
 */
import type { Family } from "../catalogue/types.ts";

export type SigningParty = "partner" | "platform";

export interface ProfileKeys {
  /** Signs partner requests (harness side) / verifies them (sandbox side): 64 hex digits (32 bytes) in the default profile. */
  partnerSigningKey: string;
  /** Signs platform responses (sandbox side) / verifies them (harness side); "" when unknown. */
  platformSigningKey: string;
  /** Key of payload.encrypted_data: 64 hex digits (32 bytes) in the built-in profiles. */
  encryptionKey: string;
  /**
   * Key pairs for profiles that sign with asymmetric keys (jws, user modules): PEM (PKCS#8 /
   * SPKI) or JWK text; "" or absent where this side does not hold the key. The harness holds the
   * partner's private and the platform's public key; the sandbox the other two.
   */
  partnerPrivateKey?: string;
  partnerPublicKey?: string;
  platformPrivateKey?: string;
  platformPublicKey?: string;
  /**
   * A module's own variables (those it declares in `export const variables`), by name, as
   * configured — "" when unset. Absent for built-in profiles.
   */
  variables?: Record<string, string>;
  /** The detached-JWS card API auth of the `jws` profile (HS256/HS512 with a shared secret…); see jws-card-auth.ts. */
  cardApiJws?: CardApiJwsOptions;
}

/** Card API auth as a detached JWS, configured rather than coded (JWS_* variables). */
export interface CardApiJwsOptions {
  /** HS256, HS512, EdDSA or ES256; "" = from the key (HS256 for a shared secret). */
  algorithm: string;
  /** Shared secret (HS*) as configured: text, or `hex:…` / `base64:…`; "" = the key pair signs. */
  hmacKey: string;
  /** Name of the request header that carries the JWS. */
  header: string;
  /** Extra protected-header fields: constants, or `{path}` / `{method}` of the request. */
  fields: Record<string, string>;
}

/** What a request is, for headers that cover more than the body (a JWS with the path as `uri`). */
export interface RequestLine {
  method: string;
  /** The URL path as sent, with any base path of the target (no query). */
  path: string;
}

/** A variable a profile module reads (`export const variables`): loaded, listed and redacted like the harness's own. */
export interface ModuleVariable {
  name: string;
  /** Secret values are replaced in every output. */
  secret?: boolean;
  doc?: string;
}

/** A problem `validateKeys` reports; exit 2 with one line naming the variable. */
export interface KeyProblem {
  variable: string;
  message: string;
}

export type JsonObject = Record<string, unknown>;

export interface CryptoProfile {
  readonly name: string;
  /** Signature of a body without its `signature` field, made by one party (§2.1: hex in responses). */
  sign(body: JsonObject, by: SigningParty): Promise<string>;
  verify(body: JsonObject, signature: string, by: SigningParty): Promise<boolean>;
  /** Whether this side holds a key to verify a party's signatures; absent means it does. */
  canVerify?(by: SigningParty): boolean;
  /**
   * Whether this side can decrypt what its encrypt() sealed; absent means it can. False for a
   * scheme that seals for the other side's public key (RSA-OAEP key wrap for the platform's key).
   */
  canDecrypt?(): boolean;
  /** Encrypts client data (the parsed JSON value, never its text) into the text of payload.encrypted_data. */
  encrypt(data: unknown): Promise<string>;
  /** Decrypts payload.encrypted_data; throws when it cannot. */
  decrypt(text: string): Promise<unknown>;
  /**
   * The configuration variables this profile reads, for messages (set by the loader, key-variables.ts):
   * a module's own `variables`, then the standard key variables it has read.
   */
  keyVariables?(): string[];
  /** Extra request headers the partner adds (e.g. a detached JWS of the body), none by default. */
  requestHeaders?(family: Family, bodyText: string, request?: RequestLine): Promise<Record<string, string>>;
  /**
   * The platform's side of requestHeaders: true when a request of this family carries valid
   * profile headers for its exact body text. Absent: the profile demands no headers.
   */
  verifyRequestHeaders?(
    family: Family,
    headers: Record<string, string | string[] | undefined>,
    bodyText: string,
    request?: RequestLine,
  ): Promise<boolean>;
}

type Awaitable<T> = T | Promise<T>;

/**
 * What a module's factory may return: the CryptoProfile methods, each sync or async (the loader
 * wraps them so the harness always gets promises).
 */
export interface ModuleProfile {
  readonly name: string;
  sign(body: JsonObject, by: SigningParty): Awaitable<string>;
  verify(body: JsonObject, signature: string, by: SigningParty): Awaitable<boolean>;
  canVerify?(by: SigningParty): boolean;
  canDecrypt?(): boolean;
  encrypt(data: unknown): Awaitable<string>;
  decrypt(text: string): Awaitable<unknown>;
  requestHeaders?(family: Family, bodyText: string, request?: RequestLine): Awaitable<Record<string, string>>;
  verifyRequestHeaders?(
    family: Family,
    headers: Record<string, string | string[] | undefined>,
    bodyText: string,
    request?: RequestLine,
  ): Awaitable<boolean>;
}

/** What a built-in profile or a user module's default export is: keys in, profile out. */
export type ProfileFactory = (keys: ProfileKeys) => Awaitable<CryptoProfile | ModuleProfile>;
