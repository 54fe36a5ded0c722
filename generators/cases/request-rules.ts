/**
 * The request rules a target declares (REQUEST_RULES_FILE, lib/config/request-rules.ts), in the
 * one schema registry: each operation's schema is registered under an `$id` of the harness's
 * (its own `$id` replaced), compiled at start — a bad file stops the run with exit 2 naming
 * REQUEST_RULES_FILE — and used to tell whether a generated invalid request breaks a declared rule.
 */
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import type { Config } from "../../lib/config/load.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { describeIssues, type ValidatorRegistry } from "../../lib/validation/registry.ts";
import { schemaMutations, type Mutation } from "../schema/mutations.ts";
import { UnsupportedSchemaError } from "../schema/walk.ts";

/** The $id the declared schema of an operation is registered under. */
export function declaredSchemaId(operationKey: string): string {
  return `${SCHEMA_BASE}declared/${operationKey}.schema.json`;
}

/** Registers the operation's declared schema (once); undefined when the target declares none for it. */
function declaredSchema(config: Config, registry: ValidatorRegistry, operationKey: string): string | undefined {
  const rules = config.fixtures.requestRules;
  if (rules.kind !== "file") return undefined;
  const schema = rules.rules[operationKey];
  if (!schema) return undefined;
  const id = declaredSchemaId(operationKey);
  registry.addSchema({ ...schema, $id: id });
  return id;
}

/**
 * At start: every key names an operation of the catalogue and every schema compiles (ajv strict,
 * 2020-12). Each problem is a ConfigError naming REQUEST_RULES_FILE.
 */
export function checkRequestRules(config: Config, registry: ValidatorRegistry, operationKeys: string[]): void {
  const rules = config.fixtures.requestRules;
  if (rules.kind !== "file") return;
  const problem = (what: string) => new ConfigError("REQUEST_RULES_FILE", `${rules.file}: ${what}`);
  for (const key of Object.keys(rules.rules)) {
    if (!operationKeys.includes(key))
      throw problem(`"${key}" is no operation of the catalogue (one of ${operationKeys.join(", ")})`);
    try {
      registry.validator(declaredSchema(config, registry, key)!);
      declaredMutations(config, registry, key);
    } catch (error) {
      if (error instanceof UnsupportedSchemaError) throw problem(`"${key}": ${error.message}`);
      throw problem(`"${key}" is not a usable JSON Schema 2020-12 (${(error as Error).message})`);
    }
  }
}

/**
 * Invalid variants derived from the declared schema itself (a declared required field dropped, a
 * declared bound or pattern broken), so that a rule the reference does not have is tried too.
 */
export function declaredMutations(config: Config, registry: ValidatorRegistry, operationKey: string): Mutation[] {
  const id = declaredSchema(config, registry, operationKey);
  if (!id) return [];
  return schemaMutations(id, registry, "declared").map((m) => ({
    ...m,
    name: `declared: ${m.name}`,
    rule: `REQUEST_RULES_FILE ${operationKey}: ${m.rule.replace(/ in declared\/.*$/, "")}`,
  }));
}

/** The declared rule a request body breaks ("REQUEST_RULES_FILE card-api.transaction-create: /debit/account/number is required but missing"), if any. */
export function brokenDeclaredRule(
  config: Config,
  registry: ValidatorRegistry,
  operationKey: string,
  body: unknown,
): string | undefined {
  const id = declaredSchema(config, registry, operationKey);
  if (!id) return undefined;
  const { valid, issues } = registry.validate(id, body);
  return valid ? undefined : `REQUEST_RULES_FILE ${operationKey}: ${describeIssues(issues, 3)}`;
}
