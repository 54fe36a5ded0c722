/**
 * The reference sandbox's published test data. These values are public test fixtures, like a
 * payment provider's test cards: they are the defaults of `.env.example` and of the harness's
 * configuration, so a run against a separately started sandbox needs no other setting.
 * None of them is a real card, account, client or key.
 */
export const SANDBOX_PARTNER = {
  accessToken: "sandbox-partner-access-token-0001",
  /** HMAC-SHA256 key for partner request signatures (hex, 32 bytes). */
  signingKey: "a7b464f65a25bace64fffe28aefd658f1fd107000a63b76e1c5cda380953a17f",
  /** HMAC-SHA256 key for the platform's response signatures (hex, 32 bytes). */
  platformSigningKey: "f1d985901fcad663cb717383e45af63f4ca1589a9dfe1349d91450a133aa55f7",
  /** AES-256-GCM key for encrypted_data (hex, 32 bytes). */
  encryptionKey: "73fccf632ce53754687e60b796af1fa07b065a83951252ad30f38ab7ec148c6a",
} as const;

/**
 * The OAuth 2.0 client (RFC 6749 §4.4) of the sandbox's token endpoint: published test
 * credentials like the keys above. With them a harness fetches short-lived tokens from a sandbox
 * started with --token-ttl (PARTNER_TOKEN_URL = <sandbox URL> + tokenPath).
 */
export const SANDBOX_TOKEN_CLIENT = {
  tokenPath: "/oauth/token",
  clientId: "sandbox-partner-client",
  clientSecret: "sandbox-partner-client-secret-0001",
} as const;

/**
 * Ed25519 key pairs (JWK text) of the `jws` crypto profile, published TEST keys like the HMAC
 * keys above. The harness holds the partner's private key and the platform's public key (their
 * defaults in .env.example); the sandbox holds the partner's public key and the platform's
 * private key.
 */
export const SANDBOX_KEY_PAIRS = {
  partnerPrivateKey:
    '{"kty":"OKP","crv":"Ed25519","x":"DW4nVq6d0mdUfQTSDvYUdT-IsKMnYsbJG_f18Hzspzw","d":"8lOdQF3J0wMzMf7vvKNpcsn-mHX1C7yPClMuWscvWbI"}',
  partnerPublicKey: '{"kty":"OKP","crv":"Ed25519","x":"DW4nVq6d0mdUfQTSDvYUdT-IsKMnYsbJG_f18Hzspzw"}',
  platformPrivateKey:
    '{"kty":"OKP","crv":"Ed25519","x":"9iM3Rs4fGBCR3K4BEg_LH-i7__GUHW91Xnj4JtocXqs","d":"b8E5sBkjgRWai2Yrud9OQvfxYWFB6KOGFHm6bSWnD3E"}',
  platformPublicKey: '{"kty":"OKP","crv":"Ed25519","x":"9iM3Rs4fGBCR3K4BEg_LH-i7__GUHW91Xnj4JtocXqs"}',
} as const;

import { luhnCheckDigit } from "./luhn.ts";

/** A card as a fixture names it: the run's payment card (Config.fixtures.payment) and each published sandbox card. */
export interface CardFixture {
  cardId: string;
  pan: string;
  month: string;
  year: string;
  cvc: string;
  holder: string;
  accountNumber: string;
  clientId: string;
}

/** A published sandbox card: a card fixture, and its holder's phone. */
export interface SandboxCard extends CardFixture {
  phone: string;
}

const card = (n: string, pan: string, account: string, client: string): SandboxCard => ({
  cardId: `c0ffee00-0000-4000-8000-000000000${n}`,
  pan,
  month: "12",
  year: "30",
  cvc: "123",
  holder: "SANDBOX TESTHOLDER",
  accountNumber: account,
  clientId: client,
  phone: "+77010000001",
});

export const SANDBOX_CARDS = {
  /** Holds seeded operations in June 2025 (and a few just outside it). Read-only. */
  statement: card("001", "4400430000000015", "KZ00SBX0000000000001", "SBX-CLIENT-0001"),
  /** Debited by the transaction suite; large daily limit, so repeated runs do not exhaust it. */
  payment: card("002", "4400430000000023", "KZ00SBX0000000000002", "SBX-CLIENT-0002"),
  /** Always declined (sandbox/magic.ts). */
  decline: card("666", "4400430000000668", "KZ00SBX0000000000666", "SBX-CLIENT-0666"),
} as const;

/**
 * Race cards: each with its own account and client and a small daily limit (RACE_DAILY_LIMIT),
 * for the concurrency check, which exhausts one card's limit per run. A pool, so that repeated
 * runs in one day (a nightly job, ten runs in a row) each find a card with room.
 */
export const RACE_DAILY_LIMIT_MINOR = 20_000;
export const SANDBOX_RACE_CARDS: SandboxCard[] = Array.from({ length: 12 }, (_, i) => {
  const n = String(101 + i);
  const body = `4400431000000${n}`;
  return card(n, body + luhnCheckDigit(body), `KZ00SBX0000000000${n}`, `SBX-CLIENT-0${n}`);
});

/** Credit side of sandbox debits: a merchant settlement account. */
export const SANDBOX_CREDIT_ACCOUNT = "KZ00SBX9999999999999";
export const SANDBOX_TERMINAL = "SBX-TERM-0001";

/**
 * Debit amounts with a fixed meaning on the sandbox (sandbox/magic.ts applies them), in minor
 * units: 666.66 is declined, 777.77 exceeds a limit, 999.99 is answered slowly. Published so that
 * the harness keeps its valid debits away from them on any target.
 */
export const MAGIC_AMOUNTS_MINOR = {
  decline: 66_666,
  overLimit: 77_777,
  slow: 99_999,
} as const;

/** The seeded statement period: every seeded operation of the statement card lies in June 2025. */
export const SANDBOX_STATEMENT_PERIOD = {
  start: "2025-06-01T00:00:00+05:00",
  end: "2025-06-30T23:59:59+05:00",
} as const;
