/**
 * Classifies what went wrong with a request that got no answer, into the transport error kinds of
 * the exchange. TLS and proxy failures get kinds of their own, because each has one cause a user
 * can fix (a CA to trust, a client certificate to present, proxy credentials) and the preflight
 * names the variable for it.
 */
import { isIP } from "node:net";
import type { ProxySettings } from "../../config/proxy.ts";
import { UnreadableCoding } from "./content-coding.ts";
import type { TransportErrorKind } from "../exchange.ts";

export class BodyTooLarge extends Error {}
/** The whole exchange took longer than its timeout while the body was still arriving. */
export class BodyTooSlow extends Error {
  code = "UND_ERR_BODY_TIMEOUT";
}

export interface ClassifyContext {
  timeoutMs: number;
  cutByDeadline: boolean;
  proxy?: ProxySettings;
  /** The TLS alert that closed the connection (tls-session.ts), when the request saw only a closed socket. */
  tlsAlert?: string;
}

type Classified = { kind: TransportErrorKind; message: string };

interface ErrorLike {
  name?: string;
  code?: string;
  message?: string;
  address?: string;
  port?: number;
  /** Set on a DNS failure (ENOTFOUND). */
  hostname?: string;
  cause?: ErrorLike;
}

/** Node's certificate verification codes, by what the user has to do about them. */
const UNKNOWN_CA = new Set([
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  // A trusted CA of the same name did not sign it: another CA, as far as the user is concerned.
  "CERT_SIGNATURE_FAILURE",
]);
const EXPIRED = new Set(["CERT_HAS_EXPIRED", "CERT_NOT_YET_VALID"]);
/** The server's alert when it wants a client certificate and got none (TLS 1.3), or refused the handshake for it. */
const CLIENT_CERT =
  /CERTIFICATE_REQUIRED|ALERT_HANDSHAKE_FAILURE|ALERT_BAD_CERTIFICATE|ALERT_UNKNOWN_CA|peer did not return a certificate/i;

export function classifyTls(code: string, message: string): Classified | undefined {
  if (UNKNOWN_CA.has(code))
    return { kind: "tls-unknown-ca", message: `the server's certificate is not signed by a trusted CA (${code})` };
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID")
    return { kind: "tls-hostname-mismatch", message: `the server's certificate does not name this host: ${message}` };
  if (EXPIRED.has(code))
    return { kind: "tls-certificate-expired", message: `the server's certificate is not valid now (${code})` };
  if (CLIENT_CERT.test(code) || CLIENT_CERT.test(message))
    return {
      kind: "tls-client-certificate",
      message: `the server refused the TLS handshake for the client certificate (${code || message})`,
    };
  if (/^ERR_SSL_|^ERR_TLS_|CERT/.test(code)) return { kind: "tls", message: `TLS: ${message} (${code})` };
  return undefined;
}

/**
 * The proxy's own failures: its answer to CONNECT (407: credentials; another 4xx: it will not
 * tunnel there — both configuration), or no connection to the proxy itself. A 5xx to CONNECT means
 * the proxy could not reach the target: the target is down, which is not the proxy's configuration.
 */
function classifyProxy(e: ErrorLike, code: string, proxy: ProxySettings | undefined): Classified | undefined {
  const message = e.message ?? "";
  const status = /Proxy response \((\d{3})\)/.exec(message)?.[1] ?? (/\(407\)/.test(message) ? "407" : undefined);
  if (status === "407")
    return { kind: "proxy-refused", message: "the proxy answered 407 Proxy Authentication Required" };
  if (status?.startsWith("5"))
    return { kind: "connection-refused", message: `the proxy could not reach the target (HTTP ${status} to CONNECT)` };
  if (status) return { kind: "proxy-refused", message: `the proxy refused the tunnel (HTTP ${status})` };
  if (!proxy || !/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ETIMEDOUT/.test(code)) return undefined;
  const proxies = [proxy.httpsProxy, proxy.httpProxy].filter(Boolean).map((p) => new URL(p));
  return proxies.some((u) => failedToReach(e, u))
    ? { kind: "proxy-unreachable", message: `the proxy cannot be reached (${code})` }
    : undefined;
}

/** The error is about this host: its port (and address, for an IP literal) or, for DNS, its name. */
function failedToReach(e: ErrorLike, url: URL): boolean {
  if (e.hostname !== undefined) return e.hostname === url.hostname;
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const literal = isIP(url.hostname.replace(/^\[|\]$/g, "")) !== 0;
  return e.port === port && (!literal || e.address === url.hostname.replace(/^\[|\]$/g, ""));
}

export function classify(error: unknown, { timeoutMs, cutByDeadline, proxy, tlsAlert }: ClassifyContext): Classified {
  const e = error as ErrorLike;
  const code = e.code ?? e.cause?.code ?? "";
  if (error instanceof BodyTooLarge) return { kind: "body-too-large", message: e.message ?? "" };
  if (code === "ERR_BUFFER_TOO_LARGE")
    return { kind: "body-too-large", message: "the decoded response body exceeds the size the client reads" };
  if (error instanceof UnreadableCoding) return { kind: "transport", message: e.message ?? "" };
  const network = classifyProxy(e, code, proxy) ?? classifyTls(code, e.message ?? e.cause?.message ?? "");
  if (network) return network;
  if (e.name === "TimeoutError" || e.name === "AbortError" || /TIMEOUT/.test(code)) {
    if (cutByDeadline)
      return {
        kind: "deadline",
        message: `no complete answer within ${timeoutMs} ms, when the run deadline (RUN_DEADLINE_MS) passed`,
      };
    return { kind: "timeout", message: `no complete answer within ${timeoutMs} ms` };
  }
  if (code === "ECONNREFUSED") return { kind: "connection-refused", message: "connection refused" };
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET" || code === "EPIPE") {
    const alerted = tlsAlert ? classifyTls(tlsAlert, tlsAlert) : undefined;
    if (alerted) return alerted;
    return { kind: "connection-reset", message: `connection closed by the target (${code})` };
  }
  return {
    kind: "transport",
    message: `${e.name ?? "Error"}: ${e.message ?? String(error)}${code ? ` (${code})` : ""}`,
  };
}
