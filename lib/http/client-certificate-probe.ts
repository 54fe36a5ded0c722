/**
 * A connection closed without a word while a client certificate was presented: is the certificate
 * the cause? Node's own HTTPS server (and others) refuse a certificate issued by another CA by
 * closing the connection with no TLS alert — under TLS 1.3 after the client's side of the
 * handshake is over, so the request sees only "other side closed" (classify.ts: connection-reset).
 * The evidence is asked for once: one TLS handshake to the same origin, with the same trust but
 * no certificate. A server that then says "certificate required" (or fails the handshake for it)
 * demands a client certificate and closed the one we presented: a configuration problem (exit 2),
 * naming the variable. Anything else leaves the reset as the target's (the checks report it).
 * No HTTP request is sent; not through a proxy (not asked: the raw handshake cannot take it).
 */
import { isIP } from "node:net";
import { connect, rootCertificates } from "node:tls";
import type { Family } from "../catalogue/types.ts";
import type { NetworkConfig } from "../config/network.ts";
import { classifyTls } from "./classify.ts";
import { tlsFor } from "./dispatchers.ts";
import type { Exchange } from "./exchange.ts";
import type { NetworkProblem } from "./network-problem.ts";

/** The handshake is local work for the server: a second is plenty, and bounds the preflight's wait. */
const PROBE_TIMEOUT_MS = 3_000;

/** The problem when the configured client certificate is what the server closed the connection for; else undefined. */
export async function refusedClientCertificate(
  exchange: Exchange,
  network: NetworkConfig | undefined,
  family: Family | undefined,
): Promise<NetworkProblem | undefined> {
  const url = new URL(exchange.request.url);
  const tls = tlsFor(network, family);
  if (exchange.transportError?.kind !== "connection-reset" || url.protocol !== "https:") return undefined;
  if (!tls?.from.identity || network?.proxy.httpsProxy) return undefined;
  if (!(await demandsClientCertificate(url, tls.ca))) return undefined;
  return {
    variable: tls.from.identity,
    problem: `the server at ${url.origin} closed the connection that presented this client certificate, without an answer, and demands a certificate when none is given: it does not accept this one — set the certificate the platform issued to the partner (and its key)`,
  };
}

/** One TLS handshake without a client certificate: true when the server refuses it for the missing certificate. */
export function demandsClientCertificate(url: URL, ca: string | undefined): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve) => {
    const socket = connect({
      host,
      port: Number(url.port || 443),
      // SNI takes a name, never an address (RFC 6066).
      ...(isIP(host) ? {} : { servername: host }),
      ...(ca ? { ca: [...rootCertificates, ca] } : {}),
    });
    const timer = setTimeout(() => done(false), PROBE_TIMEOUT_MS);
    function done(demanded: boolean): void {
      clearTimeout(timer);
      socket.destroy();
      resolve(demanded);
    }
    // Under TLS 1.3 the server's "certificate required" arrives after the handshake: read for it.
    socket.on("data", () => done(false));
    socket.once("error", (e: NodeJS.ErrnoException) =>
      done(classifyTls(e.code ?? "", e.message)?.kind === "tls-client-certificate"),
    );
    socket.once("close", () => done(false));
  });
}
