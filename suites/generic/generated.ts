/**
 * Checks over generated requests, registered once per operation (as Schemathesis applies its
 * checks to every operation): valid requests succeed, invalid ones are never answered as a
 * success, and no request at all gets a 5xx. All should level: the spec shows no errors (§7) and
 * no required fields (§2.3), so these are what a sound payment API does, not what it states.
 * Each invalid case states its basis (case-basis.ts): one that breaks only the reference
 * sandbox's assumption and was accepted is an info observation, never a should failure.
 */
import fc from "fast-check";
import type { Operation } from "../../lib/catalogue/index.ts";
import type { Mutation } from "../../generators/schema/mutations.ts";
import { boundedFilter, NO_VALUE } from "../../generators/schema/bounded-filter.ts";
import { UnmetRules } from "../../generators/schema/obey.ts";
import { unmetCase, type OperationCases } from "../../generators/cases/types.ts";
import {
  answerKind,
  type Case,
  type Check,
  type CheckContext,
  defineProperty,
  describeAnswer,
  type Exchange,
  fail,
  observeReference,
  redactor,
  rulesRead,
} from "../../lib/checks/kit.ts";
import { basisFor, idOf } from "./ids.ts";
import { requireValidAccepted } from "./success.ts";
import { breaksDeclaredRule, judgeCaseBasis } from "./case-basis.ts";

export type CasesFor = (op: Operation, ctx: CheckContext) => Promise<OperationCases>;

/** The operation's cases, with what they say about themselves (e.g. the debit amounts) noted on the check. */
async function casesNoted(casesFor: CasesFor, op: Operation, ctx: CheckContext): Promise<OperationCases> {
  const cases = await casesFor(op, ctx);
  if (cases.note) ctx.note(cases.note);
  return cases;
}

function mutated(cases: OperationCases, body: unknown, m: Mutation): Case {
  return {
    label: `mutation: ${m.name}`,
    basis: m.basis,
    rule: m.rule,
    request: async (ctx) => {
      if (m.beforeSeal && cases.seal) {
        // An invalid value inside the envelope (the client data), sealed and signed correctly.
        const inner = m.apply(body);
        if (!inner) throw new Error(`mutation "${m.name}" does not apply to the value`);
        return { body: await cases.seal(ctx, inner.body), intent: "refusal" };
      }
      const sent = cases.seal ? await cases.seal(ctx, body) : body;
      const variant = m.apply(sent);
      if (!variant) throw new Error(`mutation "${m.name}" does not apply to the request`);
      // Meant to be refused: its answer is judged as a refusal, never against the success contract.
      return { ...variant, intent: "refusal" };
    },
  };
}

/** A mutation applies to a body (a sealed operation's envelope mutations always do: they apply after sealing). */
const applies = (cases: OperationCases, body: unknown, m: Mutation) =>
  body instanceof UnmetRules || (cases.seal !== undefined && !m.beforeSeal) || m.apply(body) !== undefined;

const NO_ROW_APPLIES = {
  message: "no mutation row applies to the valid requests drawn",
  variable: "the operation's request schema (CATALOGUE_DIR for an added operation)",
};

/** A random valid body with a random row that applies to it; a body the declared rules could not be met for is a case not sent. */
function negativeCases(cases: OperationCases): fc.Arbitrary<Case> {
  return boundedFilter(fc.tuple(cases.validBodies, fc.constantFrom(...cases.mutations)), ([body, m]) =>
    applies(cases, body, m),
  ).map((drawn) => {
    if (drawn === NO_VALUE) return unmetCase("a random invalid request", NO_ROW_APPLIES);
    const [body, m] = drawn;
    return body instanceof UnmetRules ? unmetCase(`mutation: ${m.name}`, body.why) : mutated(cases, body, m);
  });
}

/**
 * One row per mutation, each on a full request of its own: rows sharing one request_id would be
 * refused as replays of each other (idempotency), and so judge nothing.
 */
function mutationRows(cases: OperationCases): Case[] {
  return cases.mutations.flatMap((m) => {
    const full = cases.fullRequest();
    return (cases.seal && !m.beforeSeal) || m.apply(full) ? [mutated(cases, full, m)] : [];
  });
}

