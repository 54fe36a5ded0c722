/**
 * Selects the crypto profile named by configuration: a built-in (`default`, `jws`) or a user
 * module path. Every failure to obtain a working profile is a ConfigError naming CRYPTO_PROFILE,
 * which entry points turn into exit code 2.
 */
import { ConfigError } from "../errors/config-error.ts";
import { createDefaultProfile } from "./default-profile.ts";
import { createJwsProfile } from "./jws-profile.ts";
import {
  importProfileModule,
  isProfileModule,
  moduleSpecProblem,
  MODULE_EXTENSIONS,
  type ProfileModule,
} from "./module-profile.ts";
import type { CryptoProfile, ModuleVariable, ProfileKeys } from "./profile.ts";
import { watchKeys, type WatchedKeys } from "./key-variables.ts";

export type { CryptoProfile, ModuleVariable, ProfileKeys } from "./profile.ts";

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
function checkShape(profile: unknown): Record<string, unknown> {
  const p = profile as Record<string, unknown> | null;
  if (p === null || typeof p !== "object") throw new Error("the factory returned no object");
  const missing = [
    ...(typeof p.name === "string" ? [] : ["name"]),
    ...REQUIRED_METHODS.filter((m) => typeof p[m] !== "function"),
  ];
  if (missing.length) throw new Error(`the profile lacks ${missing.join(", ")}`);
  return p;
}

type AnyMethod = (...args: unknown[]) => unknown;

/** What a profile can do: asked synchronously, so never wrapped into a promise. */
const CAPABILITIES = ["canVerify", "canDecrypt"];

/** A module's methods may be sync or async: every one becomes async, so callers need not care. */
function asyncProfile(p: Record<string, unknown>): CryptoProfile {
  const wrapped: Record<string, unknown> = { ...p };
  for (const [key, value] of Object.entries(p)) {
    if (typeof value !== "function") continue;
    wrapped[key] = CAPABILITIES.includes(key)
      ? (value as AnyMethod).bind(p)
      : async (...args: unknown[]) => (value as AnyMethod).apply(p, args);
  }
  return wrapped as unknown as CryptoProfile;
}

/** The variables a CRYPTO_PROFILE value declares of its own: none for a built-in. */
export async function profileVariables(spec: string): Promise<ModuleVariable[]> {
  return isProfileModule(spec) && !profileSpecProblem(spec) ? (await importProfileModule(spec)).variables : [];
}

/** The module's own variables as configured in `env` ("" when unset). */
function variableValues(module: ProfileModule, env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(module.variables.map((v) => [v.name, env[v.name]?.trim() ?? ""]));
}

/** A module's verdict on its keys: its first problem as a ConfigError naming the variable. */
async function checkModuleKeys(module: ProfileModule, keys: ProfileKeys): Promise<void> {
  const problems = (await module.validateKeys?.(keys)) ?? [];
  if (!Array.isArray(problems)) throw new Error("validateKeys returned no array of { variable, message }");
  const first = problems[0];
  if (!first) return;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? "s" : ""})` : "";
  throw new ConfigError(String(first.variable || "CRYPTO_PROFILE"), `${first.message}${more}`);
}

/** The profile made from watched keys, telling which variables it reads (key-variables.ts). */
function withVariables<P extends CryptoProfile | Promise<CryptoProfile>>(
  watched: WatchedKeys,
  make: (keys: ProfileKeys) => P,
): P {
  const attach = (profile: CryptoProfile) => Object.assign(profile, { keyVariables: watched.variables });
  const made = make(watched.keys);
  return (made instanceof Promise ? made.then(attach) : attach(made as CryptoProfile)) as P;
}

/**
 * The profile a CRYPTO_PROFILE value names, with this side's keys; a ConfigError when there is
 * none. A module gets the keys as configured plus its own variables read from `env`, and its
 * validateKeys decides what a good key is (a ConfigError naming the variable otherwise).
 */
export async function loadProfile(
  spec: string,
  keys: ProfileKeys,
  env: Record<string, string | undefined> = process.env,
): Promise<CryptoProfile> {
  const problem = profileSpecProblem(spec);
  if (problem) throw new ConfigError("CRYPTO_PROFILE", `"${spec}" ${problem}`);
  let module: ProfileModule | undefined;
  try {
    if (!isProfileModule(spec)) return withVariables(watchKeys(keys, []), BUILT_IN[spec]!);
    module = await importProfileModule(spec);
  } catch (error) {
    throw new ConfigError("CRYPTO_PROFILE", `"${spec}" gives no usable profile: ${(error as Error).message}`);
  }
  const watched = watchKeys(
    { ...keys, variables: keys.variables ?? variableValues(module, env) },
    module.variables.map((v) => v.name),
  );
  try {
    await checkModuleKeys(module, watched.keys);
    return await withVariables(watched, async (k) => asyncProfile(checkShape(await module.factory(k))));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError("CRYPTO_PROFILE", `"${spec}" gives no usable profile: ${(error as Error).message}`);
  }
}
