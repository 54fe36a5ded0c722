/**
 * Amount limits (§2.4), read from a limits-list answer: the one type and the one walk over its
 * groups (product, card and any other a target adds), records and amounts.
 */

export interface AmountLimit {
  /** Matches the same amount limit between two readings: group, the record's id (else its other fields), type. */
  key: string;
  group: string;
  type: string;
  /** As the target sent them (decimal strings by §2.4); read with lib/payments/money.ts. */
  value: unknown;
  current: unknown;
  remaining: unknown;
  currency: unknown;
  /** The record's period ("day", "month", …, the target's names: LIMIT_PERIODS says what each means). */
  period: string;
  /** What the record limits (§2.4), as sent: whether it applies to the test terminal's debits is limit-vocabulary.ts's. */
  mcc: unknown;
  region: unknown;
  transactionType: unknown;
  /** Where it sits in the answer, for messages: "limits.card[0].amount[1]". */
  where: string;
}

type Item = Record<string, unknown>;

const items = (value: unknown): Item[] =>
  Array.isArray(value) ? value.filter((v): v is Item => typeof v === "object" && v !== null && !Array.isArray(v)) : [];

/**
 * What identifies a limit record between readings: its `id` (§2.4) when it has one; without one,
 * the fields that say what it limits (mcc, transaction type, region, period), with a count for
 * records alike in all of them — never "undefined" for all, which would match every record to one.
 */
function recordKeys(group: string, records: Item[]): string[] {
  const seen = new Map<string, number>();
  return records.map((record) => {
    if ((typeof record.id === "string" && record.id !== "") || typeof record.id === "number")
      return `${group}/${String(record.id)}`;
    const fields = JSON.stringify([record.mcc, record.transaction_type, record.region, record.period]);
    const n = seen.get(fields) ?? 0;
    seen.set(fields, n + 1);
    return `${group}/${fields}${n ? `#${n}` : ""}`;
  });
}

/** The amount limits read from a body object, by the body: every answer's are read by several contracts. */
const READ = new WeakMap<object, AmountLimit[]>();

/**
 * Every amount limit of a limits-list body, all groups; an amount without a string `type` is the
 * schema check's to judge. Read once per body object (an answer is not edited once received); each
 * caller gets its own list.
 */
export function amountLimitsOf(body: unknown): AmountLimit[] {
  if (body === null || typeof body !== "object") return [];
  let read = READ.get(body);
  if (!read) READ.set(body, (read = readAmountLimits(body)));
  return read.slice();
}

function readAmountLimits(body: object): AmountLimit[] {
  const limits = (body as { limits?: unknown }).limits;
  if (!limits || typeof limits !== "object") return [];
  return Object.entries(limits as Item).flatMap(([group, value]) => {
    const records = items(value);
    const keys = recordKeys(group, records);
    return records.flatMap((record, r) =>
      items(record.amount).flatMap((a, i) =>
        typeof a.type === "string"
          ? [
              {
                key: `${keys[r]}/${a.type}`,
                group,
                type: a.type,
                value: a.value,
                current: a.current,
                remaining: a.remaining,
                currency: a.currency,
                period: typeof record.period === "string" ? record.period : "day",
                mcc: record.mcc,
                region: record.region,
                transactionType: record.transaction_type,
                where: `limits.${group}[${r}].amount[${i}]`,
              },
            ]
          : [],
      ),
    );
  });
}
