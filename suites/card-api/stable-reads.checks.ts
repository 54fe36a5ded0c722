/**
 * Repeated reads must agree (should level): what cannot change reads the same every time it is read
 * in a run — at the start, by the checks in between, and once more at the end (`readAgain`, sent
 * when every other check has finished sending). Each is a contract over every success answer of
 * its operation (lib/checks/contract-book.ts): the first reading is remembered, each later one is
 * compared with it, and a disagreement names the two readings (the sender and seed of each).
 * Tolerant where a record may legitimately move: the order of operations or records; a statement
 * operation's enrichment (merchant, mcc, commission), and operations added to a closed period later
 * (a late presentment: a card network may present a debit days after it); a limit's usage and value (the records are
 * read by lib/payments' one walk over a limits answer).
 */
import { CARD_STATEMENT, LIMITS_LIST } from "../../lib/catalogue/index.ts";
import {
  defineContractCheck,
  type Exchange,
  fail,
  type RememberingEnv,
  requireAnswer,
  requireSuccessBody,
  whereFrom,
} from "../../lib/checks/kit.ts";
import { unitsOf, writtenAmount } from "../../lib/payments/money.ts";
import { amountLimitsOf } from "../../lib/payments/limits.ts";
import { seededStatementRequest } from "../../generators/card-api/statement.ts";
import { sentPeriod } from "../../generators/card-api/period.ts";
import { limitsRequest } from "../../generators/card-api/limits.ts";
import { EVERY_SUCCESS_ANSWER, SUCCESS } from "../generic/success.ts";

/** An entry of a record: what it is compared by, and how a message shows it (amounts as the target wrote them). */
interface Entry {
  key: string;
  shown: string;
}

/** One reading of a record: its entries' keys (sorted), how each is shown, and where it came from. */
interface Reading {
  entries: string[];
  shown: Map<string, string>;
  where: string;
}

const asIs = (text: string): Entry => ({ key: text, shown: text });

/** What a stable-read contract remembers in one run: the first reading of each record; the seeded request once made. */
interface Memory {
  readonly firsts: Map<string, Reading>;
  seeded?: ReturnType<typeof seededStatementRequest>;
}

const memory = (): Memory => ({ firsts: new Map() });

type Item = Record<string, unknown>;
const items = (value: unknown): Item[] =>
  Array.isArray(value) ? value.filter((v): v is Item => typeof v === "object" && v !== null) : [];

/** Request bodies read, by request: a statement answer's is read by `applies` and again by the judge. */
const SENT = new WeakMap<Exchange["request"], Item | undefined>();

/** The request body of an exchange, or undefined when it is not JSON. */
function sent(exchange: Exchange): Item | undefined {
  const { request } = exchange;
  if (SENT.has(request)) return SENT.get(request);
  let body: Item | undefined;
  try {
    body = JSON.parse(request.bodyText) as Item;
  } catch {
    body = undefined;
  }
  SENT.set(request, body);
  return body;
}

/**
 * Compares a reading of `record` with its first reading in this run, remembered in the judge's
 * memory; fails naming what one lists and the other does not, and both readings.
 */
