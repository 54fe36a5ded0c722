/** Checks specific to §4.2 card statement. */
import {
  COMMON_DEFS,
  type Config,
  defineCheck,
  type Exchange,
  fail,
  requireSuccessBody,
} from "../../lib/checks/kit.ts";
import { onEverySuccessAnswer, SUCCESS } from "../generic/success.ts";
import { parseIsoDateTime } from "../../lib/time/iso.ts";
import { sentPeriod } from "../../generators/card-api/period.ts";

/** The seeded statement's variables: where to look when it holds no operation to judge. */
const SEEDED_STATEMENT = "STATEMENT_CARD_ID, STATEMENT_PERIOD_START, STATEMENT_PERIOD_END";

function operationsOf(body: Record<string, unknown>): Record<string, unknown>[] {
  const { operations } = body;
  return Array.isArray(operations)
    ? operations.filter((o): o is Record<string, unknown> => typeof o === "object" && o !== null)
    : [];
}

/** Operations whose datetime lies outside the period the request asked for. */
function operationsOutsidePeriod(exchange: Exchange, body: Record<string, unknown>, config: Config): string[] {
  const period = sentPeriod(JSON.parse(exchange.request.bodyText), config);
  if (!period) throw new Error("the harness sent a period it cannot read back");
  return operationsOf(body).flatMap((op, i) => {
    const at = typeof op.datetime === "string" ? parseIsoDateTime(op.datetime) : undefined;
    return at !== undefined && (at < period.start || at > period.end)
      ? [`operations[${i}].datetime ${op.datetime}`]
      : [];
  });
}

export const statementOperationsWithinPeriod = defineCheck({
  id: "CARD-STMT-PERIOD",
  level: "must",
  spec: "§4.2",
  basis: "spec",
  title: "Card statement: every operation lies within the requested period",
  description:
    "§1 and §4.2: the statement returns the operations of the period. Bounds are read as the declared form says (STATEMENT_DATE_FORMAT): a day form covers whole days at TARGET_UTC_OFFSET, both inclusive; a form with time covers that instant to its precision (an end written to the second covers that second).",
  async run(ctx) {
    const exchange = await ctx.scenario(SUCCESS);
    const body = requireSuccessBody(exchange);
    // No operation, nothing judged (CARD-STMT-NOT-EMPTY says so): never a pass.
    if (!operationsOf(body).length) ctx.notJudged("the statement holds no operation to judge", SEEDED_STATEMENT);
    const outside = operationsOutsidePeriod(exchange, body, ctx.config);
    if (outside.length)
      fail("value", `${outside.length} operation(s) outside the requested period: ${outside.slice(0, 3).join(", ")}`);
  },
});

export const seededStatementNotEmpty = defineCheck({
  id: "CARD-STMT-NOT-EMPTY",
  level: "must",
  spec: "§4.2",
  // declared: the seeded period is configuration (STATEMENT_CARD_ID and its period)
  basis: "declared",
  title: "Card statement: the statement of the seeded period holds operations",
  description: "The configured statement card has operations in the configured period (STATEMENT_PERIOD_START/END).",
  async run(ctx) {
    const body = requireSuccessBody(await ctx.scenario(SUCCESS));
    if (operationsOf(body).length === 0) {
      fail(
        "value",
        "operations is empty for the seeded period: if the target has no operations there, set STATEMENT_CARD_ID, STATEMENT_PERIOD_START and STATEMENT_PERIOD_END to a card and period that have some",
      );
    }
  },
});

export const operationDatetimesHaveMilliseconds = defineCheck({
  id: "CARD-STMT-DATETIME",
  level: "must",
  spec: "§2.2",
  basis: "spec",
  title: "Card statement: every operation datetime has milliseconds and ends in Z",
  async run(ctx) {
    const body = requireSuccessBody(await ctx.scenario(SUCCESS));
    if (!operationsOf(body).length) ctx.notJudged("the statement holds no operation to judge", SEEDED_STATEMENT);
    const bad = operationsOf(body).flatMap((op, i) =>
      ctx.validators.validate(`${COMMON_DEFS}/timestampUtcMillis`, op.datetime).valid
        ? []
        : [`operations[${i}].datetime ${JSON.stringify(op.datetime)}`],
    );
    if (bad.length)
      fail(
        "schema",
        `${bad.length} datetime(s) not of the form YYYY-MM-DDTHH:mm:ss.sssZ: ${bad.slice(0, 3).join(", ")}`,
      );
  },
});

export const statementDtIsTimestamp = onEverySuccessAnswer(
  {
    id: "CARD-STMT-DT",
    level: "should",
    spec: "§2.2",
    basis: "spec",
    title: "Card statement: dt is an ISO 8601 timestamp",
    description:
      "§2.2 shows dt as the time of the response without its form; should level: any ISO 8601 date-time with offset or Z.",
  },
  (exchange) => {
    const { dt } = requireSuccessBody(exchange);
    if (typeof dt !== "string" || parseIsoDateTime(dt) === undefined)
      fail("value", `dt ${JSON.stringify(dt)} is not an ISO 8601 date-time`);
  },
);