function positiveAcceptance(op: Operation, id: string, casesFor: CasesFor): Check {
  return defineProperty({
    id: idOf(op, id),
    reads: [rulesRead(op)],
    level: "should",
    spec: op.spec,
    // Valid by the spec's shapes, with the fixtures the target's configuration names.
    basis: "declared",
    operation: op,
    title: `${op.title}: valid generated requests for the test fixtures succeed`,
    description:
      "Requests valid by the request schema and by the rules the target declares (REQUEST_RULES_FILE), with the configured fixtures, are answered as a success. " +
      "A case the generators cannot make meet the declared rules is not sent; a check that judged no answer is not judged, never passed.",
    cases: async (ctx) => (await casesNoted(casesFor, op, ctx)).valid,
    examples: async (ctx) => (await casesFor(op, ctx)).validExamples,
    verdict: (exchange, _c, ctx) => {
      const kind = answerKind(exchange);
      if (kind === "success") return;
      // A request the target's own declared rules refuse is no valid request for it: its refusal
      // judges nothing (the generators make valid requests obey the rules, so this is rare); a
      // property of only such answers is not judged, never passed.
      if (kind === "rejection" && breaksDeclaredRule(op, exchange, ctx))
        return {
          notJudged: {
            reason: "the target's declared rules refuse (the request broke one): a refusal of it judges nothing",
            variable: "REQUEST_RULES_FILE",
          },
        };
      fail(
        kind === "server-error" ? "server-error" : "rejected-valid",
        `${describeAnswer(exchange)} to a valid request`,
      );
    },
  });
}

function negativeRejection(op: Operation, id: string, requestSpec: string, casesFor: CasesFor): Check {
  return defineProperty({
    id: idOf(op, id),
    reads: [rulesRead(op)],
    level: "should",
    spec: requestSpec,
    basis: basisFor(op, "spec"),
    basisPerCase: true,
    operation: op,
    title: `${op.title}: an invalid request is never answered as a success`,
    description:
      "Each mutation row (a required field dropped, a wrong type, a broken pattern or bound, a non-Luhn PAN, malformed JSON, a wrong Content-Type, …) " +
      "is tried once, then random ones. A rejection is any 4xx, or a 2xx whose body says status ≠ ok, request_status ≠ success or state false (§7 shows no error shape). " +
      "Each row states its basis: spec or declared (REQUEST_RULES_FILE, CLIENT_DATA_FILE, STATEMENT_DATE_FORMAT) rows accepted are a should failure naming the rule; rows resting only on the reference sandbox's assumption are an info observation.",
    // Refusing an invalid request judges something only if the valid one is accepted (the module's success scenario).
    precondition: requireValidAccepted,
    cases: async (ctx) => negativeCases(await casesFor(op, ctx)),
    examples: async (ctx) => mutationRows(await casesFor(op, ctx)),
    verdict: (exchange, c, ctx) => {
      if (answerKind(exchange) !== "success") return;
      const { basis, rule } = judgeCaseBasis(op, c, exchange, ctx);
      const detail = `${describeAnswer(exchange)} to an invalid request (${basis}: ${rule})`;
      if (basis === "reference") observeReference("accepted-invalid", detail);
      fail("accepted-invalid", detail, basis);
    },
  });
}

function noServerErrors(op: Operation, id: string, casesFor: CasesFor): Check {
  return defineProperty({
    id: idOf(op, id),
    reads: [rulesRead(op)],
    level: "should",
    spec: "§7",
    // A 5xx is the server's own error, whatever the input: no case's basis weakens it.
    basis: basisFor(op, "spec"),
    operation: op,
    title: `${op.title}: no generated request, valid or not, is answered with a 5xx`,
    description:
      "Valid, boundary (zero and extreme amounts, odd periods, empty, very long and non-ASCII text) and invalid requests: any answer but a server error. §7 shows no errors at all; should level, because the spec is silent: a 5xx to input a client can send is a fault of the server whatever the input. " +
      "As a contract, every answer of the operation the run receives, whichever check sent the request, is judged too.",
    contract: { answers: "every", judge: noServerError },
    cases: async (ctx) => {
      const cases = await casesNoted(casesFor, op, ctx);
      const boundaries = cases.boundaries.length ? [fc.constantFrom(...cases.boundaries)] : [];
      return fc.oneof(cases.valid, ...boundaries, negativeCases(cases));
    },
    examples: async (ctx) => {
      const cases = await casesFor(op, ctx);
      return [...cases.boundaries, ...mutationRows(cases)];
    },
    verdict: (exchange, c) => {
      if (answerKind(exchange) === "server-error")
        fail("server-error", `HTTP ${exchange.response!.status} to "${c.label}"`);
    },
  });
}

/** The contract of NO-5XX over every answer of its operation: a 5xx is never an answer, whatever was sent. */
function noServerError(exchange: Exchange): void {
  if (answerKind(exchange) === "server-error")
    fail("server-error", `HTTP ${exchange.response!.status}: ${redactor.preview(exchange.response!.bodyText, 120)}`);
}

/** The ids of the three generated-request checks of an operation, written literally by its module. */
export interface GeneratedIds {
  positive: string;
  negative: string;
  no5xx: string;
}

/** The three generated-request checks of an operation. */
export function generatedChecks(op: Operation, requestSpec: string, casesFor: CasesFor, ids: GeneratedIds): Check[] {
  return [
    positiveAcceptance(op, ids.positive, casesFor),
    negativeRejection(op, ids.negative, requestSpec, casesFor),
    noServerErrors(op, ids.no5xx, casesFor),
  ];
}
