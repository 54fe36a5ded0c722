/** Selects the crypto profile named by configuration. */
import { createDefaultProfile } from "./default-profile.ts";
import type { CryptoProfile, ProfileFactory, ProfileKeys } from "./profile.ts";

export type { CryptoProfile, ProfileKeys } from "./profile.ts";

const BUILT_IN: Record<string, ProfileFactory> = {
  default: createDefaultProfile,
};

export function profileNames(): string[] {
  return Object.keys(BUILT_IN);
}

export function createProfile(name: string, keys: ProfileKeys): CryptoProfile {
  const factory = BUILT_IN[name];
  if (!factory) throw new Error(`unknown crypto profile "${name}" (built in: ${profileNames().join(", ")})`);
  return factory(keys);
}
