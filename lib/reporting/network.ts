/**
 * The network part of the summary: each TLS session the preflight negotiated (version, cipher, the
 * server certificate's subject, issuer and expiry), the proxy used, and the TLS hygiene findings
 * of those sessions (tls-hygiene.ts: an old protocol, no forward secrecy, a certificate expiring
 * within TLS_EXPIRY_WARN_DAYS) — `info`, never the verdict, unless the target declares its TLS
 * policy (TLS_MIN_VERSION): then `should`, which fails a strict run (summary.ts).
 */
import type { Config } from "../config/load.ts";
import type { MeasureSettings } from "../config/measures.ts";
import type { TlsSession } from "../http/transport/tls-session.ts";
import { findingLine, tlsFindings, type TlsFinding } from "./tls-hygiene.ts";

export interface NetworkReport {
  tls: TlsSession[];
  /** The proxy the requests went through (credentials already redacted), when one was set. */
  proxy?: string;
  /** The findings as lines, each led by its level ("info: …", "should (…): …"). */
  observations: string[];
  /** The TLS hygiene findings, each with its level (tls-hygiene.ts); absent in a summary of an earlier version. */
  findings?: TlsFinding[];
}

const NO_POLICY: MeasureSettings["tls"] = { expiryWarnDays: 30 };

export function networkReport(
  sessions: TlsSession[],
  proxy: string,
  now = Date.now(),
  tls: MeasureSettings["tls"] = NO_POLICY,
): NetworkReport | undefined {
  if (!sessions.length && !proxy) return undefined;
  const findings = tlsFindings(sessions, tls, now);
  const observations = findings.map((f) => findingLine(f, tls));
  return { tls: sessions, ...(proxy ? { proxy } : {}), observations, findings };
}

/** A declared TLS policy broken (a `should` finding): it fails a strict run, as a should check would. */
export function tlsPolicyBroken(report: NetworkReport | undefined): boolean {
  return Boolean(report?.findings?.some((f) => f.level === "should"));
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
