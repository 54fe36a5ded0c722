/**
 * TLS hygiene, judged from the sessions the run already records (lib/http/transport/tls-session.ts) — no
 * request is sent for it: a protocol below TLS 1.2 (or below the TLS_MIN_VERSION the target
 * declares), a cipher without forward secrecy (a static RSA key exchange), and a server
 * certificate expiring within TLS_EXPIRY_WARN_DAYS. The spec says nothing about transport
 * security — §5 leaves the security scheme "not shown" — so each finding is `info` by default, and
 * `should` (basis: declared) once the target declares its TLS policy with TLS_MIN_VERSION: a
 * declared policy broken is a warning, and fails a strict run (summary.ts).
 */
import type { MeasureSettings } from "../config/measures.ts";
import type { TlsSession } from "../http/transport/tls-session.ts";
import { DAY_MS } from "../time/iso.ts";

export type TlsFindingKind = "old-protocol" | "no-forward-secrecy" | "certificate-expiring";

export interface TlsFinding {
  kind: TlsFindingKind;
  level: "info" | "should";
  origin: string;
  /** One sentence: what was negotiated, what is expected, why it matters. */
  text: string;
}

/** The clause cited: the spec leaves the security scheme "not shown" (§5), and says nothing of TLS. */
export const TLS_CLAUSE = "§5";

const VERSION: Record<string, number> = { "SSLv3": 0, "TLSv1": 1, "TLSv1.1": 1.1, "TLSv1.2": 1.2, "TLSv1.3": 1.3 };

/** A TLS 1.3 suite always has forward secrecy; before it, only an (EC)DHE key exchange does. */
export function forwardSecret(session: Pick<TlsSession, "protocol" | "cipher">): boolean {
  return session.protocol === "TLSv1.3" || /^(ECDHE|DHE|EDH)-/.test(session.cipher);
}

function protocolFinding(s: TlsSession, minimum: number): string | undefined {
  const version = VERSION[s.protocol];
  if (version === undefined || version >= minimum) return undefined;
  return `${s.origin} negotiated ${s.protocol}, below TLS ${minimum.toFixed(1)}: older protocols have known weaknesses and are refused by current clients`;
}

function expiryFinding(s: TlsSession, days: number, now: number): string | undefined {
  const left = Math.floor((Date.parse(s.validTo) - now) / DAY_MS);
  if (!Number.isFinite(left) || left >= days) return undefined;
  return `the server certificate of ${s.origin} (${s.subject}) expires ${s.validTo} — in ${left} day(s)`;
}

/** Every finding of the recorded sessions; `should` for each when the target declared its TLS policy. */
export function tlsFindings(sessions: TlsSession[], tls: MeasureSettings["tls"], now = Date.now()): TlsFinding[] {
  const level = tls.minVersion ? "should" : "info";
  const minimum = Number(tls.minVersion ?? "1.2");
  return sessions.flatMap((s) => {
    const found: Array<[TlsFindingKind, string | undefined]> = [
      ["old-protocol", protocolFinding(s, minimum)],
      [
        "no-forward-secrecy",
        forwardSecret(s) || s.cipher === "unknown"
          ? undefined
          : `${s.origin} negotiated ${s.cipher} (${s.protocol}): no forward secrecy — a leaked server key would decrypt recorded traffic`,
      ],
      ["certificate-expiring", expiryFinding(s, tls.expiryWarnDays, now)],
    ];
    return found.flatMap(([kind, text]) => (text ? [{ kind, level, origin: s.origin, text }] : []));
  });
}

/** "info: …; no transport rule in the spec (§5), the verdict is unchanged" / "should (TLS_MIN_VERSION=1.2 declared): …" */
export function findingLine(f: TlsFinding, tls: MeasureSettings["tls"]): string {
  return f.level === "info"
    ? `info: ${f.text}; no transport rule in the spec (${TLS_CLAUSE}), the verdict is unchanged`
    : `should (TLS_MIN_VERSION=${tls.minVersion} declared, ${TLS_CLAUSE}): ${f.text}`;
}
