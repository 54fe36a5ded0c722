/**
 * Where the partner's access token comes from (§5: how it is obtained and refreshed is not shown),
 * and how card API requests are authenticated (not shown either). One source of the token, read
 * and checked once: a combination that cannot be meant is exit 2 naming the variable.
 */
import { ConfigError } from "../errors/config-error.ts";
import type { createReader } from "./reader.ts";

export const TOKEN_CLIENT_AUTH = ["basic", "post"] as const;
export type TokenClientAuth = (typeof TOKEN_CLIENT_AUTH)[number];

export type TokenSourceConfig =
  | { kind: "static"; token: string }
  | {
      kind: "client-credentials";
      url: string;
      clientId: string;
      clientSecret: string;
      scope: string;
      auth: TokenClientAuth;
    }
  | { kind: "command"; command: string };

export const CARD_API_AUTH_KINDS = ["none", "headers", "jws", "bearer", "module"] as const;
export type CardApiAuthKind = (typeof CARD_API_AUTH_KINDS)[number];

type Reader = ReturnType<typeof createReader>;

export function readTokenSource(r: Reader): TokenSourceConfig {
  const url = r.optionalUrl("PARTNER_TOKEN_URL");
  const command = r.string("PARTNER_TOKEN_COMMAND");
  const fetched = url ? "PARTNER_TOKEN_URL" : command ? "PARTNER_TOKEN_COMMAND" : undefined;
  if (url && command)
    throw new ConfigError(
      "PARTNER_TOKEN_COMMAND",
      "is set, and so is PARTNER_TOKEN_URL: choose one source of the token",
    );
  // A PARTNER_ACCESS_TOKEN of the user's own: the published default (which .env.example carries) gives way.
  if (fetched && r.declared("PARTNER_ACCESS_TOKEN"))
    throw new ConfigError("PARTNER_ACCESS_TOKEN", `is set, and so is ${fetched}: choose one source of the token`);
  const clientSetting = (["PARTNER_CLIENT_ID", "PARTNER_CLIENT_SECRET", "PARTNER_TOKEN_SCOPE"] as const).find((n) =>
    r.string(n),
  );
  if (!url && clientSetting)
    throw new ConfigError("PARTNER_TOKEN_URL", `must be set: ${clientSetting} is set, for a token endpoint`);
  if (url)
    return {
      kind: "client-credentials",
      url,
      clientId: r.required("PARTNER_CLIENT_ID"),
      clientSecret: r.required("PARTNER_CLIENT_SECRET"),
      scope: r.string("PARTNER_TOKEN_SCOPE"),
      auth: r.oneOf("PARTNER_TOKEN_AUTH", TOKEN_CLIENT_AUTH),
    };
  if (command) return { kind: "command", command };
  return { kind: "static", token: r.required("PARTNER_ACCESS_TOKEN") };
}

/**
 * CARD_API_AUTH, or what today's settings imply: the jws profile signs card requests with its
 * JWS, a module with its requestHeaders, otherwise CARD_API_HEADERS carry the auth if set.
 */
export function readCardApiAuth(r: Reader, cryptoProfile: string, isModule: boolean): CardApiAuthKind {
  if (!r.string("CARD_API_AUTH")) {
    if (cryptoProfile === "jws") return "jws";
    if (isModule) return "module";
    return Object.keys(r.headers("CARD_API_HEADERS")).length ? "headers" : "none";
  }
  const kind = r.oneOf("CARD_API_AUTH", CARD_API_AUTH_KINDS);
  if (kind === "module" && !isModule)
    throw new ConfigError(
      "CARD_API_AUTH",
      `module needs CRYPTO_PROFILE to name a profile module, not "${cryptoProfile}"`,
    );
  if (kind === "headers" && !Object.keys(r.headers("CARD_API_HEADERS")).length)
    throw new ConfigError("CARD_API_HEADERS", "must be set: CARD_API_AUTH=headers sends the card API auth in them");
  return kind;
}
