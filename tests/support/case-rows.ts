/** Helpers of the basis tests: the mutation rows of an operation and the basis the NEGATIVE verdict gives an accepted one. */
import type { Operation } from "../../lib/catalogue/index.ts";
import { debitRangeFor } from "../../lib/checks/debit-amounts.ts";
import type { Case } from "../../lib/checks/property.ts";
import type { CaseContext } from "../../lib/checks/types.ts";
import type { Config } from "../../lib/config/load.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { validators } from "../../lib/validation/registry.ts";
import { casesFor } from "../../generators/cases/index.ts";
import type { Mutation } from "../../generators/schema/mutations.ts";
import { judgeCaseBasis } from "../../suites/generic/case-basis.ts";

export const registry = validators();
const ENVELOPE = { payload: { encrypted_data: "QUJDRA==" }, signature: "abcdef" };

export function caseContext(config: Config): CaseContext {
  return {
    config,
    validators: registry,
    profile: undefined as never,
    debitAmounts: async () => debitRangeFor(config, undefined),
    inFlight: 1,
  };
}

/** The full request a mutation row applies to (the envelope for the partner transfer API). */
export async function rowsOf(op: Operation, config: Config): Promise<Array<{ m: Mutation; body: unknown }>> {
  const cases = await casesFor(op, caseContext(config));
  const full = cases.seal ? ENVELOPE : cases.fullRequest();
  return cases.mutations.flatMap((m) => {
    const variant = m.beforeSeal ? undefined : m.apply(full);
    return variant ? [{ m, body: variant.rawBody ?? variant.body }] : [];
  });
}

/** The NEGATIVE verdict's basis for a row the target accepted. */
export function acceptedBasis(op: Operation, m: Mutation, body: unknown, config: Config) {
  const c: Case = { label: `mutation: ${m.name}`, request: () => ({ body }), basis: m.basis, rule: m.rule };
  const bodyText = typeof body === "string" ? body : JSON.stringify(body);
  const exchange = { request: { bodyText } } as unknown as Exchange;
  return judgeCaseBasis(op, c, exchange, caseContext(config));
}
