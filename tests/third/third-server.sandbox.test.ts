/**
 * The third target on its own, in-process, before the harness judges it: it enforces exactly what
 * it declares (its request rules — no more, no less), answers errors as problem+json 4xx, refuses a
 * replayed request_id with 409, signs statement amounts by direction, and reads the built-in
 * `default` profile's bytes as the harness writes them (the harness's own profile seals and signs).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  CARD_STATEMENT,
  CREATE_TRANSACTION,
  LIMITS_LIST,
  REGISTER_BUSINESS,
  type Operation,
} from "../../lib/catalogue/index.ts";
import { createDefaultProfile } from "../../lib/crypto/default-profile.ts";
import * as data from "../support/third-target/data.ts";
import { OAUTH } from "../support/third-target/oauth.ts";
import { REQUEST_RULES } from "../support/third-target/request-rules.ts";
import { startThirdTarget, type ThirdTarget } from "../support/third-target/server.ts";

let target: ThirdTarget;
beforeAll(async () => void (target = await startThirdTarget()));
afterAll(() => target.close());

const CARD_AUTH = { authorization: `Bearer ${data.CARD_API_TOKEN}` };

async function post(op: Operation, body: unknown, headers: Record<string, string> = CARD_AUTH) {
  const res = await fetch(`${target.url}${op.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: (await res.json()) as any };
}

const pay = data.PAYMENT_CARD;
type Edit = (b: any) => unknown;
function debit(edit: Edit = () => {}) {
  const body: any = {
    request_id: randomUUID(),
    transaction: { order_id: `T3-${randomUUID().slice(0, 8)}`, type: "debit" },
    debit: {
      amount: 10,
      currency: "KZT",
      terminal_number: data.TERMINAL.number,
      card: { card_id: pay.id, card_pan: pay.pan, card_cvc: pay.cvc, card_month: pay.month, card_year: pay.year },
      account: { number: pay.account },
    },
    credit: { amount: 10, currency: "KZT", account: { number: data.SETTLEMENT_ACCOUNTS[0] } },
  };
  edit(body);
  return body;
}

test("the request rules are keyed by the catalogue's operation keys", () => {
  const keys = [CREATE_TRANSACTION, CARD_STATEMENT, LIMITS_LIST, REGISTER_BUSINESS].map((op) => op.key).sort();
  expect(Object.keys(REQUEST_RULES).sort()).toEqual(keys);
});

describe("create transaction: exactly the declared rules", () => {
  test.for([
    ["a full debit", () => {}],
    ["an account object without number (not required)", (b: any) => (b.debit.account = {})],
    ["a credit without amount (it defaults to the debit's)", (b: any) => delete b.credit.amount],
    ["a card named by card_id alone", (b: any) => (b.debit.card = { card_id: pay.id })],
  ] as Array<[string, Edit]>)("accepted: %s", async ([, edit]) => {
    const answer = await post(CREATE_TRANSACTION, debit(edit));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: "ok", request_status: "success" });
    expect(answer.body.dt).toMatch(/-04:00$/);
  });

  test.for([
    ["no terminal_number on the debit", (b: any) => delete b.debit.terminal_number, 400, "/debit"],
    ["a card without card_id", (b: any) => delete b.debit.card.card_id, 400, "/debit/card"],
    ["a transaction type other than debit", (b: any) => (b.transaction.type = "credit"), 400, "/transaction/type"],
    ["another card's CVC", (b: any) => (b.debit.card.card_cvc = "000"), 422, "card_cvc"],
    ["three decimals", (b: any) => (b.debit.amount = 10.005), 422, "decimals"],
    ["under the floor of 3.00", (b: any) => ((b.debit.amount = 2.99), (b.credit.amount = 2.99)), 422, "floor"],
  ] as Array<[string, Edit, number, string]>)("refused as problem+json: %s", async ([, edit, status, detail]) => {
    const answer = await post(CREATE_TRANSACTION, debit(edit));
    expect(answer.status).toBe(status);
    expect(answer.type).toBe("application/problem+json");
    expect(answer.body).toMatchObject({ status, detail: expect.stringContaining(detail) });
  });

  test("a replayed request_id is refused with 409 and posts once", async () => {
    const body = debit((b) => ((b.debit.amount = 7.77), (b.credit.amount = 7.77)));
    const before = target.ledger.postings.length;
    expect((await post(CREATE_TRANSACTION, body)).status).toBe(200);
    expect((await post(CREATE_TRANSACTION, body)).status).toBe(409);
    expect(target.ledger.postings.length).toBe(before + 1);
  });
});

test("the broken variant defaults-declared-terminal accepts the debit without terminal_number it declares required", async () => {
  const broken = await startThirdTarget({ faults: ["defaults-declared-terminal"] });
  try {
    const body = debit((b) => delete b.debit.terminal_number);
    const res = await fetch(`${broken.url}${CREATE_TRANSACTION.path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...CARD_AUTH },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  } finally {
    await broken.close();
  }
});

describe("card API: bearer token, periods, object types, signed amounts", () => {
  test("no token is 401 with a challenge; the partner's token is 403", async () => {
    const body = { request_id: randomUUID(), object: { type: "CARD", value: pay.id } };
    expect((await post(LIMITS_LIST, body, {})).status).toBe(401);
    expect((await post(LIMITS_LIST, body, { authorization: `Bearer ${data.PARTNER_TOKEN}` })).status).toBe(403);
  });

  test("object types are upper case; limits carry this target's vocabulary", async () => {
    const lower = await post(LIMITS_LIST, { request_id: randomUUID(), object: { type: "card", value: pay.id } });
    expect(lower.status).toBe(400);
    const upper = await post(LIMITS_LIST, {
      request_id: randomUUID(),
      object: { type: "ACCOUNT", value: pay.account },
    });
    expect(upper.body.limits.product[0].amount[0]).toMatchObject({ type: "period_cap", currency: "KZT" });
  });

  test("periods are UTC date-times to the second; a debit is listed with a negative amount", async () => {
    const dateOnly = await post(CARD_STATEMENT, {
      card_id: pay.id,
      start_date: "2025-09-01",
      end_date: "2025-09-30",
    });
    expect(dateOnly.status).toBe(400);
    await post(
      CREATE_TRANSACTION,
      debit((b) => ((b.debit.amount = 12.34), (b.credit.amount = 12.34))),
    );
    const now = Date.now();
    const bound = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
    const stmt = await post(CARD_STATEMENT, {
      card_id: pay.id,
      start_date: bound(now - 60_000),
      end_date: bound(now + 60_000),
    });
    expect(stmt.status).toBe(200);
    expect(stmt.body.operations.map((o: any) => o.amount)).toContain(-12.34);
  });
});

describe("registration under the harness's own default profile, with this target's keys", () => {
  const profile = createDefaultProfile({
    partnerSigningKey: data.KEYS.partnerSigning,
    platformSigningKey: data.KEYS.platformSigning,
    encryptionKey: data.KEYS.encryption,
  });
  const client = {
    legal_name: "Aral Freight 1 JSC",
    registration_number: "KZ0000000001",
    contact_email: "a@b.example",
  };
  const auth = { authorization: `Bearer ${data.PARTNER_TOKEN}` };

  test("a sealed and signed request is registered once, and the answer's signature verifies", async () => {
    const payload = { encrypted_data: await profile.encrypt(client) };
    const body = { payload, signature: await profile.sign({ payload }, "partner") };
    const first = await post(REGISTER_BUSINESS, body, auth);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.payload.status).toBe("new");
    const { signature, ...signed } = first.body;
    expect(await profile.verify(signed, signature, "platform")).toBe(true);
    expect((await post(REGISTER_BUSINESS, body, auth)).status).toBe(409);
  });

  test("client data outside the declared schema is refused with 422", async () => {
    const payload = { encrypted_data: await profile.encrypt({ ...client, registration_number: "12" }) };
    const answer = await post(
      REGISTER_BUSINESS,
      { payload, signature: await profile.sign({ payload }, "partner") },
      auth,
    );
    expect(answer.status).toBe(422);
  });
});

describe("tokens from the target's OAuth endpoint (client credentials, Basic)", () => {
  test("a token is issued for the right client only, and carries both families; the static token no longer does", async () => {
    const oauth = await startThirdTarget({ tokenTtlSeconds: 60 });
    try {
      const ask = (secret: string) =>
        fetch(`${oauth.url}${OAUTH.path}`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "authorization": `Basic ${Buffer.from(`${OAUTH.clientId}:${secret}`).toString("base64")}`,
          },
          body: "grant_type=client_credentials",
        });
      expect((await ask("wrong")).status).toBe(401);
      const { access_token, expires_in } = (await (await ask(OAUTH.clientSecret)).json()) as any;
      expect(expires_in).toBe(60);
      const limits = (authorization: string) =>
        fetch(`${oauth.url}${LIMITS_LIST.path}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization },
          body: JSON.stringify({ request_id: randomUUID(), object: { type: "CARD", value: pay.id } }),
        });
      expect((await limits(`Bearer ${access_token}`)).status).toBe(200);
      expect((await limits(`Bearer ${data.CARD_API_TOKEN}`)).status).toBe(401);
    } finally {
      await oauth.close();
    }
  });
});
