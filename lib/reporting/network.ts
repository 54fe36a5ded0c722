/**
 * The network part of the summary: each TLS session the preflight negotiated (version, cipher, the
 * server certificate's subject, issuer and expiry), the proxy used, and an `info` observation for a
 * certificate that expires within 30 days. The spec states no transport rule, so nothing here ever
 * changes the verdict: it tells a partner what the run went through and what is about to break.
 */
import type { Config } from "../config/load.ts";
import type { TlsSession } from "../http/transport/tls-session.ts";
import { DAY_MS } from "../time/iso.ts";

export const EXPIRY_WARNING_DAYS = 30;

export interface NetworkReport {
  tls: TlsSession[];
  /** The proxy the requests went through (credentials already redacted), when one was set. */
  proxy?: string;
  /** info-level observations (never the verdict). */
  observations: string[];
}

export function networkReport(sessions: TlsSession[], proxy: string, now = Date.now()): NetworkReport | undefined {
  if (!sessions.length && !proxy) return undefined;
  const observations = sessions.flatMap((s) => {
    const left = Math.floor((Date.parse(s.validTo) - now) / DAY_MS);
    return Number.isFinite(left) && left < EXPIRY_WARNING_DAYS
      ? [
          `info: the server certificate of ${s.origin} (${s.subject}) expires ${s.validTo} — in ${left} day(s); no transport rule in the spec, the verdict is unchanged`,
        ]
      : [];
  });
  return { tls: sessions, ...(proxy ? { proxy } : {}), observations };
}

/** The summary.md lines (and the console's): one per TLS session, the proxy, the observations. */
export function networkLines(report: NetworkReport | undefined): string[] {
  if (!report) return [];
  return [
    ...report.tls.map(
      (s) =>
        `TLS ${s.origin}: ${s.protocol}, ${s.cipher}; certificate ${s.subject}, issued by ${s.issuer}, valid until ${s.validTo}`,
    ),
    ...(report.proxy ? [`proxy: ${report.proxy}`] : []),
    ...report.observations,
  ];
}

/**
 * For the run line: which TLS variables and proxy apply (names only, never a value but the proxy's
 * redacted URL), so a user sees at once what the run goes through. Empty without network settings.
 */
export function networkRunNote(config: Config, redactUrl: (url: string) => string): string {
  const { tls, families, proxy } = config.network;
  const named = (from: { ca?: string; identity?: string }) => [from.ca, from.identity].filter(Boolean).join(", ");
  const parts = [
    named(tls.from) && `TLS ${named(tls.from)}`,
    ...Object.entries(families).map(([family, settings]) => `${family} TLS ${named(settings.from)}`),
    proxy.httpsProxy && `proxy ${redactUrl(proxy.httpsProxy)}${proxy.noProxy ? ` (not for ${proxy.noProxy})` : ""}`,
  ].filter(Boolean);
  return parts.map((p) => ` · ${p}`).join("");
}
