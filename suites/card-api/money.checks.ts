/**
 * Money is exact (§2.2, §2.4): every amount a target returns is a finite decimal with no more
 * decimals than its currency's minor unit (ISO 4217: KZT two, JPY none), and never a negative
 * zero. A float sum that leaks (301.90000000000003), a third decimal of tenge or a "-0.00" is
 * money the books cannot hold. Should level: the spec shows amounts as numbers (§2.2) and
 * decimal strings (§2.4) without their precision; the minor unit is ISO 4217's, not the spec's.
 * Exponent notation (1.5e1) is a valid JSON number and passes; a number is judged by the literal
 * text the target sent (lib/payments/money.ts: no float in between), a string by its text.
 */
import {
  answerKind,
  type CheckContext,
  CheckFailure,
  defineContractCheck,
  describeAnswer,
  type Exchange,
  fail,
  requireAnswer,
  requireSuccessBody,
  type ScenarioName,
} from "../../lib/checks/kit.ts";
import { EVERY_SUCCESS_ANSWER, SUCCESS } from "../generic/success.ts";
import { amountLimitsOf } from "../../lib/payments/limits.ts";
import { amountProblem, parseKeepingNumberText } from "../../lib/payments/money.ts";
import { OBJECT_KIND_SCENARIOS } from "./limits-list.checks.ts";

type Item = Record<string, unknown>;

const items = (value: unknown): Item[] =>
  Array.isArray(value) ? value.filter((v): v is Item => typeof v === "object" && v !== null && !Array.isArray(v)) : [];

/** The amounts of an amount limit (§2.4), each judged on its own (a fault row breaks each alone). */
const LIMIT_FIELDS = ["value", "current", "remaining"] as const;

/** "operations[3].amount: 301.90000000000003 has 14 decimals, more than the 2 of KZT" for each field that is not exact money. */
function inexact<T extends object>(item: T, fields: ReadonlyArray<keyof T & string>, where: string): string[] {
  const read = item as Record<string, unknown>;
  return fields.flatMap((field) => {
    if (read[field] === undefined || read[field] === null) return []; // presence and type are the schema check's
    const problem = amountProblem(read[field], read.currency);
    return problem ? [`${where}.${field}: ${problem}`] : [];
  });
}

/**
 * A number written as its double prints it has no trailing zero in its fraction, no exponent, is not
 * "-0" and has at most 15 significant digits; a body without any such text (inside strings or not)
 * can be judged from its parsed JSON, which costs nothing more — every answer of a run is judged, so
 * the literal parse below is kept for the bodies that may need it.
 */
const MAYBE_NOT_AS_PARSED = /\.\d*0(?=[\s,}\]])|\d[eE][+-]?\d|-0(?:\.0*)?(?=[\s,}\]])|(?:\d\.?){16}/;

/**
 * The body with numbers as the literal text the target sent (digits beyond a double's precision
 * included), where `amounts` read from its parse hold a number: a string amount is its text already.
 */
function literalBody(exchange: Exchange, amounts: (body: Item) => unknown[]): Item {
  const { bodyText, json } = exchange.response!;
  const parsed = json && typeof json === "object" && !Array.isArray(json) ? (json as Item) : undefined;
  if (parsed && (!amounts(parsed).some((v) => typeof v === "number") || !MAYBE_NOT_AS_PARSED.test(bodyText)))
    return parsed;
  const literal = parseKeepingNumberText(bodyText);
  return literal && typeof literal === "object" && !Array.isArray(literal)
    ? (literal as Item)
    : requireSuccessBody(exchange);
}

const operationsOf = (body: Item) => items(body.operations);
const statementAmounts = (body: Item) => operationsOf(body).flatMap((op) => [op.amount, op.commission]);
const limitAmounts = (body: Item) => amountLimitsOf(body).flatMap((l) => LIMIT_FIELDS.map((f) => l[f]));

/**
 * The scenarios answered as a success (a refused one leaves the check not judged, as any refused
 * scenario does); no answer at all fails it as the transport did; the others — a 5xx, garbage —
 * are judged by the checks that own them, and leave nothing here to judge.
 */
