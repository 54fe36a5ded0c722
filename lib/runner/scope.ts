/**
 * --family and --operation: the checks of some operations only (e.g. a merchant-only target
 * checked against the operations a partner's OpenAPI document adds). The selection is a partial
 * run like --check's: never conformant for the whole spec (exit 1 at best), its verdict naming the
 * options. A family or operation with no checks is a usage error, not a green run of nothing.
 */
import { DOCUMENTED_OPERATIONS } from "../catalogue/index.ts";
import { FAMILIES } from "../catalogue/types.ts";
import type { Module } from "../checks/types.ts";
import { UsageError } from "./cli-errors.ts";
import type { RunOptions } from "./run-state.ts";

export interface Scope {
  ids: string[];
  /** How the verdict names the selection: "--family merchant-api", then --check's ids. */
  by: string[];
}

export function scopeOf(options: RunOptions, modules: readonly Module[]): Scope | undefined {
  const families = options.family ?? [];
  const keys = options.operation ?? [];
  if (!families.length && !keys.length) return undefined;
  for (const family of families)
    if (!(FAMILIES as readonly string[]).includes(family))
      throw new UsageError(`--family ${family}: no such family (one of ${FAMILIES.join(", ")})`);
  const chosen = (m: Module) => families.includes(m.operation.family) || keys.includes(m.operation.key);
  for (const key of keys)
    if (!modules.some((m) => m.operation.key === key))
      throw new UsageError(
        `--operation ${key}: no checked operation has this key (${[...new Set(modules.map((m) => m.operation.key))].join(", ")})`,
      );
  const ids = [...new Set(modules.filter(chosen).flatMap((m) => m.checks.map((c) => c.id)))];
  if (!ids.length)
    throw new UsageError(`--family ${families.join(", ")}: no checks (is its OPENAPI_DOCUMENT or CATALOGUE_DIR set?)`);
  const checks = options.check ?? [];
  return {
    ids: [...ids, ...checks.filter((id) => !ids.includes(id))],
    by: [
      ...families.map((f) => `--family ${f}`),
      ...keys.map((k) => `--operation ${k}`),
      ...(checks.length ? [`--check ${checks.join(", ")}`] : []),
    ],
  };
}

/**
 * Whether a scoped run (--family, --operation) needs the preflight: only when it runs a check of an
 * operation the spec documents — the preflight's keys, token and fixtures are theirs, and a
 * merchant-only target has none of them.
 */
export function scopeNeedsPreflight(selectedChecks: readonly string[], modules: readonly Module[]): boolean {
  const spec = new Set(DOCUMENTED_OPERATIONS.map((op) => op.key));
  return modules.some((m) => spec.has(m.operation.key) && m.checks.some((c) => selectedChecks.includes(c.id)));
}
