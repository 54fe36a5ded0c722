/**
 * Card API auth as a detached JWS with a shared secret: HS256/HS512, the
 * header name and extra protected-header fields (the path as `uri`, the method, a constant
 * auth_id) are configuration of the `jws` profile. The sandbox verifies under the same profile:
 * another body, path, method or key is refused; a conformance run with it is green.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeProtectedHeader } from "jose";
import request from "supertest";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { expectConfigError } from "../support/config-error.ts";
import { createProfile, type ProfileKeys } from "../../lib/crypto/index.ts";
import { profileKeysOf } from "../../lib/checks/run-context.ts";
import { SANDBOX_PROFILE_KEYS } from "../../sandbox/server.ts";
import { withSandbox } from "../support/harness.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";

const SECRET = "a shared secret of the card API, sixty-four bytes long: 0123456789";
const ENV = {
  CRYPTO_PROFILE: "jws",
  CARD_API_JWS_ALGORITHM: "HS512",
  CARD_API_JWS_KEY: SECRET,
  CARD_API_JWS_HEADER: "X-Card-Auth",
  CARD_API_JWS_FIELDS: JSON.stringify({ uri: "{path}", method: "{method}", auth_id: "A-17" }),
};
const config = loadConfig(ENV);
const partner = createProfile("jws", profileKeysOf(config));
const platformKeys: ProfileKeys = { ...SANDBOX_PROFILE_KEYS, cardApiJws: config.cardApi.jws };
const platform = createProfile("jws", platformKeys);
const PATH = "/v5/card-api/card/statement";
const LINE = { method: "POST", path: PATH };
const BODY = '{"card_id":"c0ffee00-0000-4000-8000-000000000001","start_date":"2025-06-01","end_date":"2025-06-30"}';

const jwsFor = async (bodyText: string, line = LINE, signer = partner) =>
  (await signer.requestHeaders!("card-api", bodyText, line))["X-Card-Auth"]!;

describe("in-process: the partner signs, the platform verifies", () => {
  test("the header carries alg HS512, the request's uri and method and the constant auth_id, no kid", async () => {
    expect(decodeProtectedHeader(await jwsFor(BODY))).toEqual({
      alg: "HS512",
      uri: PATH,
      method: "POST",
      auth_id: "A-17",
    });
  });
  test.for([
    ["the exact request verifies", BODY, LINE, undefined, true],
    ["a tampered body does not", BODY.replace("06-30", "06-29"), LINE, undefined, false],
    [
      "a JWS made for another uri does not",
      BODY,
      { method: "POST", path: "/v5/card-api/limits/list" },
      undefined,
      false,
    ],
    ["a JWS made for another method does not", BODY, { method: "PUT", path: PATH }, undefined, false],
    ["a JWS made with another key does not", BODY, LINE, "another secret", false],
  ] as const)("%s", async ([, sent, signedFor, key, expected]) => {
    const signer = key
      ? createProfile("jws", { ...profileKeysOf(config), cardApiJws: { ...config.cardApi.jws, hmacKey: key } })
      : partner;
    const headers = { "x-card-auth": await jwsFor(BODY, signedFor, signer) };
    expect(await platform.verifyRequestHeaders!("card-api", headers, sent, LINE)).toBe(expected);
  });
  test("HS256 when only the key is set; a hex: key is its bytes", async () => {
    const hs = loadConfig({ CRYPTO_PROFILE: "jws", CARD_API_JWS_KEY: `hex:${"ab".repeat(32)}` });
    const jws = (await createProfile("jws", profileKeysOf(hs)).requestHeaders!("card-api", BODY, LINE))[
      "X-JWS-Signature"
    ]!;
    expect(decodeProtectedHeader(jws)).toEqual({ alg: "HS256" });
  });
});

test("the sandbox under the same profile refuses another body, uri, method or key with 401", async () => {
  await withSandbox({ profile: "jws", cardApiJws: config.cardApi.jws }, async (sandbox) => {
    const post = (path: string, jws: string, text: string) =>
      request(sandbox.url).post(path).set("Content-Type", "application/json").set("X-Card-Auth", jws).send(text);
    expect((await post(PATH, await jwsFor(BODY), BODY)).status).toBe(200);
    expect((await post(PATH, await jwsFor(BODY), `${BODY} `)).status).toBe(401);
    expect(
      (await post(PATH, await jwsFor(BODY, { method: "POST", path: "/v5/card-api/limits/list" }), BODY)).status,
    ).toBe(401);
    const otherKey = createProfile("jws", {
      ...profileKeysOf(config),
      cardApiJws: { ...config.cardApi.jws, hmacKey: "wrong" },
    });
    expect((await post(PATH, await jwsFor(BODY, LINE, otherKey), BODY)).status).toBe(401);
  });
});

test.for([
  ["CARD_API_JWS_ALGORITHM", { CARD_API_JWS_ALGORITHM: "HS1" }, /must be one of HS256, HS384, HS512, EdDSA, ES256/],
  [
    "CARD_API_JWS_KEY",
    { CARD_API_JWS_ALGORITHM: "HS256" },
    /must be set: CARD_API_JWS_ALGORITHM=HS256 signs with a shared secret/,
  ],
  [
    "CARD_API_JWS_ALGORITHM",
    { CARD_API_JWS_ALGORITHM: "EdDSA", CARD_API_JWS_KEY: "k" },
    /signs with a key pair, but CARD_API_JWS_KEY/,
  ],
  [
    "CARD_API_JWS_FIELDS",
    { CARD_API_JWS_FIELDS: '{"uri":"{url}"}' },
    /uses \{url\}; the placeholders are \{path\}, \{method\}/,
  ],
  ["CARD_API_JWS_FIELDS", { CARD_API_JWS_FIELDS: '{"alg":"none"}' }, /sets alg/],
  ["CARD_API_JWS_HEADER", { CARD_API_JWS_HEADER: "X Card" }, /is not an HTTP header name/],
] as const)("%s: a bad value is a ConfigError naming it", ([name, env, message]) => {
  expect(expectConfigError(env, name).message).toMatch(message);
});

test("npm run conformance with an HS512 card API JWS against the embedded sandbox: conformant, the secret nowhere in the reports", async () => {
  const dir = tempReportsDir();
  const { code, stdout } = await runCli("conformance.ts", [], { ...ENV, REPORTS_DIR: dir, SEED: "12" });
  expect(code, stdout).toBe(0);
  expect(JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")).verdict).toBe("conformant");
  expect(readFileSync(join(dir, "junit.xml"), "utf8")).not.toContain(SECRET);
});
