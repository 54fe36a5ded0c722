/**
 * The sandbox's state: cards, postings in minor units (no float drift), business clients and the
 * idempotency store. Postings are kept sorted by time per card, so a statement for a period is a
 * binary search, not a scan of the card's whole history.
 */
import type { SandboxCard } from "../lib/test-data/published.ts";
import type { SandboxResponse } from "./protocol.ts";

export type ObjectKind = "card" | "account" | "client";

/** A limit of the sandbox's state; what it means for a debit is limits.ts. */
export interface LimitDefinition {
  id: string;
  /** Group in the limits object: product, card, or another group (tolerated by the spec). */
  group: string;
  object: { kind: ObjectKind; value: string };
  /** "0000": every merchant category; otherwise only debits of that MCC count and are held to it. */
  mcc: string;
  region: string;
  /** Value shown: `pay` (§2.4). */
  transactionType: string;
  minMinor: number;
  totalMinor: number;
  /** The largest amount of one debit, listed as a `max` amount limit; undefined: none. */
  maxMinor?: number;
  currency: string;
}

export interface Merchant {
  name: string;
  country: string;
  address_line1: string;
  postal_code: string;
  url: string;
}

export interface Posting {
  requestId: string;
  cardId: string;
  type: string;
  amountMinor: number;
  commissionMinor: number;
  currency: string;
  at: number;
  rrn: string;
  mcc: number;
  merchant: Merchant;
  /** When the posting shows in the statement and in usage, when that is later than `at` (a ledger that posts late). */
  shownAt?: number;
}

/** The postings that show at `now` (a late one is held against the limits before it shows). */
export function shownBy(postings: Posting[], now: number): Posting[] {
  return postings.filter((p) => p.shownAt === undefined || p.shownAt <= now);
}

export interface BusinessClient {
  clientUuid: string;
  status: "new";
  createdAt: number;
}

export class Ledger {
  private readonly cards = new Map<string, SandboxCard>();
  private readonly byPan = new Map<string, SandboxCard>();
  private readonly postings = new Map<string, Posting[]>();
  readonly limits: LimitDefinition[] = [];
  readonly businessClients = new Map<string, BusinessClient>();
  readonly idempotency = new Map<string, { fingerprint: string; response: SandboxResponse }>();

  addCard(card: SandboxCard): void {
    this.cards.set(card.cardId, card);
    this.byPan.set(card.pan, card);
    this.postings.set(card.cardId, []);
  }

  cardById(id: string): SandboxCard | undefined {
    return this.cards.get(id);
  }

  cardByPan(pan: string): SandboxCard | undefined {
    return this.byPan.get(pan);
  }

  allCards(): SandboxCard[] {
    return [...this.cards.values()];
  }

  post(posting: Posting): void {
    const list = this.postings.get(posting.cardId);
    if (!list) throw new Error(`no card ${posting.cardId}`);
    list.splice(upperBound(list, posting.at), 0, posting);
  }

  /** Postings of a card with from ≤ at ≤ to, oldest first. */
  postingsOf(cardId: string, from = -Infinity, to = Infinity): Posting[] {
    const list = this.postings.get(cardId) ?? [];
    return list.slice(lowerBound(list, from), upperBound(list, to));
  }
}

function lowerBound(list: Posting[], at: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.at < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(list: Posting[], at: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.at <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
