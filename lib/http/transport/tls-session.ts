/**
 * What each TLS connection negotiated, recorded as undici opens it (its `undici:client:connected`
 * diagnostics channel sees every connection, direct or tunnelled through a proxy): the protocol
 * version, the cipher and the server certificate's subject, issuer and expiry. The summary shows
 * them; a certificate close to its expiry becomes an observation. The last connection per origin wins.
 */
import { subscribe } from "node:diagnostics_channel";
import type { TLSSocket } from "node:tls";

export interface TlsSession {
  origin: string;
  protocol: string;
  cipher: string;
  subject: string;
  issuer: string;
  /** ISO 8601 instant. */
  validTo: string;
}

const sessions = new Map<string, TlsSession>();
/**
 * The last TLS alert a connection to each origin received. With TLS 1.3 the client's handshake is
 * over before the server judges its certificate, so a refused (or missing) client certificate
 * arrives as an alert on the socket while the request itself only sees "other side closed".
 */
const alerts = new Map<string, string>();
let subscribed = false;

interface Connected {
  connectParams: { protocol: string; hostname: string; port: string };
  socket: Partial<TLSSocket>;
}

/** Starts recording (once per process). */
export function recordTlsSessions(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe("undici:client:connected", (message) => {
    const { connectParams: p, socket } = message as Connected;
    if (p.protocol !== "https:" || typeof socket.getPeerCertificate !== "function") return;
    const peer = socket.getPeerCertificate();
    const origin = `https://${p.hostname}${p.port ? `:${p.port}` : ""}`;
    alerts.delete(origin);
    socket.on?.("error", (error: NodeJS.ErrnoException) => {
      if (/ALERT/.test(error.code ?? "")) alerts.set(origin, error.code!);
    });
    // A resumed session carries no certificate: the first full handshake's stays on record.
    if (!peer?.subject && sessions.has(origin)) return;
    sessions.set(origin, {
      origin,
      protocol: socket.getProtocol?.() ?? "unknown",
      cipher: socket.getCipher?.()?.name ?? "unknown",
      subject: distinguishedName(peer?.subject),
      issuer: distinguishedName(peer?.issuer),
      validTo: peer?.valid_to ? new Date(peer.valid_to).toISOString() : "",
    });
  });
}

function distinguishedName(fields: object | undefined): string {
  if (!fields) return "";
  return Object.entries(fields as Record<string, string | string[] | undefined>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join("+") : v}`)
    .join(", ");
}

/** The TLS alert that closed the last connection to this origin, if one did. */
export function tlsAlertFor(origin: string): string | undefined {
  return alerts.get(origin);
}

/** The sessions recorded in this process, by origin. */
export function tlsSessions(): TlsSession[] {
  return [...sessions.values()];
}
