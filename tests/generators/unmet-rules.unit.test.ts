/**
 * A declared rule the generators cannot meet is exit 2 before anything is sent, one line naming
 * the rule's JSON pointer and REQUEST_RULES_FILE, or the variable it conflicts with — never a
 * run of refused "valid" requests. Fixture values stay fixture values: a rule they break is this
 * case, not something to redraw. One named test per row.
 */
import { describe, expect, test } from "vitest";
import { chooseDebitRange } from "../../lib/payments/debit-range.ts";
import { loadConfiguredProfile } from "../../lib/checks/run-context.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { checkLateRules } from "../../generators/cases/declared-check.ts";
import { registry } from "../support/case-rows.ts";
import { declaring, startError } from "../support/declared-rules.ts";

const TXN = "card-api.transaction-create";
const STMT = "card-api.statement";
const LIM = "card-api.limits-list";
const object = (properties: object, more: object = {}) => ({ type: "object", properties, ...more });
const inTransaction = (properties: object) => ({ [TXN]: object({ transaction: object(properties) }) });
const inDebit = (properties: object) => ({ [TXN]: object({ debit: object(properties) }) });

interface Row {
  name: string;
  rules: Record<string, unknown>;
  env?: Record<string, string>;
  variable: string;
  line: RegExp;
}

const ROWS: Row[] = [
  {
    name: "a start_date pattern the declared STATEMENT_DATE_FORMAT never produces",
    rules: { [STMT]: object({ start_date: { type: "string", pattern: "^\\d{2}\\.\\d{2}\\.\\d{4}$" } }) },
    variable: "STATEMENT_DATE_FORMAT",
    line: /REQUEST_RULES_FILE \S+: card-api\.statement #\/properties\/start_date\/pattern \(must match pattern .*\): \/start_date "2025-06-01T00:00:00\+05:00" breaks it, a value of STATEMENT_DATE_FORMAT/,
  },
  {
    name: "an end_date pattern without an offset, STATEMENT_DATE_FORMAT=datetime-utc",
    rules: { [STMT]: object({ end_date: { pattern: "^\\d{4}-\\d{2}-\\d{2}$" } }) },
    env: { STATEMENT_DATE_FORMAT: "datetime-utc" },
    variable: "STATEMENT_DATE_FORMAT",
    line: /#\/properties\/end_date\/pattern .*\/end_date "2025-06-30T\d{2}:\d{2}:\d{2}Z" breaks it/,
  },
  {
    name: "a card_id pattern the statement card breaks",
    rules: { [STMT]: object({ card_id: { pattern: "^CARD-" } }) },
    variable: "STATEMENT_CARD_ID",
    line: /#\/properties\/card_id\/pattern .*\/card_id "c0ffee00-[^"]+" breaks it, a value of STATEMENT_CARD_ID/,
  },
  {
    name: "a currency enum without the configured CURRENCY",
    rules: inDebit({ currency: { enum: ["USD", "EUR"] } }),
    variable: "CURRENCY",
    line: /#\/properties\/debit\/properties\/currency\/enum .*\/debit\/currency "KZT" breaks it/,
  },
  {
    name: "an object.type enum without the names of LIMIT_OBJECT_TYPES",
    rules: { [LIM]: object({ object: object({ type: { enum: ["CARD", "ACCOUNT", "CLIENT"] } }) }) },
    variable: "LIMIT_OBJECT_TYPES",
    line: /#\/properties\/object\/properties\/type\/enum .*\/object\/type "card" breaks it/,
  },
  {
    name: "a card field the payment card has not, required",
    rules: inDebit({ card: object({}, { required: ["card_token"] }) }),
    variable: "REQUEST_RULES_FILE",
    line: /#\/properties\/debit\/properties\/card\/required .*\/debit\/card has no "card_token", a value of the payment card \(PAYMENT_CARD_ID/,
  },
  {
    name: "an anyOf of required sets no set of which the payment card has",
    rules: inDebit({ card: object({}, { anyOf: [{ required: ["card_token"] }, { required: ["token_ref"] }] }) }),
    variable: "REQUEST_RULES_FILE",
    line: /#\/properties\/debit\/properties\/card\/anyOf \(must match a schema in anyOf\): .*payment card/,
  },
  {
    name: "a required field no fixture gives and the harness does not know",
    rules: { [STMT]: { type: "object", required: ["account_id"] } },
    variable: "REQUEST_RULES_FILE",
    line: /card-api\.statement #\/required .*"account_id" is a field no fixture gives and the harness's request schema does not describe/,
  },
  {
    name: "contradictory bounds: a minimum above the maximum",
    rules: inTransaction({ order_id: { type: "string", minLength: 10, maxLength: 4 } }),
    variable: "REQUEST_RULES_FILE",
    line: /"card-api\.transaction-create" #\/properties\/transaction\/properties\/order_id\/minLength: minLength 10 is above maxLength 4/,
  },
  {
    name: "contradictory bounds: an exclusive minimum at the maximum",
    rules: inDebit({ amount: { exclusiveMinimum: 5, maximum: 5 } }),
    variable: "REQUEST_RULES_FILE",
    line: /#\/properties\/debit\/properties\/amount\/exclusiveMinimum: exclusiveMinimum 5 leaves nothing up to maximum 5/,
  },
  {
    name: "a pattern with a length it cannot have",
    rules: inTransaction({ order_id: { type: "string", pattern: "^[0-9]{3}$", minLength: 5 } }),
    variable: "REQUEST_RULES_FILE",
    line: /#\/properties\/transaction\/properties\/order_id\/pattern .*no value the generators draw meets it/,
  },
  {
    name: "a pattern the kept regular-expression generator cannot draw from (lookahead)",
    rules: inTransaction({ order_id: { type: "string", pattern: "^(?=9)[0-9]{6}$" } }),
    variable: "REQUEST_RULES_FILE",
    line: /#\/properties\/transaction\/properties\/order_id\/pattern .*the generators cannot draw a value for it \(.*Lookahead/,
  },
  {
    name: "a format the generators make no values of",
    rules: inTransaction({ order_id: { type: "string", format: "ipv6" } }),
    variable: "REQUEST_RULES_FILE",
    line: /#\/properties\/transaction\/properties\/order_id\/format: format "ipv6" is one the generators cannot make values of/,
  },
  {
    name: "additionalProperties false without a field the payment card has: the variable of that field",
    rules: inDebit({ card: object({ card_id: {}, card_pan: {} }, { additionalProperties: false }) }),
    variable: "PAYMENT_CARD_CVC",
    line: /#\/properties\/debit\/properties\/card\/additionalProperties .*\/debit\/card\/card_cvc breaks it, a value of PAYMENT_CARD_CVC/,
  },
];

