/**
 * The access token of a run: fetched once, renewed before it expires (the lifetime its source
 * stated, less a margin) and on demand after a 401 — one renewal however many requests were
 * refused with the same stale token at once. Every token is taught to the redactor as soon as it
 * is known, so it is replaced in every output of the process that holds it.
 */
import { redactor } from "../../redaction/redact.ts";

/** One token from its source (token-fetch.ts). */
export interface FetchedToken {
  token: string;
  /** Lifetime the source stated (expires_in), in ms; undefined: valid until refused. */
  expiresInMs?: number;
}

/** What the target asks of a token source, in the CLI process or in a worker (token-broker.ts). */
export interface AccessTokens {
  /** A token that is not known to have expired. */
  current(): Promise<string>;
  /** A new token, unless `stale` has already been replaced (then the replacement); the same token when it cannot change. */
  renew(stale: string): Promise<string>;
  /** Releases what the source holds (connections). */
  close?(): Promise<void>;
}

/** The name fetched tokens are replaced by in every output (as the static token is). */
export const TOKEN_SECRET_NAME = "PARTNER_ACCESS_TOKEN";

/** Renewed this long before the stated expiry: a fifth of the lifetime, at most 30 s. */
export function renewalMargin(lifetimeMs: number): number {
  return Math.min(30_000, Math.floor(lifetimeMs / 5));
}

export function learnToken(token: string): void {
  redactor.addSecrets([{ name: TOKEN_SECRET_NAME, value: token }]);
}

interface Held {
  token: string;
  /** Epoch ms after which the token is renewed before use; Infinity: when refused. */
  renewAt: number;
  /** Epoch ms the source said it expires; Infinity: not said. */
  expiresAt: number;
}

export class RenewingTokens implements AccessTokens {
  private held: Held | undefined;
  private inFlight: Promise<Held> | undefined;
  /** Tokens fetched so far (the summary and the tests read it). */
  fetched = 0;

  /** @param fetch one call to the token source; @param now the clock (tests); @param release closes the source's connections. */
  constructor(
    private readonly fetch: () => Promise<FetchedToken>,
    private readonly now: () => number = Date.now,
    private readonly release: () => Promise<void> = async () => undefined,
  ) {}

  close(): Promise<void> {
    return this.release();
  }

  async current(): Promise<string> {
    const held = this.held;
    if (held && this.now() < held.renewAt) return held.token;
    try {
      return (await this.refresh()).token;
    } catch (error) {
      // A renewal ahead of time that failed (the endpoint briefly down) leaves a token still valid: use it.
      if (held && this.now() < held.expiresAt) return held.token;
      throw error;
    }
  }

  /** When the held token is to be renewed (epoch ms); null: when refused (JSON has no Infinity). */
  renewAt(): number | null {
    const at = this.held?.renewAt ?? 0;
    return Number.isFinite(at) ? at : null;
  }

  async renew(stale: string): Promise<string> {
    if (this.held && this.held.token !== stale) return this.held.token;
    return (await this.refresh()).token;
  }

  /** One fetch at a time: concurrent callers share it. */
  private refresh(): Promise<Held> {
    this.inFlight ??= this.fetch()
      .then(({ token, expiresInMs }) => {
        learnToken(token);
        this.fetched++;
        const expiresAt = expiresInMs === undefined ? Infinity : this.now() + expiresInMs;
        this.held = {
          token,
          renewAt: expiresAt - (expiresInMs === undefined ? 0 : renewalMargin(expiresInMs)),
          expiresAt,
        };
        return this.held;
      })
      .finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }
}

/** PARTNER_ACCESS_TOKEN: the same token always; a 401 cannot be repaired. */
export class StaticToken implements AccessTokens {
  constructor(private readonly token: string) {}
  current(): Promise<string> {
    return Promise.resolve(this.token);
  }
  renew(): Promise<string> {
    return Promise.resolve(this.token);
  }
}
