/**
 * Amount limits (§2.4), read from a limits-list answer: the one type and the one walk over its
 * groups (product, card and any other a target adds), records and amounts.
 */

export interface AmountLimit {
  /** "card/L1/total": group, limit id and amount type, the same between two readings. */
  key: string;
  group: string;
  type: string;
  /** As the target sent them (decimal strings by §2.4); read with lib/payments/money.ts. */
  value: unknown;
  current: unknown;
  remaining: unknown;
  currency: unknown;
  /** Where it sits in the answer, for messages: "limits.card[0].amount[1]". */
  where: string;
}

type Item = Record<string, unknown>;

const items = (value: unknown): Item[] =>
  Array.isArray(value) ? value.filter((v): v is Item => typeof v === "object" && v !== null && !Array.isArray(v)) : [];

/** Every amount limit of a limits-list body, all groups; an amount without a string `type` is the schema check's to judge. */
export function amountLimitsOf(body: unknown): AmountLimit[] {
  const limits = (body as { limits?: unknown } | undefined)?.limits;
  if (!limits || typeof limits !== "object") return [];
  return Object.entries(limits as Item).flatMap(([group, records]) =>
    items(records).flatMap((record, r) =>
      items(record.amount).flatMap((a, i) =>
        typeof a.type === "string"
          ? [
              {
                key: `${group}/${String(record.id)}/${a.type}`,
                group,
                type: a.type,
                value: a.value,
                current: a.current,
                remaining: a.remaining,
                currency: a.currency,
                where: `limits.${group}[${r}].amount[${i}]`,
              },
            ]
          : [],
      ),
    ),
  );
}
