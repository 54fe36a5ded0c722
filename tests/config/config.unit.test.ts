/** Configuration: invalid values name their variable (and hide secrets); .env.example is complete. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unknownEnvFileNames } from "../../lib/config/env-file.ts";
import { expect, test } from "vitest";
import { renderEnvExample } from "../../lib/config/env-example.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { VARIABLES } from "../../lib/config/variables.ts";
import { limitsRequest } from "../../generators/card-api/limits.ts";

const INVALID: Array<[string, string, RegExp]> = [
  ["TARGET_BASE_URL", "not-a-url", /^TARGET_BASE_URL: "not-a-url" is not an http\(s\) URL$/],
  ["TARGET_BASE_URL", "ftp://127.0.0.1/", /TARGET_BASE_URL/],
  ["REQUEST_TIMEOUT_MS", "-5", /^REQUEST_TIMEOUT_MS: "-5" must be at least 1$/],
  ["REQUEST_TIMEOUT_MS", "soon", /REQUEST_TIMEOUT_MS: "soon" is not a whole number/],
  ["CONFORMANCE_STRICT", "maybe", /CONFORMANCE_STRICT: "maybe" must be true or false/],
  ["SEED", "1.5", /SEED/],
  ["PROPERTY_RUNS", "0", /PROPERTY_RUNS/],
  [
    "STATEMENT_DATE_FORMAT",
    "unix",
    /^STATEMENT_DATE_FORMAT: "unix" is not a usable date form: "u" is not a date token; give a dayjs/,
  ],
  ["STATEMENT_DATE_FORMAT", "dd.MM.yyyy", /STATEMENT_DATE_FORMAT: "dd.MM.yyyy" .*days of the month are DD/],
  ["STATEMENT_DATE_FORMAT", "YYYY-MM", /STATEMENT_DATE_FORMAT: "YYYY-MM" .*has no day token/],
  ["STATEMENT_PERIOD_START", "June", /STATEMENT_PERIOD_START/],
  ["PAYMENT_CARD_EXPIRY", "13/30", /PAYMENT_CARD_EXPIRY/],
  ["CARD_API_HEADERS", "X-Key: 1", /CARD_API_HEADERS: \(value hidden\) is not a JSON object/],
  ["PARTNER_SIGNING_KEY", "secret-but-short", /^PARTNER_SIGNING_KEY: \(value hidden\) is not 64 hex digits$/],
  ["CRYPTO_PROFILE", "rot13", /CRYPTO_PROFILE/],
  [
    "TARGET_UTC_OFFSET",
    "Asia/Almaty",
    /^TARGET_UTC_OFFSET: "Asia\/Almaty" is not a UTC offset such as \+05:00, \+00:00 or Z$/,
  ],
  ["TARGET_UTC_OFFSET", "+24:00", /TARGET_UTC_OFFSET/],
  ["LIMIT_OBJECT_TYPES", "card,account", /^LIMIT_OBJECT_TYPES: "card,account" is not three comma-separated names/],
  ["LIMIT_OBJECT_TYPES", "card,,client", /LIMIT_OBJECT_TYPES/],
];

test.for(
  INVALID.map(([name, value, re]) => [`${name}=${value} is refused, naming the variable`, name, value, re] as const),
)("%s", ([, name, value, re]) => {
  let error: unknown;
  try {
    loadConfig({ [name]: value });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).variable).toBe(name);
  expect((error as Error).message).toMatch(re);
  if ((VARIABLES as Record<string, { secret?: boolean }>)[name]?.secret)
    expect((error as Error).message).not.toContain(value);
});

test.for([
  ["+00:00", "DD.MM.YYYY", "DD.MM.YYYY", "target"],
  ["Z", "datetime-utc", "YYYY-MM-DDTHH:mm:ss[Z]", "utc"],
  ["-03:30", "YYYY-MM-DD HH:mm:ss", "YYYY-MM-DD HH:mm:ss", "target"],
  ["+05:00", "", "YYYY-MM-DDTHH:mm:ssZ", "written"],
] as const)(
  "TARGET_UTC_OFFSET=%s and STATEMENT_DATE_FORMAT=%j are accepted (pattern %s)",
  ([offset, declared, pattern, zone]) => {
    const config = loadConfig({ TARGET_UTC_OFFSET: offset, STATEMENT_DATE_FORMAT: declared });
    expect(config.target.utcOffset).toBe(offset);
    expect(config.cardApi.dateFormat).toMatchObject({ pattern, zone });
  },
);

test("the defaults are the sandbox's test data and load without any environment", () => {
  const config = loadConfig({});
  expect(config.target.baseUrl).toBeUndefined();
  expect(config.run.strict).toBe(false);
  expect(config.run.seedFromEnv).toBe(false);
  expect(config.fixtures.payment.currency).toBe("KZT");
});

test("the environment overrides defaults; SEED fixes the seed; secrets are collected for redaction", () => {
  const config = loadConfig({
    SEED: "42",
    CONFORMANCE_STRICT: "true",
    CARD_API_HEADERS: '{"X-Api-Key":"k-1234567890"}',
  });
  expect(config.run.seed).toBe(42);
  expect(config.run.strict).toBe(true);
  expect(config.headersByFamily["card-api"]).toEqual({ "X-Api-Key": "k-1234567890" });
  expect(config.secrets.map((s) => s.name)).toEqual(
    expect.arrayContaining(["PARTNER_ACCESS_TOKEN", "CARD_API_HEADERS.X-Api-Key"]),
  );
});

test("LIMIT_OBJECT_TYPES names the object kinds on the wire (§2.4 shows only card)", () => {
  const config = loadConfig({ LIMIT_OBJECT_TYPES: "CARD, ACCOUNT ,customer" });
  expect(config.cardApi.objectTypes).toEqual({ card: "CARD", account: "ACCOUNT", client: "customer" });
  expect(limitsRequest(config, "client").object).toEqual({ type: "customer", value: config.fixtures.payment.clientId });
});

test(".env.example lists every variable, each with a comment, as generated from the table", () => {
  const text = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
  expect(text).toBe(renderEnvExample());
  for (const name of Object.keys(VARIABLES)) expect(text).toMatch(new RegExp(`^# .+\\n${name}=`, "m"));
});

test("the variables table of docs/configuration.md lists exactly the variables the harness reads", () => {
  const page = readFileSync(new URL("../../docs/configuration.md", import.meta.url), "utf8");
  // The first cell of each table row names one or more variables: `A`, `B`.
  const rows = page.split("\n").filter((line) => /^\| `[A-Z]/.test(line));
  const listed = rows.flatMap((row) => [...row.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
  expect(Object.keys(VARIABLES).filter((name) => !listed.includes(name))).toEqual([]);
  expect(listed.filter((name) => !(name in VARIABLES))).toEqual([]);
});

test("a name in .env the harness does not read (a typo) is found, the known ones are not", () => {
  const file = join(mkdtempSync(join(tmpdir(), "env-file-")), ".env");
  writeFileSync(file, "REQUEST_TIMOUT_MS=100\nSEED=5\n# a comment\nTARGET_BASE_URL=http://127.0.0.1:4010\n");
  expect(unknownEnvFileNames(file)).toEqual(["REQUEST_TIMOUT_MS"]);
  expect(unknownEnvFileNames(join(tmpdir(), "no-such-dir-", ".env"))).toEqual([]);
});
