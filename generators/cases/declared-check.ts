/**
 * Before anything is sent, the requests the generators make for each operation the target declares
 * rules for (REQUEST_RULES_FILE) are drawn and made to obey them (generators/schema/obey.ts). A
 * rule no draw can meet — a fixture or the period in STATEMENT_DATE_FORMAT breaks it, it requires
 * a field nothing gives, no value drawn meets it — stops the run with exit 2 naming the rule's
 * JSON pointer and the variable it conflicts with. Rules on the debit amounts wait for the debit
 * range, those on the sealed envelope for the crypto profile (checkLateRules, after the preflight).
 */
import fc from "fast-check";
import type { Operation } from "../../lib/catalogue/index.ts";
import { CREATE_TRANSACTION, REGISTER_BUSINESS } from "../../lib/catalogue/index.ts";
import type { CaseContext } from "../../lib/checks/types.ts";
import type { Config } from "../../lib/config/load.ts";
import { sealRequest } from "../../lib/crypto/envelope.ts";
import type { CryptoProfile } from "../../lib/crypto/profile.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { chooseDebitRange, type DebitRange } from "../../lib/payments/debit-range.ts";
import type { ValidatorRegistry } from "../../lib/validation/registry.ts";
import { debitRequest } from "../card-api/transaction.ts";
import { fakerFor } from "../faker.ts";
import { obeying, UnmetRules, type DeclaredRules } from "../schema/obey.ts";
import { builtCases } from "./index.ts";
import { declaredRules, unmetRuleError, unmetRuleText } from "./request-rules.ts";

/** Draws per operation: enough to meet every rule a draw can break (the fixtures are the same in each). */
const DRAWS = 20;

/** The bodies a run's valid requests start from: drawn, the full request, the fixed valid rows. */
async function startingBodies(op: Operation, config: Config, registry: ValidatorRegistry): Promise<unknown[]> {
  const range = chooseDebitRange(undefined, {
    vocabulary: config.cardApi,
    terminal: config.cardApi.terminal,
    avoidMinor: [],
    currency: config.fixtures.payment.currency,
  });
  const ctx = {
    config,
    validators: registry,
    inFlight: 1,
    profile: undefined as never,
    debitAmounts: async () => range,
  } satisfies CaseContext;
  const cases = await builtCases(op, ctx);
  if (cases.seal) return [];
  const drawn = fc.sample(cases.validBodies, { numRuns: DRAWS, seed: config.run.seed });
  return [cases.fullRequest(), ...cases.validExamples.map((c) => c.body), ...drawn].filter((b) => b !== undefined);
}

/** The first body of these the rules cannot be met for, as UnmetRules. */
function firstUnmet(rules: DeclaredRules, bodies: unknown[], skipLate: boolean, seed: number): UnmetRules | undefined {
  for (const body of bodies) {
    const [obeyed] = fc.sample(obeying(rules, body, skipLate), { numRuns: 1, seed });
    if (obeyed instanceof UnmetRules) return obeyed;
  }
  return undefined;
}

/** At start: every declared operation's valid requests can be made to obey its rules (the amounts aside). */
export async function checkRulesObeyed(config: Config, registry: ValidatorRegistry, ops: Operation[]): Promise<void> {
  for (const op of ops) {
    const rules = declaredRules(config, registry, op.key);
    if (!rules) continue;
    const unmet = firstUnmet(rules, await startingBodies(op, config, registry), true, config.run.seed);
    if (unmet) throw unmetRuleError(config, unmet.why);
  }
}

/**
 * Once the debit range and the crypto profile are known: the smallest, the fixed and the largest
 * debit obey the declared amount rules, and a sealed registration obeys the declared envelope.
 */
export async function checkLateRules(
  config: Config,
  registry: ValidatorRegistry,
  late: { range?: DebitRange; profile?: CryptoProfile },
): Promise<void> {
  const debit = declaredRules(config, registry, CREATE_TRANSACTION.key);
  if (debit && late.range) {
    const { minMinor, fixedMinor, maxMinor, why } = late.range;
    for (const minor of [minMinor, fixedMinor, maxMinor]) {
      const body = debitRequest(fakerFor(config.run.seed), config, { minor });
      const unmet = firstUnmet(debit, [body], false, config.run.seed);
      if (unmet) {
        const variable = minor === minMinor ? "DEBIT_AMOUNT_MIN" : "DEBIT_AMOUNT_MAX";
        throw new ConfigError(variable, `${unmetRuleText(config, unmet.why)} (the debit range: ${why})`);
      }
    }
  }
  const envelope = declaredRules(config, registry, REGISTER_BUSINESS.key);
  if (envelope && late.profile) {
    const cases = await builtCases(REGISTER_BUSINESS, {
      config,
      validators: registry,
      inFlight: 1,
      profile: late.profile,
      debitAmounts: async () => late.range!,
    });
    const unmet = firstUnmet(envelope, [await sealRequest(late.profile, cases.fullRequest())], false, config.run.seed);
    if (unmet) throw unmetRuleError(config, unmet.why);
  }
}
