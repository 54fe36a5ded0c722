/**
 * The reference sandbox itself (through supertest): documented error bodies with 4xx for what it
 * cannot process, bearer/signature/encryption checks, idempotency and limits.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createProfile } from "../../lib/crypto/index.ts";
import { sealRequest } from "../../lib/crypto/envelope.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { debitRequest } from "../../generators/card-api/transaction.ts";
import { fakerFor } from "../../generators/faker.ts";
import { businessClientData } from "../../generators/partner-transfer-api/business-client.ts";
import { SANDBOX_CARDS, SANDBOX_PARTNER } from "../../lib/test-data/published.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/server.ts";

let sandbox: RunningSandbox;
beforeAll(async () => void (sandbox = await startSandbox()));
afterAll(async () => sandbox.close());

const config = loadConfig({});
const profile = createProfile("default", {
  partnerSigningKey: SANDBOX_PARTNER.signingKey,
  platformSigningKey: SANDBOX_PARTNER.platformSigningKey,
  encryptionKey: SANDBOX_PARTNER.encryptionKey,
});
const post = (path: string) => request(sandbox.url).post(path);
const STATEMENT = "/v5/card-api/card/statement";
const TXN = "/v5/card-api/transaction/create";
const LIMITS = "/v5/card-api/limits/list";
const BUSINESS = "/v5/partner/transfer/business/create";

describe("transport-level rejections use the documented card API error body", () => {
  test("unknown path → 404", async () => {
    const res = await post("/v5/card-api/nothing").send({});
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: "error", request_status: "failed", error: { code: "NOT_FOUND" } });
  });
  test("wrong Content-Type → 415", async () => {
    const res = await post(STATEMENT).set("Content-Type", "text/plain").send("{}");
    expect(res.status).toBe(415);
  });
  test("malformed JSON → 400 INVALID_JSON", async () => {
    const res = await post(STATEMENT).set("Content-Type", "application/json").send('{"card_id":');
    expect(res.body.error.code).toBe("INVALID_JSON");
  });
  test("a body over 1 MB → 413", async () => {
    const res = await post(STATEMENT)
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ pad: "x".repeat(1_100_000) }));
    expect(res.status).toBe(413);
  });
});

describe("statement", () => {
  test("date-only bounds cover whole days: the seeded June holds 14 operations", async () => {
    const res = await post(STATEMENT).send({
      card_id: config.fixtures.statement.cardId,
      start_date: "2025-06-01",
      end_date: "2025-06-30",
    });
    expect(res.status).toBe(200);
    expect(res.body.operations).toHaveLength(14);
  });
  test("end before start → 400; unknown card → 404", async () => {
    const cardId = config.fixtures.statement.cardId;
    expect(
      (await post(STATEMENT).send({ card_id: cardId, start_date: "2025-07-01", end_date: "2025-06-01" })).status,
    ).toBe(400);
    expect(
      (await post(STATEMENT).send({ card_id: "no-such-card", start_date: "2025-06-01", end_date: "2025-06-30" })).body
        .error.code,
    ).toBe("CARD_NOT_FOUND");
  });
});

describe("register business client", () => {
  const sealed = () => sealRequest(profile, businessClientData(fakerFor(1)));
  const bearer = `Bearer ${SANDBOX_PARTNER.accessToken}`;
  test("no bearer → 401 with a signed partner error body", async () => {
    const res = await post(BUSINESS).send(await sealed());
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ state: false, payload: { error: { code: "UNAUTHORIZED" } } });
    expect(res.body.signature).toMatch(/^[0-9a-f]{64}$/);
  });
  test("tampered signature → 401 INVALID_SIGNATURE", async () => {
    const body = { ...(await sealed()), signature: "00".repeat(32) };
    expect((await post(BUSINESS).set("Authorization", bearer).send(body)).body.payload.error.code).toBe(
      "INVALID_SIGNATURE",
    );
  });
  test("undecryptable data with a valid signature → 400 UNDECRYPTABLE", async () => {
    const payload = { encrypted_data: Buffer.from("not really encrypted at all").toString("base64") };
    const body = { payload, signature: await profile.sign({ payload }, "partner") };
    expect((await post(BUSINESS).set("Authorization", bearer).send(body)).body.payload.error.code).toBe(
      "UNDECRYPTABLE",
    );
  });
  test("a valid registration creates a profile with status new", async () => {
    const res = await post(BUSINESS)
      .set("Authorization", bearer)
      .send(await sealed());
    expect(res.status).toBe(200);
    expect(res.body.payload.status).toBe("new");
    expect(sandbox.ledger.businessClients.has(res.body.payload.client_uuid)).toBe(true);
  });
});

describe("create transaction", () => {
  const postings = () => sandbox.ledger.postingsOf(config.fixtures.payment.cardId).length;
  test("a replay of the same body is answered with the original answer and posted once", async () => {
    const body = debitRequest(fakerFor(2), config, { minor: 500 });
    const before = postings();
    const first = await post(TXN).send(body);
    const second = await post(TXN).send(body);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(postings()).toBe(before + 1);
  });
  test("the same request_id with another body → 409", async () => {
    const body = debitRequest(fakerFor(3), config, { minor: 500 });
    await post(TXN).send(body);
    const res = await post(TXN).send({ ...body, debit: { ...body.debit, amount: 6 } });
    expect(res.status).toBe(409);
  });
  test.for([
    ["a PAN that fails Luhn", { card_pan: "4400430000000024" }, 400],
    ["a wrong CVC", { card_cvc: "999" }, 422],
    ["another card's PAN", { card_pan: "4400430000000015" }, 422],
  ] as const)("%s is rejected", async ([, card, status]) => {
    const body = debitRequest(fakerFor(4), config, { minor: 500 });
    const res = await post(TXN).send({ ...body, debit: { ...body.debit, card: { ...body.debit.card, ...card } } });
    expect(res.status).toBe(status);
  });
  test("below the minimum and over the limit → 422", async () => {
    expect((await post(TXN).send(debitRequest(fakerFor(5), config, { minor: 50 }))).body.error.code).toBe(
      "BELOW_MINIMUM",
    );
    expect((await post(TXN).send(debitRequest(fakerFor(6), config, { minor: 5_000_000_000 }))).body.error.code).toBe(
      "LIMIT_EXCEEDED",
    );
  });
});

describe("limits list", () => {
  const list = (type: string, value: string) =>
    post(LIMITS).send({ request_id: crypto.randomUUID(), object: { type, value } });
  test("usage grows by an accepted debit and remaining = value − current", async () => {
    const total = (res: request.Response) =>
      res.body.limits.card[0].amount.find((a: { type: string }) => a.type === "total");
    const before = total(await list("card", config.fixtures.payment.cardId));
    expect((await post(TXN).send(debitRequest(fakerFor(7), config, { minor: 1234 }))).status).toBe(200);
    const after = total(await list("card", config.fixtures.payment.cardId));
    expect(Math.round((Number(after.current) - Number(before.current)) * 100)).toBe(1234);
    expect(Math.round((Number(after.value) - Number(after.current)) * 100)).toBe(
      Math.round(Number(after.remaining) * 100),
    );
  });
  test("unknown kind → 400, unknown object → 404", async () => {
    expect((await list("wallet", "x")).status).toBe(400);
    expect((await list("account", "KZ-NOPE")).status).toBe(404);
  });
});

describe("magic test values (docs/sandbox.md › Test data)", () => {
  const debit = (minor: number, card?: Record<string, string>) => {
    const body = debitRequest(fakerFor(8), config, { minor });
    // Another card comes with its own account and client: card data of two cards is refused (sandbox/rules/card-data.ts).
    const own = card && {
      account: { number: SANDBOX_CARDS.decline.accountNumber },
      client: { client_id: SANDBOX_CARDS.decline.clientId },
    };
    return post(TXN).send(card ? { ...body, debit: { ...body.debit, card, ...own } } : body);
  };
  test("amount 666.66 and the decline card are declined; 777.77 exceeds a limit", async () => {
    expect((await debit(66_666)).body.error.code).toBe("DECLINED");
    expect(
      (await debit(500, { card_id: "c0ffee00-0000-4000-8000-000000000666", card_pan: "4400430000000668" })).body.error
        .code,
    ).toBe("DECLINED");
    expect((await debit(77_777)).body.error.code).toBe("LIMIT_EXCEEDED");
  });
  test("amount 999.99 is accepted after about 2.5 s", async () => {
    const started = Date.now();
    expect((await debit(99_999)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_400);
  });
});
