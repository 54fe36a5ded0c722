/**
 * What an invalid generated case rests on, when the target accepted it:
 * - `spec`: the mutation breaks what a clause states (a type, a format, a value shown, JSON);
 * - `declared`: it breaks a rule the target declares — its REQUEST_RULES_FILE schema for the
 *   operation, or a declaration the mutation itself comes from (CLIENT_DATA_FILE, STATEMENT_DATE_FORMAT);
 * - `reference`: it breaks only the reference sandbox's assumption — unless the target declares
 *   the reference's rules as its own (REQUEST_RULES_FILE=reference: the embedded sandbox).
 * Only `reference` is an observation (info); the others are the check's should failures.
 */
import type { Operation } from "../../lib/catalogue/index.ts";
import {
  answerKind,
  type Basis,
  type Case,
  type CaseContext,
  type CheckContext,
  type Exchange,
} from "../../lib/checks/kit.ts";
import { brokenDeclaredRule } from "../../generators/cases/request-rules.ts";

export interface JudgedBasis {
  basis: Basis;
  rule: string;
}

/** The body as sent, when it is JSON (a malformed-JSON case has none to hold against a schema). */
function sentBody(exchange: Exchange): unknown {
  try {
    return JSON.parse(exchange.request.bodyText ?? "");
  } catch {
    return undefined;
  }
}

/** Whether the body sent breaks a rule of the target's REQUEST_RULES_FILE. */
export function breaksDeclaredRule(op: Operation, exchange: Exchange, ctx: CaseContext): boolean {
  const body = sentBody(exchange);
  return body !== undefined && brokenDeclaredRule(ctx.config, ctx.validators, op.key, body) !== undefined;
}

/**
 * A refusal judges a check only if the request was one the target should take apart from what the
 * check tests: a refusal of a request that breaks the target's declared rules ends the check not
 * judged, naming the rule (the check would otherwise pass on a refusal for the wrong reason).
 */
export function requireRefusalJudges(op: Operation, exchange: Exchange, ctx: CheckContext): void {
  if (answerKind(exchange) !== "rejection") return;
  const body = sentBody(exchange);
  const rule = body === undefined ? undefined : brokenDeclaredRule(ctx.config, ctx.validators, op.key, body);
  if (rule)
    ctx.notJudged(
      `the target refused a request that breaks its own declared rules (${rule}), so the refusal judges nothing`,
      "REQUEST_RULES_FILE",
    );
}

export function judgeCaseBasis(op: Operation, c: Case, exchange: Exchange, ctx: CaseContext): JudgedBasis {
  const own = { basis: c.basis ?? "spec", rule: c.rule ?? c.label };
  // An operation of a partner's OpenAPI document: every row rests on what the document declares.
  if (op.source) return { basis: "declared", rule: `${own.rule} — declared by OPENAPI_DOCUMENT` };
  if (own.basis === "spec") return own;
  const body = sentBody(exchange);
  const declared = body === undefined ? undefined : brokenDeclaredRule(ctx.config, ctx.validators, op.key, body);
  if (declared) return { basis: "declared", rule: declared };
  if (own.basis === "declared") return own;
  if (ctx.config.fixtures.requestRules.kind === "reference")
    return { basis: "declared", rule: `${own.rule} — declared by REQUEST_RULES_FILE=reference` };
  return own;
}
