/**
 * The request rules a target declares (REQUEST_RULES_FILE, lib/config/request-rules.ts), in the
 * one schema registry: each operation's schema is compiled as users write JSON Schema (the
 * registry's user-schema path: a `required` inside anyOf is fine, an unknown keyword is not) under
 * an `$id` of the harness's, at start — a bad file stops the run with exit 2 naming
 * REQUEST_RULES_FILE and the pointer — and used three ways: valid requests are made to obey it
 * (generators/schema/obey.ts), invalid rows are derived from it, and a generated invalid request
 * that breaks it is judged on the declared basis.
 */
import { createHash } from "node:crypto";
import { ADDED_OPERATIONS, DOCUMENTED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import type { Config } from "../../lib/config/load.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { describeIssues, validators, type ValidatorRegistry } from "../../lib/validation/registry.ts";
import { schemaMutations, type Mutation } from "../schema/mutations.ts";
import { obeyOne, UnmetRules, type DeclaredRules, type Unsatisfiable } from "../schema/obey.ts";
import { ruleProblems } from "../schema/rule-problems.ts";
import { UnsupportedSchemaError } from "../schema/walk.ts";
import { freshOf, pinsOf } from "./declared-pins.ts";

const ids = new WeakMap<object, string>();

/** The $id the declared schema of an operation is registered under: two different declarations never share one. */
export function declaredSchemaId(operationKey: string, schema: object): string {
  let id = ids.get(schema);
  if (!id) {
    const hash = createHash("sha256").update(JSON.stringify(schema)).digest("hex").slice(0, 12);
    ids.set(schema, (id = `${SCHEMA_BASE}declared/${hash}/${operationKey}.schema.json`));
  }
  return id;
}

/** Registers the operation's declared schema (once); undefined when the target declares none for it. */
function declaredSchema(config: Config, registry: ValidatorRegistry, operationKey: string): string | undefined {
  const rules = config.fixtures.requestRules;
  if (rules.kind !== "file") return undefined;
  const schema = rules.rules[operationKey];
  if (!schema) return undefined;
  const id = declaredSchemaId(operationKey, schema);
  registry.addUserSchema(
    { ...schema, $id: id },
    { variable: "REQUEST_RULES_FILE", file: rules.file, key: operationKey },
  );
  return id;
}

/** What the generators need to make a request of the operation obey the declared rules; undefined without any. */
export function declaredRules(
  config: Config,
  registry: ValidatorRegistry,
  operationKey: string,
): DeclaredRules | undefined {
  const id = declaredSchema(config, registry, operationKey);
  const op = [...DOCUMENTED_OPERATIONS, ...ADDED_OPERATIONS].find((o) => o.key === operationKey);
  if (!id || !op) return undefined;
  return {
    registry,
    id,
    ...(op.requestSchema ? { harness: op.requestSchema } : {}),
    name: operationKey,
    pins: pinsOf(op, registry),
    fresh: freshOf(op),
  };
}

/** The variable an exit-2 line of an unmet rule names: the fixture's that is the cause, else REQUEST_RULES_FILE. */
const variableOf = (why: Unsatisfiable) =>
  why.variable && /^[A-Z_]+$/.test(why.variable) ? why.variable : "REQUEST_RULES_FILE";

/** What a declared rule the generators cannot meet is, with the file it comes from. */
export function unmetRuleText(config: Config, why: Unsatisfiable): string {
  const rules = config.fixtures.requestRules;
  const file = rules.kind === "file" ? rules.file : "reference";
  return `${variableOf(why) === "REQUEST_RULES_FILE" ? "" : "REQUEST_RULES_FILE "}${file}: ${why.message}`;
}

/** The exit-2 line of a declared rule the generators cannot meet. */
export function unmetRuleError(config: Config, why: Unsatisfiable): ConfigError {
  return new ConfigError(variableOf(why), unmetRuleText(config, why));
}

/**
 * At start: every key names an operation of the catalogue, every schema compiles, and no rule is
 * one the generators cannot work with (an unsupported keyword or format, bounds no value meets).
 * Each problem is a ConfigError naming REQUEST_RULES_FILE and the rule's JSON pointer. Rules the
 * fixtures break are found by drawing requests (declared-check.ts).
 */
export function checkRequestRules(config: Config, registry: ValidatorRegistry, operationKeys: string[]): void {
  const rules = config.fixtures.requestRules;
  if (rules.kind !== "file") return;
  const problem = (what: string) => new ConfigError("REQUEST_RULES_FILE", `${rules.file}: ${what}`);
  for (const [key, schema] of Object.entries(rules.rules)) {
    if (!operationKeys.includes(key))
      throw problem(`"${key}" is no operation of the catalogue (one of ${operationKeys.join(", ")})`);
    declaredSchema(config, registry, key);
    const [first] = ruleProblems(schema);
    if (first) throw problem(`"${key}" ${first.pointer}: ${first.problem}`);
    try {
      declaredMutations(config, registry, key);
    } catch (error) {
      if (error instanceof UnsupportedSchemaError) throw problem(`"${key}": ${error.message}`);
      throw problem(`"${key}" is not a usable JSON Schema 2020-12 (${(error as Error).message})`);
    }
  }
}

/**
 * Invalid variants derived from the declared schema itself (a declared required field dropped, a
 * declared bound or pattern broken, no required set of an anyOf left whole), so that a rule the
 * reference does not have is tried too.
 */
export function declaredMutations(config: Config, registry: ValidatorRegistry, operationKey: string): Mutation[] {
  const id = declaredSchema(config, registry, operationKey);
  if (!id) return [];
  return schemaMutations(id, registry, "declared").map((m) => ({
    ...m,
    name: `declared: ${m.name}`,
    rule: `REQUEST_RULES_FILE ${operationKey}: ${m.rule.replace(/ in declared\/.*$/, "")}`,
    // A row is a negative only if the declaration refuses it: one the declared schema accepts is not tried.
    apply: (valid: unknown) => {
      const variant = m.apply(valid);
      return variant && !registry.validate(id, variant.body).valid ? variant : undefined;
    },
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

/**
 * A request a check builds from the fixtures (the success scenario, a ledger debit, the
 * preflight's), made to obey the declared rules. One the rules cannot be met for is returned as
 * built: the start check has stopped the run on such a rule already, but for a value decided later.
 */
export function obeyDeclared<T>(config: Config, operationKey: string, body: T): T {
  const rules = declaredRules(config, validators(), operationKey);
  if (!rules) return body;
  const obeyed = obeyOne(rules, body);
  return obeyed instanceof UnmetRules ? body : (obeyed as T);
}
