/** Generated statement requests (§2.2): periods of every shape for the seeded statement card. */
import fc from "fast-check";
import type { Config } from "../../lib/config/load.ts";
import type { ValidatorRegistry } from "../../lib/validation/registry.ts";
import { formatBound } from "../card-api/period.ts";
import { seededStatementRequest, statementRequest } from "../card-api/statement.ts";
import { schemaMutations, TRANSPORT_MUTATIONS, type Mutation } from "../schema/mutations.ts";
import { LONG_TEXT, NON_ASCII_TEXT } from "../shared-arbitraries.ts";
import { boundary, plainCase, type Case, type OperationCases } from "./types.ts";
import { semanticStatementMutations } from "./semantic-references.ts";
import { DAY_MS } from "../../lib/time/iso.ts";
import { writeImpossibleDate } from "../../lib/time/date-form.ts";

const FROM = Date.UTC(2020, 0, 1);
/** A fixed end (not "now"): the same SEED gives the same periods whenever it runs. */
const TO = Date.UTC(2025, 11, 1);

/**
 * A valid period, as modest as a real client asks for (§8: field bounds are not shown, so a
 * target may cap them): a start since 2020, a length from one instant to 31 days, an end no later
 * than December 2025. Far, future and inverted periods are boundary rows (checked for no 5xx only).
 */
const periods = fc
  .tuple(
    fc.integer({ min: FROM, max: TO - 32 * DAY_MS }),
    fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 31 * DAY_MS })),
  )
  .map(([start, length]) => ({ start, end: start + length }));

const NAMED_PERIODS: Array<[string, { start: number; end: number }]> = [
  ["a period of one instant", { start: Date.UTC(2025, 5, 15, 5), end: Date.UTC(2025, 5, 15, 5) }],
  ["a period across a leap day", { start: Date.UTC(2024, 1, 28), end: Date.UTC(2024, 2, 1, 12) }],
  ["a period across a year end", { start: Date.UTC(2025, 11, 31, 12), end: Date.UTC(2026, 0, 1, 12) }],
];

/** Dates the declared form (STATEMENT_DATE_FORMAT) refuses: no date at all, and an impossible date written in it. */
const DATE_RULE = { basis: "declared", rule: "start_date and end_date in STATEMENT_DATE_FORMAT" } as const;
function dateMutations(config: Config): Mutation[] {
  const impossible = writeImpossibleDate(Date.UTC(2025, 5, 15, 12), config.cardApi.dateFormat, config.target.utcOffset);
  return [
    {
      name: "start_date not a date",
      ...DATE_RULE,
      apply: (v: unknown) => ({ body: { ...(v as object), start_date: "yesterday" } }),
    },
    {
      // Day 32 (and month 13), in the declared form: refused for the calendar, not for the form.
      name: "end_date an impossible date",
      ...DATE_RULE,
      apply: (v: unknown) => ({ body: { ...(v as object), end_date: impossible } }),
    },
  ];
}

/** An empty date is no date in the declared format: declared (STATEMENT_DATE_FORMAT), not only the reference's bound. */
function emptyDateDeclared(m: Mutation): Mutation {
  return /^\/(start|end)_date shorter than its minLength$/.test(m.name) ? { ...m, ...DATE_RULE } : m;
}

export function statementCases(config: Config, registry: ValidatorRegistry): OperationCases {
  const cardId = config.fixtures.statement.cardId;
  const full = () => seededStatementRequest(config);
  const fmt = (ms: number) => formatBound(ms, config.cardApi.dateFormat, config.target.utcOffset);
  const named: Case[] = NAMED_PERIODS.map(([label, p]) => plainCase(label, statementRequest(cardId, p, config)));
  return {
    valid: periods.map((p) => plainCase("a generated period", statementRequest(cardId, p, config))),
    validExamples: named,
    fullRequest: full,
    validBodies: periods.map((p) => statementRequest(cardId, p, config)),
    boundaries: [
      ...named,
      boundary("end before start", full, (b) => ([b.start_date, b.end_date] = [b.end_date, b.start_date])),
      boundary("far past period", full, (b) =>
        Object.assign(b, { start_date: fmt(Date.UTC(1900, 0, 1)), end_date: fmt(Date.UTC(1900, 0, 2)) }),
      ),
      boundary("far future period", full, (b) =>
        Object.assign(b, { start_date: fmt(Date.UTC(2999, 0, 1)), end_date: fmt(Date.UTC(2999, 11, 31)) }),
      ),
      boundary("empty card_id", full, (b) => (b.card_id = "")),
      boundary("very long card_id", full, (b) => (b.card_id = LONG_TEXT)),
      boundary("non-ASCII card_id", full, (b) => (b.card_id = NON_ASCII_TEXT)),
      boundary("dates as numbers", full, (b) =>
        Object.assign(b, { start_date: Date.UTC(2025, 5, 1), end_date: Date.UTC(2025, 5, 30) }),
      ),
      boundary("dates without a time zone", full, (b) =>
        Object.assign(b, { start_date: "2025-06-01T00:00:00", end_date: "2025-06-30T23:59:59" }),
      ),
    ],
    mutations: [
      ...schemaMutations("card-api/statement-request.schema.json", registry).map(emptyDateDeclared),
      ...dateMutations(config),
      ...semanticStatementMutations(config),
      ...TRANSPORT_MUTATIONS,
    ],
  };
}
