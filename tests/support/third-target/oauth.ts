/**
 * Optional access tokens that expire: OAuth 2.0 client credentials (RFC 6749 §4.4) at
 * `/oauth2/token`, the client authenticated by HTTP Basic. In this mode both API families accept
 * only bearer tokens issued here that have not expired (an expired one is 401, so a client renews).
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const OAUTH = {
  path: "/oauth2/token",
  clientId: "tt3-harness-client",
  clientSecret: "tt3-secret-3c1d9e7a5b2f4a60",
};

export interface TokenAnswer {
  status: 200 | 400 | 401;
  body: Record<string, unknown>;
}

export class TokenIssuer {
  private readonly expiry = new Map<string, number>();
  issued = 0;

  constructor(readonly ttlSeconds: number) {}

  valid(token: string | undefined): boolean {
    const until = token === undefined ? undefined : this.expiry.get(token);
    return until !== undefined && until > Date.now();
  }

  /** The token endpoint: a form-encoded client-credentials grant with Basic client authentication. */
  answer(req: IncomingMessage, text: string): TokenAnswer {
    const basic = /^Basic (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    const [id, secret] = Buffer.from(basic ?? "", "base64")
      .toString("utf8")
      .split(":");
    if (id !== OAUTH.clientId || secret !== OAUTH.clientSecret) {
      return { status: 401, body: { error: "invalid_client" } };
    }
    if (new URLSearchParams(text).get("grant_type") !== "client_credentials") {
      return { status: 400, body: { error: "unsupported_grant_type" } };
    }
    const token = `tt3-at-${randomBytes(18).toString("hex")}`;
    this.expiry.set(token, Date.now() + this.ttlSeconds * 1000);
    this.issued += 1;
    return { status: 200, body: { access_token: token, token_type: "Bearer", expires_in: this.ttlSeconds } };
  }
}
