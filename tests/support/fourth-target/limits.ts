/**
 * Limits of a card, an account and a customer: the product's per-debit floor and cap (period
 * PER_TXN), and cumulative spend limits per DAILY or MONTHLY period at UTC. A limit whose mcc is a
 * category (not ANY_MCC) counts and stops only debits of that category. Usage is read from the
 * ledger's postings, so it follows every debit exactly.
 */
import * as data from "./data.ts";
import type { Ledger, Posting } from "./ledger.ts";
import { asText } from "./money.ts";

export type Kind = "card" | "account" | "customer";
type Period = (typeof data.PERIODS)[keyof typeof data.PERIODS];

interface LimitRecord {
  id: string;
  group: "product" | "card";
  mcc: string;
  period: Period;
  amounts: Array<{ type: string; valueMinor: number }>;
  /** Which postings count against it (before the mcc scope). */
  owns: (p: Posting) => boolean;
}

/** How a faulty build departs from the rules (server.ts). */
export interface LimitFaults {
  scopeIgnored?: boolean;
  /** The scope is enforced but not shown: a scoped limit listed with ANY_MCC. */
  scopeUnlisted?: boolean;
  maximumIgnored?: boolean;
  maximumExclusive?: boolean;
}

const { min, max, total } = data.LIMIT_TYPES;
const { day, month, debit } = data.PERIODS;

function cardRecords(card: data.Card): LimitRecord[] {
  const own = (p: Posting) => p.card.id === card.id;
  const scoped: LimitRecord[] = card.scopedDailyMinor
    ? [
        {
          id: `LC-${card.id.slice(0, 8)}-${data.SCOPED_MCC}`,
          group: "card",
          mcc: data.SCOPED_MCC,
          period: day,
          amounts: [{ type: total, valueMinor: card.scopedDailyMinor }],
          owns: own,
        },
      ]
    : [];
  return [
    {
      id: "LP-CLASSIC-PER-TXN",
      group: "product",
      mcc: data.ANY_MCC,
      period: debit,
      amounts: [
        { type: min, valueMinor: data.PRODUCT.minMinor },
        { type: max, valueMinor: data.PRODUCT.maxMinor },
      ],
      owns: () => false,
    },
    {
      id: `LC-${card.id.slice(0, 8)}-DAY`,
      group: "card",
      mcc: data.ANY_MCC,
      period: day,
      amounts: [{ type: total, valueMinor: card.dailyMinor }],
      owns: own,
    },
    ...scoped,
  ];
}

const accountRecord = (account: string): LimitRecord => ({
  id: `LA-${account}-DAY`,
  group: "card",
  mcc: data.ANY_MCC,
  period: day,
  amounts: [{ type: total, valueMinor: data.ACCOUNT_DAILY_MINOR }],
  owns: (p) => p.card.account === account,
});

const customerRecord = (customer: string): LimitRecord => ({
  id: `LU-${customer}-MONTH`,
  group: "card",
  mcc: data.ANY_MCC,
  period: month,
  amounts: [{ type: total, valueMinor: data.CUSTOMER_MONTHLY_MINOR }],
  owns: (p) => p.card.customer === customer,
});

/** The records of one object, or undefined when no object of that kind has this identifier. */
function recordsOf(kind: Kind, id: string): LimitRecord[] | undefined {
  if (kind === "card") {
    const card = data.CARDS.find((c) => c.id === id);
    return card && cardRecords(card);
  }
  if (kind === "account") return data.CARDS.some((c) => c.account === id) ? [accountRecord(id)] : undefined;
  return data.CARDS.some((c) => c.customer === id) ? [customerRecord(id)] : undefined;
}

const applies = (record: LimitRecord, mcc: number, faults: LimitFaults) =>
  record.mcc === data.ANY_MCC || record.mcc === String(mcc) || Boolean(faults.scopeIgnored);

/** The record's usage: as shown (`shown`: the postings that have settled) or as held for enforcement. */
function used(record: LimitRecord, ledger: Ledger, now: number, faults: LimitFaults, shown = false): number {
  if (record.period === debit) return 0;
  const counts = (p: Posting) => record.owns(p) && applies(record, p.terminal.mcc, faults);
  return ledger.spent(counts, ledger.periodStart(record.period, now), shown, now);
}

/** The limits list of an object (§2.4), or undefined for an unknown one. */
export function listLimits(kind: Kind, id: string, ledger: Ledger, faults: LimitFaults, now = Date.now()) {
  const records = recordsOf(kind, id);
  if (!records) return undefined;
  const shown = (r: LimitRecord) => {
    const usage = used(r, ledger, now, faults, true);
    const amount = r.amounts.map(({ type, valueMinor }) => {
      const current = type === total ? usage : 0;
      const remaining = Math.max(0, valueMinor - current);
      return {
        type,
        value: asText(valueMinor),
        current: asText(current),
        remaining: asText(remaining),
        currency: data.CURRENCY,
      };
    });
    return {
      id: r.id,
      mcc: faults.scopeUnlisted ? data.ANY_MCC : r.mcc,
      transaction_type: data.TRANSACTION_TYPE,
      region: data.REGION,
      period: r.period,
      amount,
    };
  };
  return {
    product: records.filter((r) => r.group === "product").map(shown),
    card: records.filter((r) => r.group === "card").map(shown),
  };
}

/** Why a debit of `amountMinor` on this card and terminal is declined, or undefined. */
export function declineReason(
  card: data.Card,
  terminal: data.Terminal,
  amountMinor: number,
  ledger: Ledger,
  faults: LimitFaults,
  now = Date.now(),
): string | undefined {
  const records = [...cardRecords(card), accountRecord(card.account), customerRecord(card.customer)];
  for (const record of records.filter((r) => applies(r, terminal.mcc, faults))) {
    for (const { type, valueMinor } of record.amounts) {
      if (type === min && amountMinor < valueMinor) return `below the per-debit minimum ${asText(valueMinor)}`;
      if (type === max && !faults.maximumIgnored) {
        if (amountMinor > valueMinor || (faults.maximumExclusive && amountMinor === valueMinor))
          return `above the per-debit maximum ${asText(valueMinor)}`;
      }
      if (type === total && used(record, ledger, now, faults) + amountMinor > valueMinor)
        return `over the ${record.period} limit ${record.id}`;
    }
  }
  return undefined;
}
