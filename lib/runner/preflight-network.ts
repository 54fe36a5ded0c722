/**
 * The preflight's reading of a request that failed on the network path (TLS or the proxy): one
 * line naming the variable to set, exit 2. Each of these has a configuration cause and a fix on the
 * user's side; a target that is simply down is not among them (the probes treat it as before).
 */
import type { Family } from "../catalogue/types.ts";
import type { Config } from "../config/load.ts";
import { familyTlsPrefix } from "../config/network.ts";
import type { Exchange } from "../http/exchange.ts";
import { tlsFor } from "../http/dispatchers.ts";

/** The line for a TLS or proxy failure of this exchange; undefined for any other outcome. */
export function networkProblem(
  exchange: Exchange,
  config: Config,
  family: Family,
  baseUrlVariable: string,
): string | undefined {
  const t = exchange.transportError ?? clientCertificateAnswer(exchange);
  if (!t) return undefined;
  const url = new URL(exchange.request.url);
  // The origin, and the code that says what failed (the message repeats the kind in words).
  const at = `${url.origin} (${/\(([A-Z0-9_]{4,})\)/.exec(t.message)?.[1] ?? t.message})`;
  const tls = tlsFor(config.network, family);
  const prefix = familyTlsPrefix(family);
  switch (t.kind) {
    case "tls-unknown-ca":
      return tls?.from.ca
        ? `${tls.from.ca}: the server's certificate at ${at} is not signed by a CA in that file: set it to the platform's CA bundle (PEM)`
        : `TLS_CA_FILE: the server's certificate at ${at} is not signed by a CA the harness trusts: set TLS_CA_FILE to the platform's CA bundle (PEM), or ${prefix}TLS_CA_FILE for this family only`;
    case "tls-hostname-mismatch":
      return `${baseUrlVariable}: the server's certificate does not name the host of ${at}: use the host name the certificate was issued for`;
    case "tls-certificate-expired":
      return `${baseUrlVariable}: the server's certificate at ${at} has expired (or is not yet valid): the target's certificate must be renewed before a run`;
    case "tls-client-certificate":
      return tls?.from.identity
        ? `${tls.from.identity}: the server at ${at} refused the client certificate: set the certificate the platform issued to the partner (and its key)`
        : `TLS_CLIENT_CERT / TLS_CLIENT_KEY: the server at ${at} demands a client certificate and none was given: set TLS_CLIENT_CERT and TLS_CLIENT_KEY (or TLS_CLIENT_PFX), or ${prefix}TLS_CLIENT_CERT for this family only`;
    case "tls":
      return `${baseUrlVariable}: the TLS handshake with ${at} failed: check the URL and the TLS_* settings`;
    case "proxy-refused":
    case "proxy-unreachable":
      return proxyLine(t.kind, url.protocol === "https:" ? "HTTPS_PROXY" : "HTTP_PROXY", at);
    default:
      return undefined;
  }
}

function proxyLine(kind: "proxy-refused" | "proxy-unreachable", variable: string, at: string): string {
  return kind === "proxy-refused"
    ? `${variable}: the proxy refused to connect to ${at}: give the proxy's credentials in the URL (http://user:password@proxy:port), or add the host to NO_PROXY if it is reached directly`
    : `${variable}: the proxy for ${at} cannot be reached: check the proxy URL (lower-case ${variable.toLowerCase()} wins when both are set), or add the host to NO_PROXY if it is reached directly`;
}

/**
 * A TLS front end that asks for a client certificate but does not demand it in the handshake
 * (nginx's `ssl_verify_client`) answers HTTP 400 with its own page instead: the same problem.
 */
function clientCertificateAnswer(exchange: Exchange): { kind: "tls-client-certificate"; message: string } | undefined {
  const r = exchange.response;
  const said =
    r?.status === 400 ? /No required SSL certificate was sent|SSL certificate error/i.exec(r.bodyText) : null;
  return said ? { kind: "tls-client-certificate", message: `HTTP 400: ${said[0]}` } : undefined;
}
