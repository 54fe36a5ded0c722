/**
 * The `jws` profile: a detached JWS (RFC 7515 appendix F) of the exact card API body, hex raw
 * signatures over canonical JSON for partner bodies (§2.1: the response signature is hex), and
 * a compact JWE for encrypted_data — each checked with jose itself or with the other side's keys.
 */
import { generateKeyPairSync } from "node:crypto";
import { base64url, compactVerify, decodeProtectedHeader } from "jose";
import { describe, expect, test } from "vitest";
import { createProfile, type ProfileKeys } from "../../lib/crypto/index.ts";
import { JWS_HEADER } from "../../lib/crypto/jws-profile.ts";
import { parseKey } from "../../lib/crypto/keys.ts";
import { SANDBOX_KEY_PAIRS, SANDBOX_PARTNER } from "../../lib/test-data/published.ts";
import { SANDBOX_PROFILE_KEYS } from "../../sandbox/server.ts";

const PARTNER_SIDE: ProfileKeys = {
  partnerSigningKey: SANDBOX_PARTNER.signingKey,
  platformSigningKey: SANDBOX_PARTNER.platformSigningKey,
  encryptionKey: SANDBOX_PARTNER.encryptionKey,
  partnerPrivateKey: SANDBOX_KEY_PAIRS.partnerPrivateKey,
  platformPublicKey: SANDBOX_KEY_PAIRS.platformPublicKey,
};
const harness = createProfile("jws", PARTNER_SIDE);
const platform = createProfile("jws", SANDBOX_PROFILE_KEYS);
const BODY = '{"card_id":"c0ffee00-0000-4000-8000-000000000001","start_date":"2025-06-01","end_date":"2025-06-30"}';

function pemPairP256() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

describe("card API requests carry a detached JWS of the body", () => {
  test("the header is BASE64URL(header)..BASE64URL(signature) with alg EdDSA and a kid", async () => {
    const jws = (await harness.requestHeaders!("card-api", BODY))[JWS_HEADER]!;
    expect(jws).toMatch(/^[\w-]+\.\.[\w-]+$/);
    expect(decodeProtectedHeader(jws)).toEqual({ alg: "EdDSA", kid: expect.stringMatching(/^[\w-]{43}$/) });
  });
  test("jose verifies it once the body is put back as the payload (RFC 7515 appendix F)", async () => {
    const [header, , signature] = (await harness.requestHeaders!("card-api", BODY))[JWS_HEADER]!.split(".");
    const publicKey = parseKey(SANDBOX_KEY_PAIRS.partnerPublicKey, "public");
    const { payload } = await compactVerify(`${header}.${base64url.encode(BODY)}.${signature}`, publicKey);
    expect(new TextDecoder().decode(payload)).toBe(BODY);
  });
  test.for([
    ["the exact body verifies", BODY, true],
    ["another body does not", BODY.replace("06-30", "06-29"), false],
  ] as const)("%s on the platform side", async ([, sent, expected]) => {
    const headers = { [JWS_HEADER.toLowerCase()]: (await harness.requestHeaders!("card-api", BODY))[JWS_HEADER] };
    expect(await platform.verifyRequestHeaders!("card-api", headers, sent)).toBe(expected);
  });
  test("no header is refused; partner transfer requests need none", async () => {
    expect(await platform.verifyRequestHeaders!("card-api", {}, BODY)).toBe(false);
    expect(await harness.requestHeaders!("partner-transfer-api", BODY)).toEqual({});
    expect(await platform.verifyRequestHeaders!("partner-transfer-api", {}, BODY)).toBe(true);
  });
});

describe("partner transfer bodies: hex signatures across the two sides", () => {
  const body = { payload: { encrypted_data: "abc" } };
  test("the partner signs, the platform verifies: 128 hex digits (raw Ed25519)", async () => {
    const signature = await harness.sign(body, "partner");
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(await platform.verify(body, signature, "partner")).toBe(true);
    expect(await platform.verify({ ...body, extra: 1 }, signature, "partner")).toBe(false);
  });
  test("the platform signs, the harness verifies; key order does not matter (RFC 8785)", async () => {
    const signature = await platform.sign({ b: 1, a: [1, 2] }, "platform");
    expect(await harness.verify({ a: [1, 2], b: 1 }, signature, "platform")).toBe(true);
    expect(await harness.verify({ a: [1, 2], b: 1 }, "not hex", "platform")).toBe(false);
  });
  test("a side without a party's private key cannot sign as that party", async () => {
    await expect(harness.sign(body, "platform")).rejects.toThrow(/no platform private key/);
  });
  test("P-256 keys in PEM work too (ES256; r‖s, 64 bytes)", async () => {
    const partner = pemPairP256();
    const keys = { ...PARTNER_SIDE, partnerPrivateKey: partner.privateKey, partnerPublicKey: partner.publicKey };
    const profile = createProfile("jws", keys);
    const signature = await profile.sign(body, "partner");
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(await profile.verify(body, signature, "partner")).toBe(true);
    expect(decodeProtectedHeader((await profile.requestHeaders!("card-api", BODY))[JWS_HEADER]!).alg).toBe("ES256");
  });
});

test("encrypted_data is a compact JWE (dir, A256GCM) the platform decrypts", async () => {
  const data = { company_name: "ACME", bin: "123456789012", phone: "+77010000001" };
  const text = await harness.encrypt(data);
  expect(text.split(".")).toHaveLength(5);
  expect(decodeProtectedHeader(text)).toEqual({ alg: "dir", enc: "A256GCM" });
  expect(await platform.decrypt(text)).toEqual(data);
  await expect(platform.decrypt(`${text.slice(0, -4)}AAAA`)).rejects.toThrow();
});
