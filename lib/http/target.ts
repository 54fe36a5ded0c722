/**
 * The target: sends a catalogue operation with the headers its family needs (§5): the partner
 * bearer token, the card API auth (CARD_API_AUTH: headers, a JWS, the bearer token or a module's),
 * and what the crypto profile adds. A request that carried the run's token and got a 401 is sent
 * once more with a renewed token (the token expired on the target) — never one whose
 * Authorization a check set or removed on purpose: that 401 is what the check judges.
 * It is the single choke point of every request, so the blast-radius guard (lib/http/guard.ts)
 * runs here: a request it refuses never reaches the client; and every exchange it returns, tagged
 * with its intent and sender, passes its observers once (the contract book judges each answer,
 * lib/checks/contract-book.ts; a later observer may measure them).
 */
import { baseUrlFor, type Config } from "../config/load.ts";
import type { Operation } from "../catalogue/index.ts";
import type { Family } from "../catalogue/types.ts";
import type { CryptoProfile } from "../crypto/index.ts";
import type { RequestLine } from "../crypto/profile.ts";
import { StaticToken, type AccessTokens } from "./auth/access-tokens.ts";
import type { HttpClient } from "./transport/client.ts";
import type { Exchange, Intent } from "./exchange.ts";
import { countRequest, currentSender, Lanes, type LaneLocks } from "./coordination/lanes.ts";

export interface SendOptions {
  /** Headers to add or replace; `undefined` removes a default header (e.g. to omit auth). */
  headers?: Record<string, string | undefined>;
  /** Exact body text to send instead of the JSON of `body` (malformed JSON, wrong encodings). */
  rawBody?: string;
  /** What the request is meant to get (exchange.ts `Intent`); unset: either. */
  intent?: Intent;
}

/** What is sent for an operation: a body, or exact body text, and header changes. */
export interface RequestVariant {
  body?: unknown;
  /** Exact body text (malformed JSON). */
  rawBody?: string;
  /** Headers to replace or, with undefined, remove. */
  headers?: Record<string, string | undefined>;
  /** What the request is meant to get: a mutation of a valid request is meant to be refused. */
  intent?: Intent;
}

/** Sees every exchange the target returns, once, synchronously: it must not throw. */
export type ExchangeObserver = (exchange: Exchange) => void;

/** A request the guard will not send; a check that needs it is reported as skipped with this reason. */
export class RequestRefused extends Error {
  override name = "RequestRefused";
}

/** Inspects a request before it is sent; throws RequestRefused to stop it. */
export type RequestGuard = (op: Operation, bodyText: string) => void;

/** How requests authenticate beyond static headers: the run's access token, a card API JWS signer. */
export interface TargetAuth {
  tokens?: AccessTokens;
  cardJws?: (bodyText: string, request: RequestLine) => Promise<Record<string, string>>;
}

function setsAuthorization(headers: Record<string, string | undefined> | undefined): boolean {
  return Object.keys(headers ?? {}).some((name) => /^authorization$/i.test(name));
}

export class Target {
  /** Requests sent through this target so far (for the run's figures). */
  sent = 0;
  /** Called once per exchange returned, in order (the contract book first). */
  readonly observers: ExchangeObserver[] = [];
  constructor(
    readonly config: Config,
    readonly profile: CryptoProfile,
    private readonly client: HttpClient,
    private readonly guard?: RequestGuard,
    private readonly auth: TargetAuth = {},
    /** Isolation lanes per card (lanes.ts): every debit passes its card's lane. */
    readonly lanes: LaneLocks = new Lanes(),
  ) {
    this.tokens = auth.tokens ?? new StaticToken(config.partner.accessToken);
  }

  private readonly tokens: AccessTokens;

  url(op: Operation): string {
    if (!op.path) throw new Error(`${op.key} has no path in the spec`);
    return baseUrlFor(this.config, op.family) + op.path;
  }

  /** Whether a family's requests carry the run's bearer token. */
  private bearerFor(op: Operation): boolean {
    return op.family === "partner-transfer-api" || (op.family === "card-api" && this.config.cardApi.auth === "bearer");
  }

  /** Computed auth headers: the card API JWS (CARD_API_AUTH=jws), else the profile's — for the card API only when it is a module's. */
  private async familyHeaders(op: Operation, bodyText: string, request: RequestLine): Promise<Record<string, string>> {
    const auth = this.config.cardApi.auth;
    if (op.family === "card-api" && auth === "jws" && this.auth.cardJws) return this.auth.cardJws(bodyText, request);
    if (op.family === "card-api" && auth !== "module") return {};
    return (await this.profile.requestHeaders?.(op.family, bodyText, request)) ?? {};
  }

  async send(op: Operation, body: unknown, options: SendOptions = {}): Promise<Exchange> {
    const bodyText = options.rawBody ?? JSON.stringify(body);
    this.guard?.(op, bodyText);
    const url = this.url(op);
    const computed = await this.familyHeaders(op, bodyText, { method: "POST", path: new URL(url).pathname });
    // A check that sets or removes Authorization tests the auth itself: it gets no token, and is never repaired.
    const ownToken = this.bearerFor(op) && !setsAuthorization(options.headers) && !setsAuthorization(computed);
    const merged: Record<string, string | undefined> = {
      "Content-Type": "application/json",
      "Accept": "application/json",
      ...this.config.headersByFamily[op.family],
      ...computed,
      ...options.headers,
    };
    const headers = Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => e[1] !== undefined));
    this.sent++;
    countRequest();
    const post = async () => {
      // The token is read as late as possible, once the request has its slot (the client reads it).
      const exchange = await this.client.post(url, {
        headers,
        bodyText,
        operationKey: op.key,
        family: op.family,
        ...(ownToken ? { bearer: () => this.tokens.current() } : {}),
      });
      return ownToken ? this.againIfTokenExpired(exchange, op.family) : exchange;
    };
    const lane = this.laneOf(op, bodyText);
    const sender = currentSender();
    const exchange = await (lane ? this.lanes.shared(lane, post) : post());
    if (options.intent) exchange.intent = options.intent;
    if (sender) exchange.sender = sender;
    for (const observe of this.observers) observe(exchange);
    return exchange;
  }

  /** A 401 to the run's own token: renewed, and the same request sent once more; the check judges that answer. */
  private async againIfTokenExpired(exchange: Exchange, family: Family): Promise<Exchange> {
    if (exchange.response?.status !== 401) return exchange;
    const { url, bodyText, headers } = exchange.request;
    const token = headers.Authorization?.replace(/^Bearer /, "");
    if (token === undefined || (await this.tokens.renew(token)) === token) return exchange;
    this.sent++;
    countRequest();
    // The renewed token (or a newer one, if it too expired while this request waited for its slot).
    const again = await this.client.post(url, {
      headers,
      bodyText,
      family,
      bearer: () => this.tokens.current(),
      ...(exchange.operationKey ? { operationKey: exchange.operationKey } : {}),
    });
    (again.notes ??= []).push("HTTP 401 to the run's access token: the token was renewed and the request sent again");
    return again;
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
      ...(variant.intent ? { intent: variant.intent } : {}),
    });
  }

  async close(): Promise<void> {
    await Promise.all([this.client.close(), this.tokens.close?.()]);
  }
}
