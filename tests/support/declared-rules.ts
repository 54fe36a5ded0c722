/**
 * Helpers of the declared-rules tests: a REQUEST_RULES_FILE written for a row, the configuration
 * that reads it, the start checks the CLI runs, and the valid requests every path makes
 * (the property cases, the bodies negative rows mutate, the fixed rows, the builders a check calls).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { ADDED_OPERATIONS, DOCUMENTED_OPERATIONS, type Operation } from "../../lib/catalogue/index.ts";
import { loadConfig, type Config } from "../../lib/config/load.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { checkRulesObeyed } from "../../generators/cases/declared-check.ts";
import { checkRequestRules, declaredRules } from "../../generators/cases/request-rules.ts";
import { UnmetRules } from "../../generators/schema/obey.ts";
import { caseContext, registry } from "./case-rows.ts";

const dir = mkdtempSync(join(tmpdir(), "declared-rules-"));
let files = 0;

/** The configuration of a target that declares these rules (and sets these variables). */
export function declaring(rules: Record<string, unknown>, env: Record<string, string> = {}): Config {
  const file = join(dir, `rules-${++files}.json`);
  writeFileSync(file, JSON.stringify(rules));
  return loadConfig({ SEED: "11", REQUEST_RULES_FILE: file, ...env });
}

/** The start checks of the CLI (compile, rule problems, draws that obey): the exit-2 error, if any. */
export async function startError(config: Config): Promise<ConfigError | undefined> {
  const ops = [...DOCUMENTED_OPERATIONS, ...ADDED_OPERATIONS];
  try {
    checkRequestRules(
      config,
      registry,
      ops.map((op) => op.key),
    );
    await checkRulesObeyed(config, registry, ops);
    return undefined;
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

export const operation = (key: string): Operation => DOCUMENTED_OPERATIONS.find((op) => op.key === key)!;

/** Every valid request the generators make for an operation: drawn cases, drawn bodies, the full request, the fixed rows. */
export async function validRequests(config: Config, key: string, draws = 25): Promise<unknown[]> {
  const cases = await casesFor(operation(key), caseContext(config));
  const drawnCases = fc.sample(cases.valid, { numRuns: draws, seed: 3 });
  const unmet = drawnCases.find((c) => c.unmet);
  if (unmet) throw new Error(`a valid case was not sendable: ${unmet.unmet!.reason}`);
  const bodies = fc.sample(cases.validBodies, { numRuns: draws, seed: 4 });
  if (bodies.some((b) => b instanceof UnmetRules)) throw new Error("a valid body did not meet the rules");
  return [...drawnCases.map((c) => c.body), ...bodies, cases.fullRequest(), ...cases.validExamples.map((c) => c.body)];
}

/** The declared schema's verdict on a body: its ajv errors. */
export function declaredErrors(config: Config, key: string, body: unknown) {
  const rules = declaredRules(config, registry, key)!;
  return registry.errors(rules.id, body);
}
