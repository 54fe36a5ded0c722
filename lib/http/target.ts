/**
 * The target: sends a catalogue operation with the headers its family needs (§5): the partner
 * bearer token, card API headers from configuration, and what the crypto profile adds.
 * It is the single choke point of every request, so the blast-radius guard (lib/http/guard.ts)
 * runs here: a request it refuses never reaches the client.
 */
import { baseUrlFor, type Config } from "../config/load.ts";
import type { Operation } from "../catalogue/index.ts";
import type { CryptoProfile } from "../crypto/index.ts";
import type { HttpClient } from "./client.ts";
import type { Exchange } from "./exchange.ts";
import { countRequest, Lanes, type LaneLocks } from "./lanes.ts";

export interface SendOptions {
  /** Headers to add or replace; `undefined` removes a default header (e.g. to omit auth). */
  headers?: Record<string, string | undefined>;
  /** Exact body text to send instead of the JSON of `body` (malformed JSON, wrong encodings). */
  rawBody?: string;
}

/** What is sent for an operation: a body, or exact body text, and header changes. */
export interface RequestVariant {
  body?: unknown;
  /** Exact body text (malformed JSON). */
  rawBody?: string;
  /** Headers to replace or, with undefined, remove. */
  headers?: Record<string, string | undefined>;
}

/** A request the guard will not send; a check that needs it is reported as skipped with this reason. */
export class RequestRefused extends Error {
  override name = "RequestRefused";
}

/** Inspects a request before it is sent; throws RequestRefused to stop it. */
export type RequestGuard = (op: Operation, bodyText: string) => void;

export class Target {
  /** Requests sent through this target so far (for the run's figures). */
  sent = 0;
  constructor(
    readonly config: Config,
    readonly profile: CryptoProfile,
    private readonly client: HttpClient,
    private readonly guard?: RequestGuard,
    /** Isolation lanes per card (lanes.ts, across workers: file-lanes.ts): every debit passes its card's lane. */
    readonly lanes: LaneLocks = new Lanes(),
  ) {}

  url(op: Operation): string {
    if (!op.path) throw new Error(`${op.key} has no path in the spec`);
    return baseUrlFor(this.config, op.family) + op.path;
  }

  private familyHeaders(op: Operation): Record<string, string> {
    if (op.family === "partner-transfer-api") {
      return { Authorization: `Bearer ${this.config.partner.accessToken}` };
    }
    if (op.family === "card-api") return { ...this.config.cardApi.headers };
    return {};
  }

  async send(op: Operation, body: unknown, options: SendOptions = {}): Promise<Exchange> {
    const bodyText = options.rawBody ?? JSON.stringify(body);
    this.guard?.(op, bodyText);
    const url = this.url(op);
    const profileHeaders =
      (await this.profile.requestHeaders?.(op.family, bodyText, { method: "POST", path: new URL(url).pathname })) ?? {};
    const merged: Record<string, string | undefined> = {
      "Content-Type": "application/json",
      "Accept": "application/json",
      ...this.familyHeaders(op),
      ...profileHeaders,
      ...options.headers,
    };
    const headers = Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => e[1] !== undefined));
    this.sent++;
    countRequest();
    const post = () => this.client.post(url, { headers, bodyText, operationKey: op.key });
    const lane = this.laneOf(op, bodyText);
    return lane ? this.lanes.shared(lane, post) : post();
  }

  /** Runs `fn` with the card's lane held exclusively: no other check debits the card meanwhile. */
  isolated<T>(cardId: string, fn: () => Promise<T>): Promise<T> {
    return this.lanes.exclusive(`card:${cardId}`, fn);
  }

  /**
   * The lane of a request that may move a card's money: its race card's, or else the payment
   * card's — also for a body that names no card or cannot be read (a mutation of a valid debit
   * could still post to the payment card if the target accepts it).
   */
  private laneOf(op: Operation, bodyText: string): string | undefined {
    if (!op.mutates || op.family !== "card-api") return undefined;
    let cardId: unknown;
    try {
      cardId = (JSON.parse(bodyText) as { debit?: { card?: { card_id?: unknown } } })?.debit?.card?.card_id;
    } catch {
      cardId = undefined;
    }
    const race = typeof cardId === "string" && this.config.fixtures.raceCardIds.includes(cardId);
    return `card:${race ? cardId : this.config.fixtures.payment.cardId}`;
  }

  sendVariant(op: Operation, variant: RequestVariant): Promise<Exchange> {
    return this.send(op, variant.body, {
      ...(variant.rawBody !== undefined ? { rawBody: variant.rawBody } : {}),
      ...(variant.headers ? { headers: variant.headers } : {}),
    });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
