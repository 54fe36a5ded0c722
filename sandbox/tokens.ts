/**
 * The sandbox's token endpoint: OAuth 2.0 client credentials (RFC 6749 §4.4), the client
 * authenticating by HTTP Basic or in the form body (§2.3.1), errors as §5.2 shapes them
 * ({"error": "invalid_client", …}). With a ttl (--token-ttl) it issues tokens that expire after
 * it and refuses them, and the published static token, with 401 — so a harness has to fetch and
 * renew. Without one, the published static token keeps working and issued tokens live an hour.
 * Lifetimes run on the sandbox's clock (--clock-offset moves it), so a test ages tokens by moving the
 * clock rather than by sleeping, which a loaded machine can stretch past a short lifetime.
 */
import { randomBytes } from "node:crypto";
import { SANDBOX_PARTNER, SANDBOX_TOKEN_CLIENT } from "../lib/test-data/published.ts";
import type { SandboxResponse } from "./protocol.ts";

export interface TokenClient {
  id: string;
  secret: string;
}

export interface TokenIssuerOptions {
  /** Lifetime of issued tokens in ms; unset: an hour, and the published static token is accepted. */
  tokenTtlMs?: number;
  /** The client the endpoint knows; the published test client by default. */
  tokenClient?: TokenClient;
}

const HOUR_MS = 3_600_000;

export class TokenIssuer {
  private readonly issued = new Map<string, number>();
  private readonly client: TokenClient;
  /** Token requests answered, granted or not (the tests count them). */
  requests = 0;
  /** Every token issued so far (the leak tests look for them in reports). */
  readonly tokens: string[] = [];

  constructor(
    private readonly options: TokenIssuerOptions = {},
    /** The sandbox's clock (ms since the epoch). */
    private readonly now: () => number = Date.now,
  ) {
    this.client = options.tokenClient ?? {
      id: SANDBOX_TOKEN_CLIENT.clientId,
      secret: SANDBOX_TOKEN_CLIENT.clientSecret,
    };
  }

  /** True for `Bearer <token>` of a token that is valid now. */
  accepts(authorization: string | string[] | undefined): boolean {
    const token = typeof authorization === "string" ? /^Bearer (\S+)$/.exec(authorization)?.[1] : undefined;
    if (!token) return false;
    if (this.options.tokenTtlMs === undefined && token === SANDBOX_PARTNER.accessToken) return true;
    const expiresAt = this.issued.get(token);
    return expiresAt !== undefined && this.now() < expiresAt;
  }

  /** Answers one token request (already read: its headers and form body). */
  answer(headers: Record<string, string | string[] | undefined>, bodyText: string): SandboxResponse {
    this.requests++;
    const form = new URLSearchParams(bodyText);
    const type = String(headers["content-type"] ?? "")
      .split(";")[0]!
      .trim()
      .toLowerCase();
    if (type !== "application/x-www-form-urlencoded")
      return oauthError(400, "invalid_request", "the body must be application/x-www-form-urlencoded");
    const client = clientOf(headers.authorization, form);
    if (!client || client.id !== this.client.id || client.secret !== this.client.secret)
      return { ...oauthError(401, "invalid_client", "unknown client or wrong secret"), headers: BASIC_CHALLENGE };
    if (form.get("grant_type") !== "client_credentials")
      return oauthError(400, "unsupported_grant_type", "only client_credentials is supported");
    const ttlMs = this.options.tokenTtlMs ?? HOUR_MS;
    const token = `sbx-${randomBytes(24).toString("base64url")}`;
    this.issued.set(token, this.now() + ttlMs);
    this.tokens.push(token);
    return {
      status: 200,
      body: { access_token: token, token_type: "Bearer", expires_in: Math.max(1, Math.round(ttlMs / 1000)) },
      headers: { "cache-control": "no-store" },
    };
  }
}

const BASIC_CHALLENGE = { "www-authenticate": 'Basic realm="sandbox token endpoint"' };

function oauthError(status: number, error: string, description: string): SandboxResponse {
  return { status, body: { error, error_description: description } };
}

/** The client's credentials: HTTP Basic (each part form-encoded, RFC 6749 §2.3.1), or client_id and client_secret in the body. */
function clientOf(authorization: string | string[] | undefined, form: URLSearchParams): TokenClient | undefined {
  const basic = typeof authorization === "string" ? /^Basic\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
  if (basic) {
    const pair = Buffer.from(basic, "base64").toString("utf8");
    const colon = pair.indexOf(":");
    if (colon < 0) return undefined;
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
    try {
      return { id: decode(pair.slice(0, colon)), secret: decode(pair.slice(colon + 1)) };
    } catch {
      return undefined;
    }
  }
  const id = form.get("client_id");
  const secret = form.get("client_secret");
  return id !== null && secret !== null ? { id, secret } : undefined;
}
