/**
 * The target's books: postings of accepted debits, the request_ids it has processed, the
 * registration numbers it has seen. In memory, per server; Node runs each handler to completion
 * between two awaits, so a check-then-post is atomic and parallel debits cannot both pass a limit.
 */
import { TERMINAL } from "./data.ts";

export interface Posting {
  card: string;
  /** Positive: money taken from the card. */
  amountMinor: number;
  at: number;
  rrn: string;
  mcc: number;
}

export class Ledger {
  readonly postings: Posting[] = [];
  private readonly processed = new Set<string>();
  private readonly registrationNumbers = new Set<string>();
  private rrnCounter = 0;

  /** Whether a request_id was already accepted (this target remembers accepted debits only). */
  processedBefore(requestId: string): boolean {
    return this.processed.has(requestId.toLowerCase());
  }

  post(card: string, amountMinor: number, requestId: string, at = Date.now()): Posting {
    this.rrnCounter += 1;
    const rrn = `6${String(at % 1e7).padStart(7, "0")}${String(this.rrnCounter).padStart(4, "0")}`;
    const posting = { card, amountMinor, at, rrn, mcc: TERMINAL.mcc };
    this.postings.push(posting);
    this.processed.add(requestId.toLowerCase());
    return posting;
  }

  /** Sum of the postings of these cards since an instant, optionally of one MCC only. */
  usage(cards: ReadonlySet<string>, since: number, mcc?: number): number {
    let sum = 0;
    for (const p of this.postings) {
      if (cards.has(p.card) && p.at >= since && (mcc === undefined || p.mcc === mcc)) sum += p.amountMinor;
    }
    return sum;
  }

  /** Registers a registration number once; false when it was seen before. */
  registerOnce(registrationNumber: string): boolean {
    if (this.registrationNumbers.has(registrationNumber)) return false;
    this.registrationNumbers.add(registrationNumber);
    return true;
  }
}
