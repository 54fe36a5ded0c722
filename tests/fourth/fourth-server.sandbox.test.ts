/**
 * The fourth target on its own, before the harness judges it: statement days DD.MM.YYYY at UTC (both
 * inclusive), timestamps with `+00:00`, RSA signatures and RSA-OAEP-sealed client data (the partner's
 * module seals and signs; it cannot open what it sealed), RFC 7807 problems, declines as HTTP 200
 * with `request_status: "declined"`, a per-debit maximum, a limit that binds only MCC 7995.
 */
import { randomUUID } from "node:crypto";
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as data from "../support/fourth-target/data.ts";
import { testKeys } from "../support/fourth-target/keys.ts";
import createProfile, { validateKeys } from "../support/fourth-target/partner-profile.mts";
import { startFourthTarget, type FourthTarget } from "../support/fourth-target/server.ts";
import { CARD, debit, PARTNER, post, REGISTER, type Edit } from "./fourth-requests.ts";

let target: FourthTarget;
beforeAll(async () => void (target = await startFourthTarget()));
afterAll(() => target.close());

const partner = () =>
  createProfile({ partnerPrivateKey: testKeys().partner.privatePem, platformPublicKey: testKeys().platform.publicPem });
const statementOf = (card_id: string, start_date: string, end_date: string) =>
  post(target, CARD.statement, { card_id, start_date, end_date });
const limitsOf = (value: string) =>
  post(target, CARD.limits, { request_id: randomUUID(), object: { type: "card", value } });

describe("statement days: DD.MM.YYYY, whole days at UTC, both inclusive", () => {
  test("March 2025 holds its first and last instants, not the evening before nor April's first", async () => {
    const answer = await statementOf(data.STATEMENT_CARD.id, "01.03.2025", "31.03.2025");
    expect(answer.status).toBe(200);
    expect(answer.body.operations.map((o: any) => o.rrn)).toEqual([
      "501200000003",
      "501200000004",
      "501200000005",
      "501200000006",
    ]);
    expect(answer.body.operations.map((o: any) => o.datetime)).toContain("2025-03-31T23:59:59.999Z");
    expect(answer.body.dt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
  });

  test.for([
    ["an ISO date", "2025-03-01", "start_date"],
    ["a date-time", "2025-03-01T00:00:00+00:00", "start_date"],
    ["a day without its leading zero", "1.03.2025", "start_date"],
    ["a day that does not exist", "31.02.2025", "start_date"],
    ["month first", "03/01/2025", "start_date"],
  ] as const)("refused as a problem naming the field: %s", async ([, start, field]) => {
    const answer = await statementOf(data.STATEMENT_CARD.id, start, "31.03.2025");
    expect(answer.status).toBe(422);
    expect(answer.type).toBe("application/problem+json");
    expect(answer.body).toMatchObject({ status: 422, detail: expect.stringContaining(field) });
    expect(Object.keys(answer.body).sort()).toEqual(["detail", "status", "title", "type"]);
  });

  test("an end before the start is refused naming end_date; an unknown card is 404", async () => {
    expect((await statementOf(data.STATEMENT_CARD.id, "02.03.2025", "01.03.2025")).body.detail).toMatch(/end_date/);
    expect((await statementOf(randomUUID(), "01.03.2025", "31.03.2025")).status).toBe(404);
  });
});

describe("registration: RSA both ways, the partner seals what only the platform opens", () => {
  /** `seal` edits encrypted_data before the envelope is signed, `edit` the signed envelope. */
  async function register(edit: Edit = () => {}, headers: Record<string, string> = PARTNER, seal = (s: string) => s) {
    const profile = partner();
    const sealed = profile.encrypt({ legal_name: "Four LLP", bin: "123456789012", country: "KZ" });
    const envelope: any = { payload: { encrypted_data: seal(sealed) } };
    envelope.signature = profile.sign(envelope, "partner");
    edit(envelope);
    return post(target, REGISTER, envelope, headers);
  }

  test("a new client, status new, the answer signed with the platform's key", async () => {
    const answer = await register();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { signature, ...signed } = answer.body;
    expect(signed).toMatchObject({ state: true, payload: { status: "new" } });
    expect(signed.response_time).toMatch(/\.\d{3}Z$/);
    expect(signature).toMatch(/^[0-9a-f]{512}$/);
    expect(partner().verify(signed, signature, "platform")).toBe(true);
    expect(partner().verify({ ...signed, state: false }, signature, "platform")).toBe(false);
  });

  test("the partner's module verifies its own signatures but cannot open what it sealed", () => {
    const profile = partner();
    const body = { payload: { encrypted_data: profile.encrypt({ legal_name: "Four LLP" }) } };
    expect(profile.verify(body, profile.sign(body, "partner"), "partner")).toBe(true);
    expect([profile.canVerify("partner"), profile.canVerify("platform"), profile.canDecrypt()]).toEqual([
      true,
      true,
      false,
    ]);
    expect(() => profile.decrypt()).toThrow(/cannot open/);
  });

  test("the module's key check names the variables it reads, and refuses a key that is not RSA", () => {
    const ed = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }) as string;
    expect(validateKeys({}).map((p) => p.variable)).toEqual(["PARTNER_PRIVATE_KEY", "PLATFORM_PUBLIC_KEY"]);
    expect(validateKeys({ partnerPrivateKey: ed, platformPublicKey: testKeys().platform.publicPem })).toEqual([
      { variable: "PARTNER_PRIVATE_KEY", message: expect.stringContaining("not an RSA key") },
    ]);
  });

  const flipLastOfCiphertext = (s: string) => s.replace(/.(?=\.[^.]*$)/, (c) => (c === "A" ? "B" : "A"));
  const flipLastOfTag = (s: string) => s.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
  test.for([
    ["no bearer token", () => {}, {}, undefined, 401],
    ["another bearer token", () => {}, { authorization: "Bearer nope" }, undefined, 401],
    [
      "a signature of other bytes",
      (e: any) => (e.signature = e.signature.replace(/^../, "00")),
      PARTNER,
      undefined,
      403,
    ],
    ["no signature", (e: any) => delete e.signature, PARTNER, undefined, 400],
    ["a ciphertext altered, then signed", () => {}, PARTNER, flipLastOfCiphertext, 422],
    ["a tag's last character altered, then signed", () => {}, PARTNER, flipLastOfTag, 422],
    ["text that is not a sealed value, signed", () => {}, PARTNER, () => "bm90IHNlYWxlZA", 422],
  ] as Array<[string, Edit, Record<string, string>, ((s: string) => string) | undefined, number]>)(
    "refused as a problem: %s",
    async ([, edit, headers, seal, status]) => {
      const answer = await register(edit, headers, seal);
      expect(answer.status).toBe(status);
      expect(answer.type).toBe("application/problem+json");
    },
  );
});

