/**
 * Fetches one access token from its configured source: an OAuth 2.0 client-credentials request
 * (RFC 6749 §4.4) sent through the one HTTP client — so the TLS and proxy settings apply to it
 * too — or a command that prints the token (the pattern of credential helpers). A refusal is the
 * configuration's fault, said in one line naming the variables (exit 2) with the endpoint's own
 * error text, redacted; a TLS or proxy failure names the TLS_* or proxy variable to fix
 * (network-problem.ts), and a token endpoint that cannot be reached otherwise names PARTNER_TOKEN_URL.
 */
import { execFile } from "node:child_process";
import type { TokenSourceConfig } from "../../config/access-token.ts";
import type { Config } from "../../config/load.ts";
import { ConfigError } from "../../errors/config-error.ts";
import { redactor } from "../../redaction/redact.ts";
import type { NetworkConfig } from "../../config/network.ts";
import { HttpClient } from "../transport/client.ts";
import { networkProblemOf } from "../transport/network-problem.ts";
import { refusedClientCertificate } from "./client-certificate-probe.ts";
import type { Exchange } from "../exchange.ts";
import { RenewingTokens, type FetchedToken } from "./access-tokens.ts";

/**
 * No usable answer from the token endpoint (no connection, a timeout, a 5xx): exit 2 naming
 * PARTNER_TOKEN_URL, unless the runner finds the endpoint simply down (target-down.ts: exit 3).
 */
export class TokenEndpointUnanswered extends ConfigError {
  constructor(
    problem: string,
    readonly exchange: Exchange,
  ) {
    super("PARTNER_TOKEN_URL", problem);
  }
}

/** A token command is bounded like a request: it must print within this time. */
export const TOKEN_COMMAND_TIMEOUT_MS = 30_000;
const CREDENTIALS = "PARTNER_CLIENT_ID / PARTNER_CLIENT_SECRET";

/** The token in an answer: JSON {"access_token", "expires_in"} or, from a command, the bare token. */
export function parseTokenAnswer(text: string, bareAllowed: boolean): FetchedToken | string {
  const trimmed = text.trim();
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    json = undefined;
  }
  if (json && typeof json === "object") {
    const { access_token: token, expires_in: expiresIn } = json as Record<string, unknown>;
    if (typeof token !== "string" || !token) return "the answer holds no access_token";
    const seconds = typeof expiresIn === "string" ? Number(expiresIn) : expiresIn;
    const valid = typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0;
    return { token, ...(valid ? { expiresInMs: seconds * 1000 } : {}) };
  }
  if (bareAllowed && /^[\x21-\x7e]+$/.test(trimmed)) return { token: trimmed };
  return bareAllowed ? "it printed no token (one word, or JSON with access_token)" : "the answer is not JSON";
}

/**
 * The run's fetched token, renewed as it expires: token requests go through a client of their own
 * (the checks' pace must not hold them back), with the configuration's timeout — and its TLS and
 * proxy settings, wherever the client takes them.
 */
export function renewingTokensOf(config: Config): RenewingTokens {
  // The common TLS settings (a token endpoint is of no family) and the proxy, as for every request.
  const client = new HttpClient({ timeoutMs: config.run.requestTimeoutMs, connections: 2, network: config.network });
  return new RenewingTokens(
    () => fetchToken(config.partner.token, client, config.network),
    Date.now,
    () => client.close(),
  );
}

export function fetchToken(
  source: TokenSourceConfig,
  client: HttpClient,
  network: NetworkConfig | undefined,
): Promise<FetchedToken> {
  if (source.kind === "static") return Promise.resolve({ token: source.token });
  if (source.kind === "command") return tokenFromCommand(source.command);
  return tokenFromEndpoint(source, client, network);
}

type ClientCredentials = Extract<TokenSourceConfig, { kind: "client-credentials" }>;

/** The form body and headers of a client-credentials request, client authentication basic or post. */
export function tokenRequest(source: ClientCredentials): { headers: Record<string, string>; bodyText: string } {
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (source.scope) form.set("scope", source.scope);
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    "Accept": "application/json",
  };
  if (source.auth === "post") {
    form.set("client_id", source.clientId);
    form.set("client_secret", source.clientSecret);
  } else {
    // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
    const pair = `${encodeURIComponent(source.clientId)}:${encodeURIComponent(source.clientSecret)}`;
    headers.Authorization = `Basic ${Buffer.from(pair).toString("base64")}`;
  }
  return { headers, bodyText: form.toString() };
}

async function tokenFromEndpoint(
  source: ClientCredentials,
  client: HttpClient,
  network: NetworkConfig | undefined,
): Promise<FetchedToken> {
  const exchange = await client.post(source.url, tokenRequest(source));
  const at = `the token endpoint ${redactor.text(source.url)}`;
  // An untrusted CA, a missing client certificate, a proxy refusing: the variable to fix is that one.
  const misconfigured =
    networkProblemOf(exchange, network, undefined, "PARTNER_TOKEN_URL") ??
    (await refusedClientCertificate(exchange, network, undefined));
  if (misconfigured) throw new ConfigError(misconfigured.variable, `${at}: ${redactor.text(misconfigured.problem)}`);
  if (exchange.transportError)
    throw new TokenEndpointUnanswered(
      `${at} cannot be reached (${redactor.text(exchange.transportError.message)})`,
      exchange,
    );
  const { status, bodyText } = exchange.response!;
  const said = redactor.preview(bodyText, 200);
  if (status === 400 || status === 401 || status === 403)
    throw new ConfigError(CREDENTIALS, `${at} refused the client credentials: HTTP ${status} ${said}`);
  if (status >= 500) throw new TokenEndpointUnanswered(`${at} answered HTTP ${status} ${said}`, exchange);
  if (status !== 200) throw new ConfigError("PARTNER_TOKEN_URL", `${at} answered HTTP ${status} ${said}`);
  const parsed = parseTokenAnswer(bodyText, false);
  if (typeof parsed === "string") throw new ConfigError("PARTNER_TOKEN_URL", `${at} gave no token: ${parsed}`);
  return parsed;
}

function tokenFromCommand(command: string): Promise<FetchedToken> {
  const fail = (problem: string) => new ConfigError("PARTNER_TOKEN_COMMAND", redactor.text(problem));
  return new Promise((resolve, reject) => {
    execFile(
      command,
      { shell: true, timeout: TOKEN_COMMAND_TIMEOUT_MS, maxBuffer: 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        if (error) {
          const why = error.killed
            ? `did not finish within ${TOKEN_COMMAND_TIMEOUT_MS} ms`
            : `exited with ${error.code}`;
          const said = stderr.trim().split("\n").at(-1)?.slice(0, 200);
          return reject(fail(`the command ${why}${said ? `: ${said}` : ""}`));
        }
        const parsed = parseTokenAnswer(stdout, true);
        if (typeof parsed === "string") return reject(fail(`the command ran, but ${parsed}`));
        resolve(parsed);
      },
    );
  });
}
