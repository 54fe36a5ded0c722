/**
 * A connection closed without a word while a client certificate was presented: is the certificate
 * the cause? Node's own HTTPS server (and others) refuse a certificate issued by another CA by
 * closing the connection with no TLS alert — under TLS 1.3 after the client's side of the
 * handshake is over, so the request sees only "other side closed" (classify.ts: connection-reset).
 * The evidence is asked for with two TLS handshakes to the same origin, no HTTP request: one
 * presenting the configured certificate, which the server closes at once (a server that accepts
 * it waits for the request), and one without a certificate, which the server refuses with
 * "certificate required" (or fails the handshake for it). Both together: the server demands a
 * client certificate and will not take ours — a configuration problem (exit 2), naming the
 * variable. Anything else (a target that resets requests for its own reasons) stays the target's.
 * Not through a proxy: the raw handshake cannot take it, so nothing is asked.
 */
import { isIP } from "node:net";
import { connect, type ConnectionOptions } from "node:tls";
import type { Family } from "../../catalogue/types.ts";
import type { NetworkConfig, TlsSettings } from "../../config/network.ts";
import { classifyTls } from "../transport/classify.ts";
import { tlsFor, tlsOptions } from "../transport/dispatchers.ts";
import type { Exchange } from "../exchange.ts";
import type { NetworkProblem } from "../transport/network-problem.ts";

/** How long an accepted connection is watched for a close: a refusing server closes within milliseconds. */
const WATCH_MS = 2_000;
/** A bound on the handshake itself (local work for the server: seconds are plenty). */
const HANDSHAKE_MS = 5_000;

type Handshake = "refused-for-the-certificate" | "closed" | "open";

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
  const [withOurs, withNone] = await Promise.all([handshake(url, tls, true), handshake(url, tls, false)]);
  if (withOurs === "open" || withNone !== "refused-for-the-certificate") return undefined;
  return {
    variable: tls.from.identity,
    problem: `the server at ${url.origin} closes every connection that presents this client certificate, without an answer, and demands a certificate when none is given: it does not accept this one — set the certificate the platform issued to the partner (and its key)`,
  };
}

/** One TLS handshake, with the configured certificate or none, then a short watch of the open connection. */
function handshake(url: URL, tls: TlsSettings, presentCertificate: boolean): Promise<Handshake> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const options: ConnectionOptions = {
    host,
    port: Number(url.port || 443),
    // SNI takes a name, never an address (RFC 6066).
    ...(isIP(host) ? {} : { servername: host }),
    ...(presentCertificate ? tlsOptions(tls) : tlsOptions({ from: {}, ...(tls.ca ? { ca: tls.ca } : {}) })),
  };
  return new Promise((resolve) => {
    const socket = connect(options);
    // A handshake that does not end is no evidence of anything.
    let timer = setTimeout(() => done("closed"), HANDSHAKE_MS);
    const done = (seen: Handshake) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(seen);
    };
    // The watch starts once the handshake is over: the server has its say (an alert, a close) or waits for a request.
    socket.once("secureConnect", () => {
      clearTimeout(timer);
      timer = setTimeout(() => done("open"), WATCH_MS);
    });
    socket.on("data", () => done("open"));
    socket.once("error", (e: NodeJS.ErrnoException) =>
      done(
        classifyTls(e.code ?? "", e.message)?.kind === "tls-client-certificate"
          ? "refused-for-the-certificate"
          : "closed",
      ),
    );
    socket.once("close", () => done("closed"));
  });
}