describe("debits: declines as HTTP 200, problems for requests that break a rule", () => {
  const debitOf = (edit: Edit = () => {}) => post(target, CARD.transaction, debit(edit));
  const amount = (value: number) => (b: any) => ((b.debit.amount = value), (b.credit.amount = value));

  test.for([
    ["exactly the per-debit maximum", 250, "success"],
    ["one tiyn over the maximum", 250.01, "declined"],
    ["exactly the minimum", 2, "success"],
    ["one tiyn under the minimum", 1.99, "declined"],
  ] as const)("%s: %s", async ([, value, outcome]) => {
    const answer = await debitOf(amount(value));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "ok", request_status: outcome });
    expect(answer.body.dt).toMatch(/\+00:00$/);
  });

  test("a card named by its id alone, or by its number and expiry alone", async () => {
    for (const card of [
      { card_id: data.PAYMENT_CARD.id },
      { card_pan: data.PAYMENT_CARD.pan, card_month: "07", card_year: "31" },
    ])
      expect((await debitOf((b) => (b.debit.card = card))).body.request_status).toBe("success");
  });

  test.for([
    ["a card named neither way", (b: any) => (b.debit.card = { card_cvc: "482" }), "/debit/card"],
    ["no terminal", (b: any) => delete b.debit.terminal_number, "terminal_number"],
    ["no credit account", (b: any) => delete b.credit.account, "account"],
    ["three decimals", amount(10.005), "/debit/amount"],
    ["id and number of two cards", (b: any) => (b.debit.card.card_id = data.STATEMENT_CARD.id), "/debit/card"],
  ] as Array<[string, Edit, string]>)("refused as an RFC 7807 problem: %s", async ([, edit, detail]) => {
    const answer = await debitOf(edit);
    expect(answer.type).toBe("application/problem+json");
    expect(answer.body).toEqual({
      type: expect.stringMatching(/^https:/),
      title: expect.any(String),
      status: answer.status,
      detail: expect.stringContaining(detail),
    });
    expect(Number.isInteger(answer.body.status) && answer.status >= 400 && answer.status < 500).toBe(true);
  });

  test("the 7995 limit binds only the 7995 terminal: its usage stays still for the test terminal's debits", async () => {
    const scoped = async () =>
      (await limitsOf(data.PAYMENT_CARD.id)).body.limits.card.find((r: any) => r.mcc === data.SCOPED_MCC).amount[0];
    expect((await debitOf(amount(60))).body.request_status).toBe("success");
    expect(await scoped()).toMatchObject({ value: "50.00", current: "0.00", remaining: "50.00" });
    const casino = (value: number) => debitOf((b) => (amount(value)(b), (b.debit.terminal_number = "T7995-0007")));
    expect((await casino(30)).body.request_status).toBe("success");
    expect((await casino(30)).body).toMatchObject({
      request_status: "declined",
      decline_reason: expect.stringContaining("DAILY"),
    });
    expect(await scoped()).toMatchObject({ current: "30.00", remaining: "20.00" });
  });

  test("a replayed request_id gets its first answer and posts once; with another body it is 409", async () => {
    const body = debit(amount(7.77));
    const before = target.ledger.postings.length;
    const first = await post(target, CARD.transaction, body);
    expect(await post(target, CARD.transaction, body)).toEqual(first);
    expect(target.ledger.postings.length).toBe(before + 1);
    expect(
      (await post(target, CARD.transaction, { ...body, transaction: { order_id: "other", type: "debit" } })).status,
    ).toBe(409);
  });

  test("an unknown card and a wrong CVC are declines, not errors", async () => {
    expect(
      (await debitOf((b) => (b.debit.card = { card_pan: data.UNKNOWN_PAN, card_month: "01", card_year: "30" }))).body,
    ).toMatchObject({ request_status: "declined" });
    expect((await debitOf((b) => (b.debit.card.card_cvc = "000"))).body).toMatchObject({
      status: "ok",
      request_status: "declined",
    });
  });
});
