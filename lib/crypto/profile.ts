/**
 * A crypto profile: how partner transfer bodies are signed and how client data is encrypted.
 * The spec shows that both happen (§2.1, §5) but not how, so the profile is chosen by
 * configuration (CRYPTO_PROFILE). The sandbox and the harness use the same interface, each with
 * the keys of its own side.
 */
import type { Family } from "../config/load.ts";

export type SigningParty = "partner" | "platform";

export interface ProfileKeys {
  /** Signs partner requests (harness side) / verifies them (sandbox side). */
  partnerSigningKey: string;
  /** Signs platform responses (sandbox side) / verifies them (harness side); "" when unknown. */
  platformSigningKey: string;
  encryptionKey: string;
}

export type JsonObject = Record<string, unknown>;

export interface CryptoProfile {
  readonly name: string;
  /** Signature of a body without its `signature` field, made by one party. */
  sign(body: JsonObject, by: SigningParty): Promise<string>;
  verify(body: JsonObject, signature: string, by: SigningParty): Promise<boolean>;
  /** Encrypts client data into the text of payload.encrypted_data. */
  encrypt(data: unknown): Promise<string>;
  /** Decrypts payload.encrypted_data; throws when it cannot. */
  decrypt(text: string): Promise<unknown>;
  /** Extra request headers a profile adds (e.g. a detached JWS), none by default. */
  requestHeaders?(family: Family, bodyText: string): Promise<Record<string, string>>;
}

export type ProfileFactory = (keys: ProfileKeys) => CryptoProfile;
