/**
 * A throwaway certificate authority for the sandbox's HTTPS: made at start, held in memory, never
 * committed (an expiry a later run would trip over cannot exist). The CA signs the server's
 * certificate (127.0.0.1 and localhost) and one client certificate for mutual TLS, and the client's
 * key and certificate also come as a PKCS#12 file. node-forge writes the X.509 and PKCS#12 structures
 * (no hand-written ASN.1); node:crypto makes the RSA keys and the signatures (much faster than
 * forge's own RSA in JavaScript: about a tenth of a second of CPU per certificate here).
 */
import { constants, generateKeyPairSync, privateEncrypt, randomBytes, type KeyObject } from "node:crypto";
import forge from "node-forge";
import { DAY_MS } from "../lib/time/iso.ts";

export interface SandboxCertificates {
  /** The CA's certificate (PEM): what TLS_CA_FILE must hold to trust the sandbox. */
  caCert: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** The client's key and certificate as PKCS#12 (DER), protected by `pfxPassphrase`. */
  clientPfx: Buffer;
  pfxPassphrase: string;
}

export interface CertificateOptions {
  /** The server certificate's validity ended yesterday (for the "expired certificate" path). */
  expiredServer?: boolean;
  /** The server certificate names only this host (for the "hostname mismatch" path); default 127.0.0.1 and localhost. */
  serverHost?: string;
  /** Days the server certificate stays valid (default 365; a few for the "expires soon" observation). */
  serverDays?: number;
  /**
   * Where each role's RSA private key comes from: a fresh 2048-bit key by default. The harness's own
   * tests pass keys they made once (an RSA key costs up to half a second of CPU here); the CA's
   * random name keeps two sets apart all the same.
   */
  keys?: (role: CertificateRole) => KeyObject;
}

/** The three keys of a set: the CA's, the server's and the client's. */
export type CertificateRole = "ca" | "server" | "client";

const freshKey = (): KeyObject => generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;

/** A role's key as node:crypto signs with it, and as forge writes it (PEM, PKCS#12). */
interface RoleKey {
  node: KeyObject;
  forge: forge.pki.rsa.PrivateKey;
}

function roleKey(node: KeyObject): RoleKey {
  return { node, forge: forge.pki.privateKeyFromPem(node.export({ type: "pkcs8", format: "pem" }).toString()) };
}

/** The DER prefix of a SHA-256 DigestInfo (RFC 8017 §9.2, note 1), before the 32-byte digest. */
const SHA256_DIGEST_INFO = Buffer.from("3031300d060960864801650304020105000420", "hex");

/**
 * What forge's `cert.sign` asks of a key — `sign(md)`, the signature as a binary string — done by
 * node:crypto: RSASSA-PKCS1-v1_5 (RFC 8017 §8.2.1) over the digest forge computed, as forge's own
 * RSA would sign it.
 */
function nodeSigner(key: KeyObject): { sign(md: forge.md.MessageDigest): string } {
  return {
    sign: (md) => {
      const digestInfo = Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), "binary")]);
      return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString("binary");
    },
  };
}

interface Issue {
  subject: string;
  key: RoleKey;
  issuer?: { cert: forge.pki.Certificate; key: RoleKey };
  notBefore: Date;
  notAfter: Date;
  extensions: object[];
}

function issue({ subject, key, issuer, notBefore, notAfter, extensions }: Issue): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.forge.n, key.forge.e);
  // A positive serial (high bit clear): random, so two sandboxes never issue the same one.
  cert.serialNumber = `01${randomBytes(15).toString("hex")}`;
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  cert.setSubject([
    { name: "commonName", value: subject },
    { name: "organizationName", value: "Conformance sandbox" },
  ]);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : cert.subject.attributes);
  cert.setExtensions(extensions);
  // forge's typings want its own key; it only calls sign(md) on it.
  cert.sign(nodeSigner((issuer?.key ?? key).node) as never, forge.md.sha256.create());
  return cert;
}

function altNames(host: string | undefined): object[] {
  if (host) return [/^\d+\.\d+\.\d+\.\d+$/.test(host) ? { type: 7, ip: host } : { type: 2, value: host }];
  return [
    { type: 7, ip: "127.0.0.1" },
    { type: 2, value: "localhost" },
  ];
}

/** A CA, a server certificate and a client certificate, all fresh (their keys too, unless `options.keys` gives them). */
export function makeSandboxCertificates(options: CertificateOptions = {}): SandboxCertificates {
  const now = Date.now();
  const keyOf = (role: CertificateRole) => roleKey((options.keys ?? freshKey)(role));
  const caKey = keyOf("ca");
  const ca = issue({
    // A name of its own: two sandboxes' CAs must not pass for one another by name.
    subject: `Conformance sandbox throwaway CA ${randomBytes(4).toString("hex")}`,
    key: caKey,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 30 * DAY_MS),
    extensions: [
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = (role: CertificateRole, subject: string, usage: object, names: object[] = []) => {
    const key = keyOf(role);
    const expired = options.expiredServer && names.length > 0;
    const days = names.length ? (options.serverDays ?? 365) : 30;
    const cert = issue({
      subject,
      key,
      issuer: { cert: ca, key: caKey },
      notBefore: new Date(now - (expired ? 3 : 1) * DAY_MS),
      notAfter: new Date(expired ? now - DAY_MS : now + days * DAY_MS),
      extensions: [
        { name: "basicConstraints", cA: false },
        { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
        usage,
        ...(names.length ? [{ name: "subjectAltName", altNames: names }] : []),
      ],
    });
    return { cert, key };
  };
  const server = leaf(
    "server",
    options.serverHost ?? "127.0.0.1",
    { name: "extKeyUsage", serverAuth: true },
    altNames(options.serverHost),
  );
  const client = leaf("client", "conformance-partner", { name: "extKeyUsage", clientAuth: true });
  const pfxPassphrase = randomBytes(12).toString("hex");
  const p12 = forge.pkcs12.toPkcs12Asn1(client.key.forge, [client.cert], pfxPassphrase, { algorithm: "aes256" });
  return {
    caCert: forge.pki.certificateToPem(ca),
    serverCert: forge.pki.certificateToPem(server.cert),
    serverKey: forge.pki.privateKeyToPem(server.key.forge),
    clientCert: forge.pki.certificateToPem(client.cert),
    clientKey: forge.pki.privateKeyToPem(client.key.forge),
    clientPfx: Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary"),
    pfxPassphrase,
  };
}
