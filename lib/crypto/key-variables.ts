/**
 * Which configuration variables a profile reads, found by watching: the keys a profile is given
 * are a Proxy that records each standard key field read — by `validateKeys`, by the factory, by
 * any method later — so that a message about a profile that does not work names the variables it
 * reads (a module's own `variables` first), never ones it does not (a module that reads only key
 * files of its own is not blamed on PARTNER_SIGNING_KEY).
 */
import type { ProfileKeys } from "./profile.ts";

/** The harness's key variables behind the fields of ProfileKeys (the sandbox's side has none). */
const STANDARD: Partial<Record<keyof ProfileKeys, string>> = {
  partnerSigningKey: "PARTNER_SIGNING_KEY",
  platformSigningKey: "PLATFORM_SIGNING_KEY",
  encryptionKey: "PARTNER_ENCRYPTION_KEY",
  partnerPrivateKey: "PARTNER_PRIVATE_KEY",
  platformPublicKey: "PLATFORM_PUBLIC_KEY",
};

/**
 * The key variables each built-in profile reads (it reads some only when it signs or verifies, so
 * watching its loading would miss them): the `default` profile's HMAC and AES keys, the `jws`
 * profile's key pair and AES key.
 */
export const BUILT_IN_KEY_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  default: ["PARTNER_SIGNING_KEY", "PLATFORM_SIGNING_KEY", "PARTNER_ENCRYPTION_KEY"],
  jws: ["PARTNER_PRIVATE_KEY", "PLATFORM_PUBLIC_KEY", "PARTNER_ENCRYPTION_KEY"],
};

/** Every standard key variable (a module's own variables are the others it reads). */
export const STANDARD_KEY_VARIABLES: ReadonlySet<string> = new Set(Object.values(STANDARD));

export interface WatchedKeys {
  keys: ProfileKeys;
  /** The module's declared variables, then the standard ones read so far (each once). */
  variables(): string[];
}

export function watchKeys(keys: ProfileKeys, declared: readonly string[]): WatchedKeys {
  const read = new Set<string>();
  const watched = new Proxy(keys, {
    get(target, field, receiver) {
      const value: unknown = Reflect.get(target, field, receiver);
      const name = STANDARD[field as keyof ProfileKeys];
      if (name && typeof value === "string" && value !== "") read.add(name);
      return value;
    },
  });
  return { keys: watched, variables: () => [...new Set([...declared, ...read])] };
}

/** "RSA_KEY_FILE and RSA_PLATFORM_KEY_FILE", "A, B and C"; "no variable" for none. */
export function variablesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "no variable";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
