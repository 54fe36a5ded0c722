/**
 * A curl line that reproduces an exchange, redacted: secrets — the configured card number and CVC
 * included — appear as shell variables ("${PARTNER_ACCESS_TOKEN}") to be filled from .env; other
 * card numbers are masked. A partner request's encrypted_data and signature are shortened like
 * everywhere else, so its line shows the request; `SEED=… --check ID` replays it.
 */
import type { Redactor } from "../redaction/redact.ts";
import type { Exchange } from "./exchange.ts";

const PLACEHOLDER = /<([A-Z][A-Z0-9_.]*)>/g;

function shellQuote(text: string): string {
  // A redacted placeholder becomes a variable expansion spliced into the single-quoted string.
  const quoted = text
    .replace(/'/g, `'\\''`)
    .replace(PLACEHOLDER, (_m, name: string) => `'"\${${name.replace(/\W/g, "_")}}"'`);
  return `'${quoted}'`;
}

export function toCurl(exchange: Exchange, redactor: Redactor): string {
  const { request } = exchange;
  const parts = [`curl -sS -X ${request.method} ${shellQuote(redactor.text(request.url))}`];
  for (const [name, value] of Object.entries(redactor.headers(request.headers))) {
    // curl states the codings it reads itself and decodes the answer, as the harness's client does.
    if (name.toLowerCase() === "accept-encoding") parts.push("--compressed");
    else parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  parts.push(...tlsOptions(exchange.tls));
  parts.push(`--data-raw ${shellQuote(redactor.curlBody(request.bodyText))}`);
  return parts.join(" ");
}

/**
 * The CA and client certificate as curl takes them, from the same variables (filled from .env like
 * the secrets). The proxy needs nothing: curl reads HTTPS_PROXY / NO_PROXY from the environment too.
 */
function tlsOptions(tls: Exchange["tls"]): string[] {
  if (!tls) return [];
  const v = (name: string) => `"\${${name}}"`;
  const out = tls.ca ? [`--cacert ${v(tls.ca)}`] : [];
  const id = tls.identity;
  if (id?.endsWith("_PFX"))
    out.push(`--cert-type P12 --cert "\${${id}}${tls.passphrase ? `:\${${id}_PASSPHRASE}` : ""}"`);
  else if (id) {
    const key = id.replace(/_CERT$/, "_KEY");
    out.push(`--cert ${v(id)} --key ${v(key)}`, ...(tls.passphrase ? [`--pass ${v(`${key}_PASSPHRASE`)}`] : []));
  }
  return out;
}
