/**
 * Checks and modules are defined once; ids are unique across the harness. Where a check is defined
 * is not recorded here: its id is written literally in that file, so the file is found by its text
 * (cli/docs-checks.ts), never by reading a stack trace.
 */
import type { Check, Module } from "./types.ts";

const ID = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;
const SPEC = /^§\d+(\.\d+)*$/;
const registry = new Map<string, Check>();

export function defineCheck(check: Check): Check {
  if (!ID.test(check.id)) throw new Error(`check id ${check.id} is not of the form FAMILY-OP-NAME`);
  if (!SPEC.test(check.spec)) throw new Error(`check ${check.id} cites "${check.spec}", not a § clause`);
  if (registry.has(check.id)) throw new Error(`check id ${check.id} is defined twice`);
  // A must rests on the spec or on what the target declared, never on the reference sandbox's choice.
  if (check.level === "must" && check.basis === "reference")
    throw new Error(`check ${check.id} is a must resting on the reference sandbox's choice: make it info`);
  registry.set(check.id, check);
  return check;
}

/**
 * A module lists each check once, and only checks of its own: an id names the module's operation
 * (`CARD-LIM-…` in the limits list's module) or one of the themes the module declares (`CARD-LEDGER`).
 */
export function defineModule(module: Module): Module {
  const ids = module.checks.map((c) => c.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`module ${module.operation.key} lists ${duplicate} twice`);
  const prefixes = [module.operation.code, ...(module.themes ?? [])].map((p) => `${p}-`);
  const foreign = ids.find((id) => !prefixes.some((p) => id.startsWith(p)));
  if (foreign)
    throw new Error(
      `module ${module.operation.key} lists ${foreign}, an id of another module (${prefixes.join(", ")})`,
    );
  return module;
}

/** Every check defined so far in this process. */
export function registeredChecks(): Check[] {
  return [...registry.values()];
}
