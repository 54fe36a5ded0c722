/**
 * The network settings: the CA to trust, the client identity for mutual TLS (PEM pair
 * or PKCS#12), per family, and the outbound proxy. Every file is read and checked here, once, so a
 * bad one is exit 2 naming its variable before anything is sent: unreadable, not PEM, a key that
 * does not match its certificate, a wrong passphrase. Certificate verification is never turned off.
 * Plain data (PEM text, PKCS#12 as base64): the settings travel to the workers with the configuration.
 * The proxy is read in proxy.ts.
 */
import { createPrivateKey, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { createSecureContext } from "node:tls";
import type { Family } from "../catalogue/types.ts";
import { ConfigError } from "../errors/config-error.ts";
import type { Env } from "./reader.ts";
import { FAMILY_PREFIXES, type FamilyPrefix, type TlsSuffix } from "./network-variables.ts";
import { readProxy, type ProxySettings } from "./proxy.ts";

/** What one TLS connection presents and trusts, with the variables each part came from (for messages). */
export interface TlsSettings {
  ca?: string;
  cert?: string;
  key?: string;
  /** PKCS#12, base64. */
  pfx?: string;
  passphrase?: string;
  /** The variable behind each part: CARD_API_TLS_CA_FILE or TLS_CA_FILE, … */
  from: { ca?: string; identity?: string };
}

export interface NetworkConfig {
  /** The settings for requests of no family (a token endpoint) and of families without their own. */
  tls: TlsSettings;
  families: Partial<Record<Family, TlsSettings>>;
  proxy: ProxySettings;
}

const FAMILY_OF: Record<FamilyPrefix, Family> = {
  CARD_API: "card-api",
  PARTNER_API: "partner-transfer-api",
  MERCHANT_API: "merchant-api",
};

/** The prefix of a family's own TLS variables ("CARD_API_" …), for messages that name them. */
export function familyTlsPrefix(family: Family): string {
  const prefix = FAMILY_PREFIXES.find((p) => FAMILY_OF[p] === family);
  return prefix ? `${prefix}_` : "";
}

type Lookup = (name: string) => string;

export function readNetwork(env: Env): NetworkConfig {
  const get: Lookup = (name) => env[name]?.trim() ?? "";
  const base = readTls(get, "");
  const families: NetworkConfig["families"] = {};
  for (const prefix of FAMILY_PREFIXES) {
    const own = readTls(get, `${prefix}_`);
    // A family's own value wins, part by part: its CA, its identity (a PEM pair or a PKCS#12 as a whole).
    if (own.from.ca || own.from.identity) families[FAMILY_OF[prefix]] = mergeTls(base, own);
  }
  return { tls: base, families, proxy: readProxy(get) };
}

function mergeTls(base: TlsSettings, own: TlsSettings): TlsSettings {
  const ca = own.from.ca ? own : base;
  const identity = own.from.identity ? own : base;
  return dropEmpty({
    ca: ca.ca,
    cert: identity.cert,
    key: identity.key,
    pfx: identity.pfx,
    passphrase: identity.passphrase,
    from: dropEmpty({ ca: ca.from.ca, identity: identity.from.identity }),
  });
}

function readTls(get: Lookup, prefix: string): TlsSettings {
  const name = (suffix: TlsSuffix) => `${prefix}${suffix}`;
  const ca = get(name("TLS_CA_FILE")) ? readCa(name("TLS_CA_FILE"), get(name("TLS_CA_FILE"))) : undefined;
  const pem = get(name("TLS_CLIENT_CERT")) || get(name("TLS_CLIENT_KEY"));
  const pfxPath = get(name("TLS_CLIENT_PFX"));
  if (pem && pfxPath)
    throw new ConfigError(
      name("TLS_CLIENT_PFX"),
      `set either ${name("TLS_CLIENT_CERT")}/${name("TLS_CLIENT_KEY")} or ${name("TLS_CLIENT_PFX")}, not both`,
    );
  const identity = pem ? readPemIdentity(get, name) : pfxPath ? readPfx(get, name) : {};
  const from = dropEmpty({
    ca: ca ? name("TLS_CA_FILE") : undefined,
    identity: pem ? name("TLS_CLIENT_CERT") : pfxPath ? name("TLS_CLIENT_PFX") : undefined,
  });
  return dropEmpty({ ca, ...identity, from });
}

function readFile(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new ConfigError(variable, `"${path}" cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** A PEM bundle: at least one certificate, each of which parses. */
function readCa(variable: string, path: string): string {
  const text = readFile(variable, path).toString("utf8");
  const certs = text.match(PEM_CERT) ?? [];
  if (!certs.length)
    throw new ConfigError(variable, `"${path}" holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  for (const cert of certs) parseCert(variable, path, cert);
  return text;
}

function parseCert(variable: string, path: string, pem: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch (error) {
    throw new ConfigError(variable, `"${path}" is not a readable PEM certificate (${(error as Error).message})`);
  }
}

function readPemIdentity(get: Lookup, name: (s: TlsSuffix) => string): Omit<TlsSettings, "from"> {
  const [certVar, keyVar, passVar] = [
    name("TLS_CLIENT_CERT"),
    name("TLS_CLIENT_KEY"),
    name("TLS_CLIENT_KEY_PASSPHRASE"),
  ];
  if (!get(certVar)) throw new ConfigError(certVar, `must be set with ${keyVar}`);
  if (!get(keyVar)) throw new ConfigError(keyVar, `must be set with ${certVar}`);
  const certText = readFile(certVar, get(certVar)).toString("utf8");
  const pemCert = certText.match(PEM_CERT)?.[0];
  if (!pemCert) throw new ConfigError(certVar, `"${get(certVar)}" holds no PEM certificate`);
  const cert = parseCert(certVar, get(certVar), pemCert);
  const keyText = readFile(keyVar, get(keyVar)).toString("utf8");
  const passphrase = get(passVar);
  const encrypted = /ENCRYPTED/.test(keyText);
  if (encrypted && !passphrase) throw new ConfigError(passVar, `must be set: ${keyVar} is an encrypted key`);
  let key;
  try {
    key = createPrivateKey(passphrase ? { key: keyText, passphrase } : { key: keyText });
  } catch (error) {
    if (encrypted) throw new ConfigError(passVar, `(value hidden) does not decrypt ${keyVar} (wrong passphrase)`);
    throw new ConfigError(keyVar, `"${get(keyVar)}" is not a PEM private key (${(error as Error).message})`);
  }
  if (!cert.checkPrivateKey(key))
    throw new ConfigError(keyVar, `"${get(keyVar)}" is not the key of the certificate in ${certVar}`);
  return dropEmpty({ cert: certText, key: keyText, passphrase: passphrase || undefined });
}

function readPfx(get: Lookup, name: (s: TlsSuffix) => string): Omit<TlsSettings, "from"> {
  const [pfxVar, passVar] = [name("TLS_CLIENT_PFX"), name("TLS_CLIENT_PFX_PASSPHRASE")];
  const pfx = readFile(pfxVar, get(pfxVar));
  const passphrase = get(passVar);
  try {
    createSecureContext({ pfx, passphrase });
  } catch (error) {
    const message = (error as Error).message;
    if (/mac verify|bad decrypt|password/i.test(message))
      throw new ConfigError(passVar, `(value hidden) does not open ${pfxVar} (wrong passphrase)`);
    throw new ConfigError(pfxVar, `"${get(pfxVar)}" is not a PKCS#12 file with a certificate and its key (${message})`);
  }
  return dropEmpty({ pfx: pfx.toString("base64"), passphrase: passphrase || undefined });
}

function dropEmpty<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== "")) as T;
}
