/**
 * Limits (§2.4, §8) in this target's own vocabulary: a floor per debit (`per_txn_floor`) and
 * period caps (`period_cap`) per day or month at the target's offset. Usage is read from the
 * ledger for the current period, so it resets by itself at the local midnight or month start.
 */
import { ALL_CARDS, CURRENCY, HOLDER_MONTHLY_CAP_MINOR, LIMIT_TYPES, PRODUCT, type Card } from "./data.ts";
import type { Ledger } from "./ledger.ts";
import { minorText } from "./money.ts";
import { periodStart } from "./time.ts";

export interface LimitRule {
  group: "product" | "card";
  id: string;
  kind: "floor" | "cap";
  valueMinor: number;
  period: "day" | "month";
  /** "0000": every merchant category; otherwise only debits of that MCC count and are capped. */
  mcc: string;
  transactionType: string;
  /** The cards whose debits count against the limit. */
  cards: ReadonlySet<string>;
}

const rule = (r: LimitRule) => r;
const cardsWhere = (pick: (c: Card) => boolean) => new Set(ALL_CARDS.filter(pick).map((c) => c.id));

export function cardRules(card: Card): LimitRule[] {
  const own = new Set([card.id]);
  const base = { cards: own, transactionType: "pay", mcc: "0000" };
  return [
    rule({
      ...base,
      group: "product",
      id: `PRD-FLOOR-${card.id.slice(0, 8)}`,
      kind: "floor",
      valueMinor: PRODUCT.floorMinor,
      period: "day",
    }),
    rule({
      ...base,
      group: "product",
      id: `PRD-MONTH-${card.id.slice(0, 8)}`,
      kind: "cap",
      valueMinor: PRODUCT.monthlyCapMinor,
      period: "month",
    }),
    rule({
      ...base,
      group: "product",
      id: `PRD-ATM-${card.id.slice(0, 8)}`,
      kind: "cap",
      valueMinor: PRODUCT.atmDailyCapMinor,
      period: "day",
      mcc: "6011",
      transactionType: "cash",
    }),
    rule({
      ...base,
      group: "card",
      id: `CRD-DAY-${card.id.slice(0, 8)}`,
      kind: "cap",
      valueMinor: card.dailyCapMinor,
      period: "day",
    }),
  ];
}

export function holderRules(kind: "account" | "client", value: string): LimitRule[] {
  const cards = cardsWhere((c) => c[kind] === value);
  const id = `${kind === "account" ? "ACC" : "CLI"}-MONTH-${value}`;
  return [
    {
      group: "product",
      id,
      kind: "cap",
      valueMinor: HOLDER_MONTHLY_CAP_MINOR,
      period: "month",
      mcc: "0000",
      transactionType: "pay",
      cards,
    },
  ];
}

const applies = (r: LimitRule, mcc: number) => r.mcc === "0000" || Number(r.mcc) === mcc;

export function currentUsage(r: LimitRule, ledger: Ledger, now: number): number {
  if (r.kind === "floor") return 0;
  return ledger.usage(r.cards, periodStart(now, r.period), r.mcc === "0000" ? undefined : Number(r.mcc));
}

/** Why a debit breaks a limit of its card, account or client, or undefined when it fits them all. */
export function limitBreach(
  card: Card,
  amountMinor: number,
  mcc: number,
  ledger: Ledger,
  now: number,
): string | undefined {
  const rules = [...cardRules(card), ...holderRules("account", card.account), ...holderRules("client", card.client)];
  for (const r of rules.filter((x) => applies(x, mcc))) {
    if (r.kind === "floor" && amountMinor < r.valueMinor)
      return `${r.id}: below the floor of ${minorText(r.valueMinor)}`;
    if (r.kind === "cap" && currentUsage(r, ledger, now) + amountMinor > r.valueMinor) {
      return `${r.id}: over the ${r.period} cap of ${minorText(r.valueMinor)}`;
    }
  }
  return undefined;
}

/** A limit record as §2.4 shows it. `remainingIgnoresUsage` is the fault mode of that name. */
export function limitRecord(r: LimitRule, ledger: Ledger, now: number, remainingIgnoresUsage = false) {
  const current = currentUsage(r, ledger, now);
  const remaining = r.kind === "floor" || remainingIgnoresUsage ? r.valueMinor : Math.max(0, r.valueMinor - current);
  return {
    id: r.id,
    mcc: r.mcc,
    transaction_type: r.transactionType,
    region: "KAZ",
    period: r.period,
    amount: [
      {
        type: r.kind === "floor" ? LIMIT_TYPES.floor : LIMIT_TYPES.cap,
        value: minorText(r.valueMinor),
        current: minorText(current),
        remaining: minorText(remaining),
        currency: CURRENCY,
      },
    ],
  };
}
