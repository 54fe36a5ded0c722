/**
 * The network variables: TLS trust and client identity, once for every family and once
 * per family (named like the base-URL overrides; a family's own value wins), and the outbound
 * proxy as curl reads it. Spread into the one table, lib/config/variables.ts.
 */
/** The shape of a row of variables.ts (written here too: importing it would close a cycle). */
interface VariableSpec {
  default: string;
  secret?: boolean;
  group: "network";
  doc: string;
}

const TLS_SUFFIXES = [
  "TLS_CA_FILE",
  "TLS_CLIENT_CERT",
  "TLS_CLIENT_KEY",
  "TLS_CLIENT_KEY_PASSPHRASE",
  "TLS_CLIENT_PFX",
  "TLS_CLIENT_PFX_PASSPHRASE",
] as const;
export type TlsSuffix = (typeof TLS_SUFFIXES)[number];
export const FAMILY_PREFIXES = ["CARD_API", "PARTNER_API", "MERCHANT_API"] as const;
export type FamilyPrefix = (typeof FAMILY_PREFIXES)[number];

const TLS_DOCS: Record<TlsSuffix, string> = {
  TLS_CA_FILE: "PEM file of CA certificates trusted in addition to the system's roots (a platform's private CA).",
  TLS_CLIENT_CERT: "PEM file of the client certificate for mutual TLS (with TLS_CLIENT_KEY).",
  TLS_CLIENT_KEY: "PEM file of the client certificate's private key (encrypted: set TLS_CLIENT_KEY_PASSPHRASE).",
  TLS_CLIENT_KEY_PASSPHRASE: "Passphrase of an encrypted TLS_CLIENT_KEY.",
  TLS_CLIENT_PFX:
    "PKCS#12 file (.p12/.pfx) with the client certificate and key, instead of TLS_CLIENT_CERT/TLS_CLIENT_KEY.",
  TLS_CLIENT_PFX_PASSPHRASE: "Passphrase of TLS_CLIENT_PFX.",
};

const secret = (suffix: TlsSuffix) => suffix.endsWith("PASSPHRASE");

function tlsVariables<P extends string>(prefix: P, what: string): Record<`${P}${TlsSuffix}`, VariableSpec> {
  return Object.fromEntries(
    TLS_SUFFIXES.map((suffix) => [
      `${prefix}${suffix}`,
      {
        default: "",
        group: "network",
        ...(secret(suffix) ? { secret: true } : {}),
        doc: prefix ? `${what}: as ${suffix}, for that family only (wins over ${suffix}).` : TLS_DOCS[suffix],
      },
    ]),
  ) as Record<`${P}${TlsSuffix}`, VariableSpec>;
}

export const NETWORK_VARIABLES = {
  ...tlsVariables("", ""),
  ...tlsVariables("CARD_API_", "Card API"),
  ...tlsVariables("PARTNER_API_", "Partner transfer API"),
  ...tlsVariables("MERCHANT_API_", "Merchant API"),
  HTTPS_PROXY: {
    default: "",
    group: "network",
    doc: "Proxy for https:// requests (also read as https_proxy, which wins), e.g. http://user:pass@proxy:3128; credentials are redacted.",
  },
  HTTP_PROXY: {
    default: "",
    group: "network",
    doc: "Proxy for http:// requests, and for https:// when HTTPS_PROXY is unset (also read as http_proxy, which wins).",
  },
  NO_PROXY: {
    default: "",
    group: "network",
    doc: "Hosts reached without the proxy, comma-separated as curl reads them (example.com, .example.com, 10.0.0.1, host:port, *); also no_proxy.",
  },
} satisfies Record<string, VariableSpec>;
