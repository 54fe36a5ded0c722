/**
 * The book of this platform: the seeded operations of closed periods, the postings of accepted
 * debits, and the answers given per request_id (replayed for the same body). Every change happens
 * in one synchronous step of a request, so parallel requests never interleave inside it.
 */
import { SEEDED, type Card, type Terminal } from "./data.ts";

export interface Posting {
  requestId: string;
  card: Card;
  terminal: Terminal;
  amountMinor: number;
  commissionMinor: number;
  currency: string;
  at: number;
  rrn: string;
}

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

  post(posting: Omit<Posting, "rrn">): Posting {
    const full = { ...posting, rrn: String(this.nextRrn++) };
    this.postings.push(full);
    return full;
  }

  /** Lines of one card in [from, to], seeded and posted, in time order. */
  lines(cardId: string, from: number, to: number): Line[] {
    const seeded: Line[] = SEEDED.map((s) => ({ ...s, at: Date.parse(s.at), currency: "KZT" }));
    const posted: Line[] = this.postings.map((p) => ({ ...p, cardId: p.card.id }));
    return [...seeded, ...posted]
      .filter((l) => l.cardId === cardId && l.at >= from && l.at <= to)
      .sort((a, b) => a.at - b.at);
  }

  /** Sum of the postings that `counts` since `from`. */
  spent(counts: (p: Posting) => boolean, from: number): number {
    return this.postings.filter((p) => p.at >= from && counts(p)).reduce((sum, p) => sum + p.amountMinor, 0);
  }
}
