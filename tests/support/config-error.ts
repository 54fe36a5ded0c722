/** The configuration error a set of variables gives: one helper for every "bad value → exit 2 naming it" table. */
import { expect } from "vitest";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { loadConfig } from "../../lib/config/load.ts";

/** Loads the configuration, expects a ConfigError naming `variable`, and returns it (for more assertions). */
export function expectConfigError(env: Record<string, string>, variable: string): ConfigError {
  let error: unknown;
  try {
    loadConfig(env);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).variable).toBe(variable);
  return error as ConfigError;
}
