/**
 * Selects the crypto profile named by configuration: a built-in (`default`, `jws`) or a user
 * module path. Every failure to obtain a working profile is a ConfigError naming CRYPTO_PROFILE,
 * which entry points turn into exit code 2.
 */
import { ConfigError } from "../config/errors.ts";
import { createDefaultProfile } from "./default-profile.ts";
import { createJwsProfile } from "./jws-profile.ts";
import { importProfileFactory, isProfileModule, moduleSpecProblem, MODULE_EXTENSIONS } from "./module-profile.ts";
import type { CryptoProfile, ProfileFactory, ProfileKeys } from "./profile.ts";

export type { CryptoProfile, ProfileKeys } from "./profile.ts";

const BUILT_IN: Record<string, (keys: ProfileKeys) => CryptoProfile> = {
  default: createDefaultProfile,
  jws: createJwsProfile,
};

const REQUIRED_METHODS = ["sign", "verify", "encrypt", "decrypt"] as const;

export function profileNames(): string[] {
  return Object.keys(BUILT_IN);
}

/** Why CRYPTO_PROFILE's value cannot name a profile (checked synchronously); undefined when it can. */
export function profileSpecProblem(spec: string): string | undefined {
  if (isProfileModule(spec)) return moduleSpecProblem(spec);
  if (BUILT_IN[spec]) return undefined;
  return `must be one of ${profileNames().join(", ")}, or the path of a profile module (${MODULE_EXTENSIONS.join(", ")})`;
}

/** A built-in profile, synchronously (the sandbox's tests, tools). */
export function createProfile(name: string, keys: ProfileKeys): CryptoProfile {
  const factory = BUILT_IN[name];
  if (!factory) throw new Error(`unknown crypto profile "${name}" (built in: ${profileNames().join(", ")})`);
  return factory(keys);
}

/** A user module can return anything: check the interface once here, not on first use. */
function checkShape(profile: unknown): CryptoProfile {
  const p = profile as Record<string, unknown> | null;
  if (p === null || typeof p !== "object") throw new Error("the factory returned no object");
  const missing = [
    ...(typeof p.name === "string" ? [] : ["name"]),
    ...REQUIRED_METHODS.filter((m) => typeof p[m] !== "function"),
  ];
  if (missing.length) throw new Error(`the profile lacks ${missing.join(", ")}`);
  return p as unknown as CryptoProfile;
}

/** The profile a CRYPTO_PROFILE value names, with this side's keys; a ConfigError when there is none. */
export async function loadProfile(spec: string, keys: ProfileKeys): Promise<CryptoProfile> {
  const problem = profileSpecProblem(spec);
  if (problem) throw new ConfigError("CRYPTO_PROFILE", `"${spec}" ${problem}`);
  try {
    const factory: ProfileFactory = isProfileModule(spec) ? await importProfileFactory(spec) : BUILT_IN[spec]!;
    return checkShape(await factory(keys));
  } catch (error) {
    throw new ConfigError("CRYPTO_PROFILE", `"${spec}" gives no usable profile: ${(error as Error).message}`);
  }
}
