/**
 * The harness and the sandbox set to the same profile give a green run; a mismatch fails exactly
 * the checks whose requests or signatures the other side cannot verify, with 401 answers that
 * name the cause. Rows: sandbox profile, harness environment, failing checks.
 */
import request from "supertest";
import { describe, expect, test } from "vitest";
import { createProfile } from "../../lib/crypto/index.ts";
import { JWS_HEADER } from "../../lib/crypto/jws-profile.ts";
import { SANDBOX_KEY_PAIRS } from "../../lib/test-data/published.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { configFor, evaluateAll, failingIds, withSandbox } from "../support/harness.ts";

const EXAMPLE = "./examples/crypto-profile.example.ts";
/**
 * The checks of an operation touched when its valid requests are refused: not the check any
 * answer but a 5xx passes (NO-5XX), nor the latency budget (a refusal is answered in time too).
 * Of these, the ones judging the success answer are "not judged" (a refusal of the fixture
 * request, even a 401, is a precondition: lib/checks/precondition.ts, the other object kinds'
 * limits included), and so are the ones that expect a refusal (invalid input, bad auth, unknown
 * objects: a refusal judges nothing when the valid request is refused too) and the idempotency,
 * ledger and cross-object limit checks (a statement, a limits reading or a first debit refused is
 * a precondition not met). The valid generated requests fail.
 */
// Neither failed nor not judged when every request is refused: the no-5xx and latency checks judge the
// refusals, and CARD-LEDGER-SETTLE, with no posting awaited, has nothing to measure (not applicable).
const PASS_WHEN_REFUSED = /-(NO-5XX|LATENCY-BUDGET)$|^CARD-LEDGER-SETTLE$/;
const FAIL_WHEN_REFUSED = /-POSITIVE$/;
const touched = (code: string) =>
  ALL_MODULES.filter((m) => m.operation.code === code)
    .flatMap((m) => m.checks.map((c) => c.id))
    .filter((id) => !PASS_WHEN_REFUSED.test(id));
const refused = (code: string) => touched(code).filter((id) => FAIL_WHEN_REFUSED.test(id));
const unjudged = (code: string) => touched(code).filter((id) => !FAIL_WHEN_REFUSED.test(id));
const PARTNER = refused("PT-BIZ");
const CARD = ["CARD-STMT", "CARD-TXN", "CARD-LIM"].flatMap(refused);
const PARTNER_NOT_JUDGED = unjudged("PT-BIZ");
const CARD_NOT_JUDGED = ["CARD-STMT", "CARD-TXN", "CARD-LIM"].flatMap(unjudged);

interface Row {
  sandbox: string;
  env: Record<string, string>;
  fails: string[];
  causes: string[];
  notJudged?: string[];
}

const ROWS: Array<[string, Row]> = [
  ["both jws: green", { sandbox: "jws", env: { CRYPTO_PROFILE: "jws" }, fails: [], causes: [] }],
  ["both the example module: green", { sandbox: EXAMPLE, env: { CRYPTO_PROFILE: EXAMPLE }, fails: [], causes: [] }],
  [
    "jws sandbox, default harness: no JWS header, HMAC signature",
    {
      sandbox: "jws",
      env: {},
      fails: [...PARTNER, ...CARD],
      notJudged: [...PARTNER_NOT_JUDGED, ...CARD_NOT_JUDGED],
      causes: ["INVALID_SIGNATURE", "UNAUTHORIZED"],
    },
  ],
  [
    "default sandbox, jws harness: Ed25519 signature refused, the extra header is harmless",
    {
      sandbox: "default",
      env: { CRYPTO_PROFILE: "jws" },
      fails: PARTNER,
      notJudged: PARTNER_NOT_JUDGED,
      causes: ["INVALID_SIGNATURE"],
    },
  ],
  [
    "jws on both, harness signs with a key the platform does not know",
    {
      sandbox: "jws",
      env: { CRYPTO_PROFILE: "jws", PARTNER_PRIVATE_KEY: SANDBOX_KEY_PAIRS.platformPrivateKey },
      fails: [...PARTNER, ...CARD],
      notJudged: [...PARTNER_NOT_JUDGED, ...CARD_NOT_JUDGED],
      causes: ["INVALID_SIGNATURE", "UNAUTHORIZED"],
    },
  ],
  [
    "jws on both, harness verifies responses with the wrong platform key",
    {
      sandbox: "jws",
      env: { CRYPTO_PROFILE: "jws", PLATFORM_PUBLIC_KEY: SANDBOX_KEY_PAIRS.partnerPublicKey },
      fails: ["PT-BIZ-SIGNATURE"],
      causes: [],
    },
  ],
  [
    "example sandbox, default harness: no X-Body-Signature, SHA-256 signature",
    {
      sandbox: EXAMPLE,
      env: {},
      fails: [...PARTNER, ...CARD],
      notJudged: [...PARTNER_NOT_JUDGED, ...CARD_NOT_JUDGED],
      causes: ["INVALID_SIGNATURE", "UNAUTHORIZED"],
    },
  ],
];

describe("harness and sandbox profiles", () => {
  test.for(ROWS)("%s", async ([, row]) => {
    await withSandbox({ profile: row.sandbox }, async (sandbox) => {
      const results = await evaluateAll(configFor(sandbox.url, row.env));
      const messages = results.filter((r) => r.outcome === "failed").map((r) => `${r.id}: ${r.message}`);
      expect(failingIds(results), messages.join("\n")).toEqual([...row.fails].sort());
      expect(
        results
          .filter((r) => r.category === "precondition")
          .map((r) => r.id)
          .sort(),
        "not judged",
      ).toEqual([...(row.notJudged ?? [])].sort());
      // Causes of the failures only: the auth checks provoke 401s on purpose in every row.
      const failed = results.filter((r) => r.outcome === "failed");
      const codes = new Set(
        failed
          .flatMap((r) => r.evidence)
          .filter((e) => e.response?.status === 401)
          .map((e) => /"code":"(\w+)"/.exec(e.response!.bodyText)?.[1]),
      );
      expect([...codes].sort()).toEqual(row.causes);
    });
  });
});

test("a jws sandbox refuses card API requests without the header or with a JWS of another body", async () => {
  await withSandbox({ profile: "jws" }, async (sandbox) => {
    const body = { card_id: "c0ffee00-0000-4000-8000-000000000001", start_date: "2025-06-01", end_date: "2025-06-30" };
    const post = () => request(sandbox.url).post("/v5/card-api/card/statement").set("Content-Type", "application/json");
    const missing = await post().send(JSON.stringify(body));
    expect(missing.status).toBe(401);
    expect(missing.body.error.message).toMatch(/jws profile headers do not verify/);
    const partner = createProfile("jws", {
      partnerSigningKey: "",
      platformSigningKey: "",
      encryptionKey: "",
      partnerPrivateKey: SANDBOX_KEY_PAIRS.partnerPrivateKey,
    });
    const jwsOf = async (text: string) => (await partner.requestHeaders!("card-api", text))[JWS_HEADER]!;
    const text = JSON.stringify(body);
    expect(
      (
        await post()
          .set(JWS_HEADER, await jwsOf(`${text} `))
          .send(text)
      ).status,
    ).toBe(401);
    expect(
      (
        await post()
          .set(JWS_HEADER, await jwsOf(text))
          .send(text)
      ).status,
    ).toBe(200);
  });
});
