/**
 * RSA key pairs of the partner and of the platform, made at test time (never committed): the
 * platform holds its private key and the partner's public key; the partner's folder gets the
 * partner's private key and the platform's public key, as PEM text.
 */
import { generateKeyPairSync } from "node:crypto";

export interface KeyPairPem {
  privatePem: string;
  publicPem: string;
}

export interface TestKeys {
  partner: KeyPairPem;
  platform: KeyPairPem;
}

function rsaPair(): KeyPairPem {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  return { privatePem: privateKey, publicPem: publicKey };
}

let made: TestKeys | undefined;

/** One set per process: the server and the partner folder of a test must hold matching halves. */
export function testKeys(): TestKeys {
  made ??= { partner: rsaPair(), platform: rsaPair() };
  return made;
}

let stray: KeyPairPem | undefined;

/**
 * Another platform key pair: a build that signs with a key the partner was never given. One per
 * process too: an RSA key costs up to half a second of CPU, and every start of a stray build asked.
 */
export function strayKeyPair(): KeyPairPem {
  stray ??= rsaPair();
  return stray;
}