describe("at start: exit 2 naming the rule", () => {
  test.for(ROWS)("$name", async (row) => {
    const error = await startError(declaring(row.rules, row.env));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.variable).toBe(row.variable);
    expect(error!.message).toMatch(row.line);
    expect(error!.message.split("\n")).toHaveLength(1);
  });
});

const range = (minMinor: number, maxMinor: number) =>
  chooseDebitRange(undefined, {
    vocabulary: { minimumLimitTypes: [], maximumLimitTypes: [], cumulativeLimitTypes: [], limitPeriods: {} },
    terminal: { anyMcc: [], anyRegion: [], transactionTypes: [] },
    avoidMinor: [],
    currency: "KZT",
    configuredMinMinor: minMinor,
    configuredMaxMinor: maxMinor,
  });

describe("once the debit range and the crypto profile are known: exit 2 naming the rule", () => {
  test.for([
    {
      name: "the largest debit of the range above a declared maximum amount",
      rules: inDebit({ amount: { maximum: 50 } }),
      range: range(100, 9_999),
      variable: "DEBIT_AMOUNT_MAX",
      line: /#\/properties\/debit\/properties\/amount\/maximum .*\/debit\/amount 99\.99 breaks it.*\(the debit range: /,
    },
    {
      name: "the smallest debit of the range below a declared minimum amount",
      rules: inDebit({ amount: { minimum: 5 } }),
      range: range(100, 9_999),
      variable: "DEBIT_AMOUNT_MIN",
      line: /#\/properties\/debit\/properties\/amount\/minimum .*\/debit\/amount 1 breaks it/,
    },
    {
      name: "a signature pattern the crypto profile's envelope breaks",
      rules: {
        "partner-transfer-api.register-business": object({
          signature: { pattern: "^[A-Za-z0-9+/]+=*$", minLength: 200 },
        }),
      },
      range: range(100, 9_999),
      variable: "CRYPTO_PROFILE",
      line: /partner-transfer-api\.register-business #\/properties\/signature\/minLength .*a value of CRYPTO_PROFILE/,
    },
  ])("$name", async (row) => {
    const config = declaring(row.rules);
    expect(await startError(config)).toBeUndefined();
    const profile = await loadConfiguredProfile(config);
    let error: unknown;
    await checkLateRules(config, registry, { range: row.range, profile }).catch((e) => (error = e));
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(row.variable);
    expect((error as ConfigError).message).toMatch(row.line);
  });

  test("a range inside the declared bounds, and an envelope the profile meets: no error", async () => {
    const config = declaring({
      ...inDebit({ amount: { exclusiveMinimum: 0, maximum: 100, multipleOf: 0.01 } }),
      "partner-transfer-api.register-business": object({ signature: { type: "string", pattern: "^[0-9a-f]+$" } }),
    });
    await expect(
      checkLateRules(config, registry, { range: range(100, 9_999), profile: await loadConfiguredProfile(config) }),
    ).resolves.toBeUndefined();
  });
});
