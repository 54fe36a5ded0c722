/**
 * The reading of a request that failed on the network path (TLS or the proxy): the variable to set
 * and what to set it to — for the preflight's probes (one line, exit 2) and for the token endpoint
 * (token-fetch.ts). Each of these has a configuration cause and a fix on the user's side; a server
 * that is simply down is not among them (the runner treats it as unavailable, exit 3).
 */
import type { Family } from "../../catalogue/types.ts";
import type { Config } from "../../config/load.ts";
import { familyTlsPrefix, type NetworkConfig } from "../../config/network.ts";
import type { Exchange } from "../exchange.ts";
import { tlsFor } from "./dispatchers.ts";

export interface NetworkProblem {
  /** The variable to set (or the pair, "TLS_CLIENT_CERT / TLS_CLIENT_KEY"). */
  variable: string;
  problem: string;
}

/** The one line for a TLS or proxy failure of this exchange ("VARIABLE: what to do"); undefined for any other outcome. */
export function networkProblem(
  exchange: Exchange,
  config: Config,
  family: Family | undefined,
  urlVariable: string,
): string | undefined {
  const found = networkProblemOf(exchange, config.network, family, urlVariable);
  return found && `${found.variable}: ${found.problem}`;
}

/**
 * The variable and the problem. `family` undefined: a request of no family (the token endpoint),
 * which uses the common TLS settings; `urlVariable` names the URL the request went to.
 */
export function networkProblemOf(
  exchange: Exchange,
  network: NetworkConfig | undefined,
  family: Family | undefined,
  urlVariable: string,
): NetworkProblem | undefined {
  const t = exchange.transportError ?? clientCertificateAnswer(exchange);
  if (!t) return undefined;
  const url = new URL(exchange.request.url);
  // The origin, and the code that says what failed (the message repeats the kind in words).
  const at = `${url.origin} (${/\(([A-Z0-9_]{4,})\)/.exec(t.message)?.[1] ?? t.message})`;
  const tls = tlsFor(network, family);
  const only = (name: string) => (family ? `, or ${familyTlsPrefix(family)}${name} for this family only` : "");
  const said = (variable: string, problem: string): NetworkProblem => ({ variable, problem });
  switch (t.kind) {
    case "tls-unknown-ca":
      return tls?.from.ca
        ? said(
            tls.from.ca,
            `the server's certificate at ${at} is not signed by a CA in that file: set it to the platform's CA bundle (PEM)`,
          )
        : said(
            "TLS_CA_FILE",
            `the server's certificate at ${at} is not signed by a CA the harness trusts: set TLS_CA_FILE to the platform's CA bundle (PEM)${only("TLS_CA_FILE")}`,
          );
    case "tls-hostname-mismatch":
      return said(
        urlVariable,
        `the server's certificate does not name the host of ${at}: use the host name the certificate was issued for`,
      );
    case "tls-certificate-expired":
      return said(
        urlVariable,
        `the server's certificate at ${at} has expired (or is not yet valid): the server's certificate must be renewed before a run`,
      );
    case "tls-client-certificate":
      return tls?.from.identity
        ? said(
            tls.from.identity,
            `the server at ${at} refused the client certificate: set the certificate the platform issued to the partner (and its key)`,
          )
        : said(
            "TLS_CLIENT_CERT / TLS_CLIENT_KEY",
            `the server at ${at} demands a client certificate and none was given: set TLS_CLIENT_CERT and TLS_CLIENT_KEY (or TLS_CLIENT_PFX)${only("TLS_CLIENT_CERT")}`,
          );
    case "tls":
      return said(urlVariable, `the TLS handshake with ${at} failed: check the URL and the TLS_* settings`);
    case "proxy-refused":
    case "proxy-unreachable":
      return proxyProblem(t.kind, url.protocol === "https:" ? "HTTPS_PROXY" : "HTTP_PROXY", at);
    default:
      return undefined;
  }
}

function proxyProblem(kind: "proxy-refused" | "proxy-unreachable", variable: string, at: string): NetworkProblem {
  const problem =
    kind === "proxy-refused"
      ? `the proxy refused to connect to ${at}: give the proxy's credentials in the URL (http://user:password@proxy:port), or add the host to NO_PROXY if it is reached directly`
      : `the proxy for ${at} cannot be reached: check the proxy URL (lower-case ${variable.toLowerCase()} wins when both are set), or add the host to NO_PROXY if it is reached directly`;
  return { variable, problem };
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
