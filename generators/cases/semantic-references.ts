/**
 * Semantic negatives of the reading operations: statement periods that make no sense (§2.2) and
 * object references of the wrong kind (§2.2 card_id, §2.4 object). Schema-valid, refused by a
 * sound issuer; should level (the spec does not show the rules), one named row each, values from
 * the configuration (the target's own fixtures). Rows that would not change the request (the
 * fixtures share an identifier) do not apply.
 */
import type { Config } from "../../lib/config/load.ts";
import { formatBound, sentPeriod } from "../card-api/period.ts";
import { limitsObject } from "../card-api/limits.ts";
import type { ObjectKind } from "../../lib/payments/kinds.ts";
import type { Mutation } from "../schema/mutations.ts";
import { DAY_MS } from "../../lib/time/iso.ts";

type Body = Record<string, unknown>;

function periodRow(name: string, config: Config, dates: (start: number) => [number, number]): Mutation {
  const fmt = (ms: number) => formatBound(ms, config.cardApi.dateFormat, config.target.utcOffset);
  return {
    name,
    // A period is a start and an end (§2.2): an end before its start is no period.
    basis: "spec",
    rule: "§2.2: the period runs from start_date to end_date",
    apply: (valid) => {
      const body = valid as Body;
      if (typeof body.start_date !== "string" || typeof body.end_date !== "string") return undefined;
      const period = sentPeriod({ start_date: body.start_date, end_date: body.end_date }, config);
      if (!period) return undefined;
      const [start, end] = dates(period.start);
      return { body: { ...body, start_date: fmt(start), end_date: fmt(end) } };
    },
  };
}

/** Statement rows: periods that make no sense, a card_id that names an account or a client. */
export function semanticStatementMutations(config: Config): Mutation[] {
  const fx = config.fixtures.payment;
  // An unknown card may get an empty list (CARD-STMT-UNKNOWN-CARD): refusing it is the reference's choice.
  const cardIdRow = (name: string, value: string): Mutation => ({
    name,
    basis: "reference",
    rule: "a card_id that names another kind of object is refused (the reference's choice)",
    apply: (valid) =>
      value === (valid as Body).card_id ? undefined : { body: { ...(valid as Body), card_id: value } },
  });
  return [
    // Two days apart, so the end is before the start in any date format (a date covers its whole day).
    periodRow("end_date two days before start_date", config, (start) => [start, start - 2 * DAY_MS]),
    // Not a row: a period wholly in the future. A correct server may answer it with an empty list
    // (nothing happened in it), as an independently written one in the harness's own tests does.
    cardIdRow("card_id is an account number (the payment card's account)", fx.accountNumber),
    cardIdRow("card_id is a client id (the payment card's holder)", fx.clientId),
  ];
}

const ROWS: Array<[ObjectKind, ObjectKind]> = [
  ["card", "account"],
  ["card", "client"],
  ["account", "card"],
  ["client", "account"],
];

/** Limits rows: an object.type with the identifier of an object of another kind. */
export function semanticLimitsMutations(config: Config): Mutation[] {
  const fx = config.fixtures.payment;
  const valueOf: Record<ObjectKind, string> = { card: fx.cardId, account: fx.accountNumber, client: fx.clientId };
  return ROWS.map(([type, kindOfValue]) => ({
    name: `object.type ${type} with the ${kindOfValue === "card" ? "card id" : kindOfValue === "account" ? "account number" : "client id"} of the payment card`,
    // An unknown object may get empty groups (CARD-LIM-UNKNOWN-OBJECT): refusing it is the reference's choice.
    basis: "reference" as const,
    rule: "an object.value of another kind of object is refused (the reference's choice)",
    apply: (valid) => {
      const value = valueOf[kindOfValue];
      if (value === valueOf[type]) return undefined;
      return { body: { ...(valid as Body), object: limitsObject(config, type, value) } };
    },
  }));
}