function sameAsFirst(
  env: RememberingEnv<Memory>,
  checkId: string,
  record: string,
  exchange: Exchange,
  entries: Entry[],
  /** Entries may be added later (a closed period's late presentment): only one gone or changed fails. */
  additions: "tolerated" | "refused" = "refused",
): void {
  const { firsts } = env.memory;
  const keys = entries.map((e) => e.key).sort();
  const first = firsts.get(record);
  // Every answer of the run is read here: one the same as the first costs only its keys.
  if (first && sameKeys(first.entries, keys)) return;
  const reading = {
    entries: keys,
    shown: new Map(entries.map((e) => [e.key, e.shown])),
    where: whereFrom(exchange, env.config.run.seed, checkId),
  };
  if (!first) return void firsts.set(record, reading);
  const gone = first.entries.filter((e) => !reading.entries.includes(e));
  const added = reading.entries.filter((e) => !first.entries.includes(e));
  if (additions === "tolerated" && gone.length === 0) return;
  const diff = [
    gone.length
      ? `no longer lists ${gone
          .slice(0, 2)
          .map((e) => first.shown.get(e))
          .join(", ")}`
      : "",
    added.length
      ? `now lists ${added
          .slice(0, 2)
          .map((e) => reading.shown.get(e))
          .join(", ")}`
      : "",
  ].filter(Boolean);
  fail(
    "value",
    `${record} read again ${diff.join(" and ") || `lists ${reading.entries.length} entries, not ${first.entries.length}`}; ` +
      `it was read first in ${first.where}`,
  );
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/** An amount as exact decimal units, so that 12.5 and "12.50" are the same value. */
const decimal = (value: unknown) => unitsOf(value, 6)?.toString() ?? JSON.stringify(value);

/**
 * What a posting is: kind, amount, currency, time and reference; enrichment (merchant, mcc,
 * commission) may follow later. Compared with the amount as exact units, shown as written.
 */
function postingEntry(op: Item): Entry {
  const entry = (amount: string) => [op.type, amount, op.currency, op.datetime, op.rrn].map((v) => String(v)).join(" ");
  return { key: entry(decimal(op.amount)), shown: entry(writtenAmount(op.amount)) };
}

/** Whether an answer is the statement of STATEMENT_CARD_ID for its configured period. */
function ofTheSeededPeriod(exchange: Exchange, env: RememberingEnv<Memory>): boolean {
  const seeded = (env.memory.seeded ??= seededStatementRequest(env.config));
  const body = sent(exchange);
  return (
    body !== undefined &&
    body.card_id === seeded.card_id &&
    body.start_date === seeded.start_date &&
    body.end_date === seeded.end_date
  );
}

const STATEMENT_ID = "CARD-STMT-RECORD-STABLE";

export const statementRecordStable = defineContractCheck<Memory>({
  id: STATEMENT_ID,
  level: "should",
  spec: "§4.2",
  basis: "spec",
  title: "Card statement: the statement of a closed period lists the same operations every time it is read",
  description:
    "The statement of STATEMENT_CARD_ID for its configured past period, read at the start, by the checks in between and once more at the end, lists the same operations " +
    "(type, amount as a decimal, currency, datetime, rrn), in any order: a statement of a closed period is a record. Enrichment (merchant, mcc, commission) may change, and operations may be added (a late presentment); one that is gone or changed between readings fails. " +
    "Should: §4.2 does not say a past statement is final, but one that changes between readings cannot be reconciled." +
    EVERY_SUCCESS_ANSWER,
  contract: {
    answers: "success",
    memory,
    applies: ofTheSeededPeriod,
    judge: (exchange, env) => {
      const record = `the statement of ${String(sent(exchange)?.card_id)} for its period`;
      sameAsFirst(
        env,
        STATEMENT_ID,
        record,
        exchange,
        items(requireSuccessBody(exchange).operations).map(postingEntry),
        "tolerated",
      );
    },
  },
  async run(ctx) {
    const exchange = await ctx.scenario(SUCCESS);
    // A reading that got no answer (a timeout, the run's deadline) or a 5xx is no reading: it fails as such.
    requireSuccessBody(exchange);
    const period = sentPeriod(JSON.parse(exchange.request.bodyText), ctx.config);
    if (!period || period.end >= Date.now())
      ctx.notJudged(
        "the configured statement period is not closed: the statement of an open period may still change",
        "STATEMENT_PERIOD_START / STATEMENT_PERIOD_END",
      );
  },
  async readAgain(ctx) {
    requireAnswer(await ctx.send(CARD_STATEMENT, seededStatementRequest(ctx.config)));
  },
});

/** What a limit record is: its group and id, each of its amount limits' type, and its period — not their usage or value. */
function recordEntries(body: Item): Entry[] {
  return amountLimitsOf(body).map((l) => asIs(`${l.key} ${l.period}`));
}

const LIMITS_ID = "CARD-LIM-RECORDS-STABLE";

export const limitRecordsStable = defineContractCheck<Memory>({
  id: LIMITS_ID,
  level: "should",
  spec: "§2.4",
  basis: "spec",
  title: "Limits list: an object's limit records are the same every time they are read",
  description:
    "Every reading of a card's (account's, client's) limits in the run lists the same records: their groups and ids, the types of their amount limits and their periods, in any order. " +
    "Usage (current, remaining) may change; so may a limit's value. Should: §2.4 and §4.4 show the records, not whether they may change in between, but limits that come and go between two readings cannot be relied on." +
    EVERY_SUCCESS_ANSWER,
  contract: {
    answers: "success",
    memory,
    judge: (exchange, env) => {
      const object = (sent(exchange)?.object ?? {}) as Item;
      const record = `the limit records of ${String(object.type)} ${String(object.value)}`;
      sameAsFirst(env, LIMITS_ID, record, exchange, recordEntries(requireSuccessBody(exchange)));
    },
  },
  async run(ctx) {
    // A reading that got no answer (a timeout, the run's deadline) or a 5xx is no reading: it fails as such.
    requireSuccessBody(await ctx.scenario(SUCCESS));
  },
  async readAgain(ctx) {
    requireAnswer(await ctx.send(LIMITS_LIST, limitsRequest(ctx.config, "card")));
  },
});
