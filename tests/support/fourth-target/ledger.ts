/**
 * The book of this platform: the seeded operations of closed periods, the postings of accepted
 * debits, and the answers given per request_id (replayed for the same body). Every change happens
 * in one synchronous step of a request, so parallel requests never interleave inside it.
 */
import { PAYMENT_CARD, SEEDED, type Card, type Terminal } from "./data.ts";
import { periodStart } from "./dates.ts";
import { HIT_EVERY, type LedgerModes } from "./ledger-faults.ts";

export interface Posting {
  requestId: string;
  card: Card;
  terminal: Terminal;
  amountMinor: number;
  commissionMinor: number;
  currency: string;
  at: number;
  rrn: string;
  /** When it shows in the statement and in usage (its answer plus the lag). */
  visibleAt: number;
  /** Whether the statement lists it and usage counts it (a ledger bug may drop either). */
  listed: boolean;
  counted: boolean;
}

/** Who sent a debit: the API (the harness) or the background client. */
export type Source = "api" | "background";

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

interface Remembered extends Answer {
  bodyKey: string;
}

/** A statement line as the book keeps it: seeded or posted. */
export interface Line {
  cardId: string;
  at: number;
  amountMinor: number;
  commissionMinor: number;
  currency: string;
  rrn: string;
  terminal: Terminal;
}

export class Ledger {
  readonly postings: Posting[] = [];
  /** Lines a late presentment added to a closed period (the background client's). */
  readonly late: Line[] = [];
  private apiDebits = 0;

  constructor(private readonly modes: LedgerModes = {}) {}
  private readonly answers = new Map<string, Remembered>();
  private nextRrn = 600_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;

  /** The answer given to this request_id: `replay` for the same body, `conflict` for another. */
  recall(requestId: string, bodyKey: string): { replay: Answer } | { conflict: Answer } | undefined {
    const known = this.answers.get(requestId);
    if (!known) return undefined;
    const answer = { status: known.status, body: known.body };
    return known.bodyKey === bodyKey ? { replay: answer } : { conflict: answer };
  }

  remember(requestId: string, bodyKey: string, answer: Answer): void {
    this.answers.set(requestId, { ...answer, bodyKey });
  }

  post(posting: Omit<Posting, "rrn" | "visibleAt" | "listed" | "counted">, source: Source = "api"): Posting {
    const full = { ...posting, rrn: String(this.nextRrn++), visibleAt: posting.at + (this.modes.lagMs ?? 0) };
    const hit = source === "api" && posting.card.id === PAYMENT_CARD.id && ++this.apiDebits % HIT_EVERY === 0;
    const fault = hit ? this.modes.ledgerFault : undefined;
    const record = {
      ...full,
      listed: fault !== "statement-omits-posting",
      counted: fault !== "usage-ignores-posting",
    };
    if (fault !== "loses-posting") this.postings.push(record);
    if (fault === "posts-twice") this.postings.push({ ...record, rrn: String(this.nextRrn++) });
    return record;
  }

  /** Where a limit period began for the instant `ms`: a UTC day or month, or this build's own limit day. */
  periodStart(period: "DAILY" | "MONTHLY", ms: number): number {
    const day = this.modes.limitDayMs;
    return period === "DAILY" && day ? ms - (ms % day) : periodStart(period, ms);
  }

  /** Lines of one card in [from, to], seeded and posted, in time order. */
  lines(cardId: string, from: number, to: number, now = Date.now()): Line[] {
    const seeded: Line[] = SEEDED.map((s) => ({ ...s, at: Date.parse(s.at), currency: "KZT" }));
    const posted: Line[] = this.postings
      .filter((p) => p.listed && p.visibleAt <= now)
      .map((p) => ({ ...p, cardId: p.card.id }));
    return [...seeded, ...this.late, ...posted]
      .filter((l) => l.cardId === cardId && l.at >= from && l.at <= to)
      .sort((a, b) => a.at - b.at);
  }

  /**
   * Sum of the postings that `counts` since `from`: as usage shows it (`shown`: visible and counted),
   * or as the limits hold it (every posting at once, as an authorisation hold).
   */
  spent(counts: (p: Posting) => boolean, from: number, shown = false, now = Date.now()): number {
    return this.postings
      .filter((p) => p.at >= from && counts(p) && (!shown || (p.counted && p.visibleAt <= now)))
      .reduce((sum, p) => sum + p.amountMinor, 0);
  }
}