async function successAnswers(ctx: CheckContext, scenarios: ScenarioName[]): Promise<Exchange[]> {
  const out: Exchange[] = [];
  const refused: string[] = [];
  for (const scenario of scenarios) {
    const exchange = await ctx.scenario(scenario);
    requireAnswer(exchange);
    if (answerKind(exchange) === "success") out.push(exchange);
    else refused.push(`${scenario}: ${describeAnswer(exchange)}`);
  }
  if (!out.length) ctx.notJudged(`no amounts to judge: ${refused.join("; ")}`);
  return out;
}

function failOn(problems: string[], what: string): void {
  if (problems.length)
    fail(
      "value",
      `${problems.length} ${what} not exact to the currency's minor unit: ${problems.slice(0, 3).join("; ")}`,
    );
}

/** A statement answer's amounts and commissions (§2.2). */
function judgeStatement(exchange: Exchange): void {
  failOn(
    operationsOf(literalBody(exchange, statementAmounts)).flatMap((op, i) =>
      inexact(op, ["amount", "commission"], `operations[${i}]`),
    ),
    "statement amount(s)",
  );
}

/** The kind of object a limits request asked about, for the message ("card: card[0].amount[1]"). */
function objectKindOf(exchange: Exchange): string {
  try {
    const type = (JSON.parse(exchange.request.bodyText) as { object?: { type?: unknown } }).object?.type;
    return typeof type === "string" ? type : "object";
  } catch {
    return "object";
  }
}

/** A limits answer's amount limits (§2.4), every group; the object named only when one is not exact. */
function judgeLimits(exchange: Exchange): void {
  const problems = amountLimitsOf(literalBody(exchange, limitAmounts)).flatMap((limit) =>
    inexact(limit, LIMIT_FIELDS, limit.where),
  );
  if (problems.length)
    failOn(
      problems.map((p) => `${objectKindOf(exchange)}: ${p}`),
      "limit amount(s)",
    );
}

export const statementMoneyExact = defineContractCheck({
  id: "CARD-STMT-MONEY-EXACT",
  level: "should",
  spec: "§2.2",
  basis: "spec",
  title: "Card statement: every amount and commission is exact to its currency's minor unit",
  description:
    "Each operation's amount and commission: a finite decimal, not a negative zero, with no more decimals than the ISO 4217 minor unit of its currency " +
    "(KZT: 2). Should level: §2.2 shows a number without its precision. Exponent notation is accepted; an unknown currency leaves the decimals unjudged." +
    EVERY_SUCCESS_ANSWER,
  contract: { answers: "success", judge: judgeStatement },
  async run(ctx) {
    const answers = await successAnswers(ctx, [SUCCESS]);
    if (!answers.some((exchange) => operationsOf(literalBody(exchange, statementAmounts)).length))
      ctx.notJudged(
        "the statement holds no operation, so no amount was judged",
        "STATEMENT_CARD_ID, STATEMENT_PERIOD_START, STATEMENT_PERIOD_END",
      );
    for (const exchange of answers) judgeStatement(exchange);
  },
});

export const limitsMoneyExact = defineContractCheck({
  id: "CARD-LIM-MONEY-EXACT",
  level: "should",
  spec: "§2.4",
  basis: "spec",
  title: "Limits list: every limit value, current and remaining is exact to its currency's minor unit",
  description:
    "For the card, its account and its client, in every group: each amount-limit's value, current and remaining is a decimal (§2.4: strings), " +
    "not a negative zero, with no more decimals than the ISO 4217 minor unit of its currency. Should level: §2.4 does not show the precision." +
    EVERY_SUCCESS_ANSWER,
  contract: { answers: "success", judge: judgeLimits },
  async run(ctx) {
    const problems: string[] = [];
    let judged = 0;
    for (const exchange of await successAnswers(ctx, [SUCCESS, ...OBJECT_KIND_SCENARIOS])) {
      judged += amountLimitsOf(literalBody(exchange, limitAmounts)).length;
      try {
        judgeLimits(exchange);
      } catch (error) {
        // Every object's problems in one message, as before: the card's, its account's and its client's.
        if (!(error instanceof CheckFailure)) throw error;
        problems.push(error.detail);
      }
    }
    if (!judged)
      ctx.notJudged(
        "no answer lists an amount limit, so no amount was judged",
        "PAYMENT_CARD_ID, PAYMENT_ACCOUNT_NUMBER, PAYMENT_CLIENT_ID",
      );
    if (problems.length) fail("value", problems.join("; "));
  },
});
