/**
 * The foreign target's books: postings per card, limit usage per object and period, in tiyn
 * (integers: exact arithmetic), and the answers already given per request_id. Every decision
 * is synchronous, so parallel debits cannot pass a limit together.
 */
import {
  ACCOUNT_LIMITS,
  CLIENT_LIMITS,
  PAYMENT_CARD,
  RACE_CARDS,
  STATEMENT_CARD,
  STATEMENT_POSTINGS,
  TERMINAL_MERCHANT,
  UTC_OFFSET,
  type Card,
  type LimitDef,
  type Posting,
} from "./data.ts";

const OFFSET_MS = 6 * 3_600_000;
const isCumulative = (l: LimitDef) => l.type.startsWith("max_");
const applies = (l: LimitDef) => l.transactionType === "pay";

/** The limit's current period at the target's offset: the day or the month. */
function periodKey(l: LimitDef, at: number): string {
  const local = new Date(at + OFFSET_MS).toISOString();
  return l.period === "day" ? local.slice(0, 10) : local.slice(0, 7);
}

export type DebitOutcome = { ok: true; posting: Posting } | { ok: false; reason: string };

export class Ledger {
  readonly cards = new Map<string, Card>([PAYMENT_CARD, STATEMENT_CARD, ...RACE_CARDS].map((c) => [c.id, c]));
  private readonly postings = new Map<string, Posting[]>([[STATEMENT_CARD.id, [...STATEMENT_POSTINGS]]]);
  private readonly usage = new Map<string, number>();
  /** request_id → the fingerprint of its body and the answer given. */
  readonly answered = new Map<string, { fingerprint: string; answer: Record<string, unknown> }>();
  private rrn = 700_000_000_000;

  /** The limits of an object with their owner key (usage is counted per owner). */
  limitsOf(kind: "card" | "account" | "client", value: string): Array<{ owner: string; limit: LimitDef }> | undefined {
    const defs =
      kind === "card"
        ? this.cards.get(value)?.limits
        : kind === "account"
          ? (ACCOUNT_LIMITS[value] ?? accountKnown(this, value))
          : (CLIENT_LIMITS[value] ?? clientKnown(this, value));
    return defs?.map((limit) => ({ owner: `${kind}:${value}`, limit }));
  }

  currentMinor(owner: string, limit: LimitDef, at = Date.now()): number {
    return this.usage.get(`${owner}|${limit.id}|${periodKey(limit, at)}`) ?? 0;
  }

  /** Every limit a debit of this card counts against: its own, its account's, its client's. */
  private limitsHit(card: Card) {
    return [
      ...this.limitsOf("card", card.id)!,
      ...(this.limitsOf("account", card.account) ?? []),
      ...(this.limitsOf("client", card.client) ?? []),
    ].filter(({ limit }) => applies(limit));
  }

  debit(card: Card, amountMinor: number, at = Date.now()): DebitOutcome {
    const hit = this.limitsHit(card);
    const minimum = Math.max(
      0,
      ...hit.filter(({ limit }) => limit.type === "min").map(({ limit }) => limit.valueMinor),
    );
    if (amountMinor < minimum) return { ok: false, reason: `amount below the minimum of ${money(minimum)}` };
    const over = hit.find(
      ({ owner, limit }) => isCumulative(limit) && this.currentMinor(owner, limit, at) + amountMinor > limit.valueMinor,
    );
    if (over) return { ok: false, reason: `over the ${over.limit.type} limit ${over.limit.id}` };
    for (const { owner, limit } of hit.filter(({ limit }) => isCumulative(limit))) {
      const key = `${owner}|${limit.id}|${periodKey(limit, at)}`;
      this.usage.set(key, (this.usage.get(key) ?? 0) + amountMinor);
    }
    const posting: Posting = {
      type: "purchase",
      amountMinor,
      commissionMinor: 0,
      ...TERMINAL_MERCHANT,
      at,
      rrn: String(++this.rrn),
    };
    this.postings.set(card.id, [...(this.postings.get(card.id) ?? []), posting]);
    return { ok: true, posting };
  }

  postingsOf(cardId: string, from: number, to: number): Posting[] {
    return (this.postings.get(cardId) ?? []).filter((p) => p.at >= from && p.at <= to);
  }
}

function accountKnown(ledger: Ledger, value: string): LimitDef[] | undefined {
  return [...ledger.cards.values()].some((c) => c.account === value) ? [] : undefined;
}

function clientKnown(ledger: Ledger, value: string): LimitDef[] | undefined {
  return [...ledger.cards.values()].some((c) => c.client === value) ? [] : undefined;
}

export function money(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/** Now, or an instant, written at the target's offset with milliseconds: 2026-03-14T15:30:12.345+06:00. */
export function localTimestamp(at = Date.now()): string {
  return `${new Date(at + OFFSET_MS).toISOString().slice(0, 23)}${UTC_OFFSET}`;
}

/** A date (YYYY-MM-DD) at the target's offset: its first and last millisecond. */
export function dayBounds(date: string): { from: number; to: number } {
  const from = Date.parse(`${date}T00:00:00.000Z`) - OFFSET_MS;
  return { from, to: from + 86_400_000 - 1 };
}
