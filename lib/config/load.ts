/**
 * Configuration: `.env` (through dotenv) overridden by the process environment, validated once.
 * An invalid value throws ConfigError naming the variable; entry points turn it into exit code 2.
 */
import { randomInt } from "node:crypto";
import type { CardApiJwsOptions } from "../crypto/profile.ts";
import { readCardApiAuth, readTokenSource, type CardApiAuthKind, type TokenSourceConfig } from "./access-token.ts";
import { readCardApiJws } from "./card-api-jws.ts";
import { loadEnvFile } from "./env-file.ts";
import { createReader, type Env } from "./reader.ts";
import { ConfigError } from "../errors/config-error.ts";
import { profileSpecProblem } from "../crypto/index.ts";
import { isProfileModule } from "../crypto/module-profile.ts";
import { parseKey, type KeyKind } from "../crypto/keys.ts";
import type { Family } from "../catalogue/types.ts";
import type { ObjectKind } from "../payments/kinds.ts";
import type { DateForm } from "../time/date-form.ts";
import { readSafety, type SafetySettings } from "./safety.ts";
import { readMeasures, type MeasureSettings } from "./measures.ts";
import { readAmountNonce, readLedgerSettle, type LedgerSettle } from "./ledger-settle.ts";
import { loadClientData, type ClientDataSource } from "./client-data.ts";
import { loadRequestRules, type RequestRules } from "./request-rules.ts";
import { readLimitSettings, type LimitSettings } from "./limit-vocabulary.ts";
import { SANDBOX_KEY_PAIRS, SANDBOX_PARTNER, type CardFixture } from "../test-data/published.ts";
import { readNetwork, type NetworkConfig } from "./network.ts";
import { proxySecrets } from "./proxy.ts";
import { SECRET_VARIABLES, VARIABLES, type VariableName, type VariableSpec } from "./variables.ts";
import { FAMILY_BASE_URL_VARIABLES, FAMILY_HEADER_VARIABLES } from "./families.ts";

export const IDEMPOTENCY_MODES = ["either", "replay", "reject"] as const;
export type IdempotencyMode = (typeof IDEMPOTENCY_MODES)[number];

export interface Config {
  target: {
    baseUrl: string | undefined;
    familyBaseUrls: Partial<Record<Family, string>>;
    utcOffset: string;
  };
  run: {
    strict: boolean;
    seed: number;
    seedFromEnv: boolean;
    propertyRuns: number;
    requestTimeoutMs: number;
    reportsDir: string;
    /** CHECK_RETRIES (or --retries): a failed check runs again up to this many times; passed on a retry is flaky. */
    retries: number;
    /** GITHUB_STEP_SUMMARY: the file GitHub Actions shows as the job summary ("" outside Actions). */
    stepSummaryFile: string;
  };
  partner: {
    /** The static token (PARTNER_ACCESS_TOKEN); "" when the token is fetched (see `token`). */
    accessToken: string;
    /** Where the access token comes from: static, a token endpoint or a command (access-token.ts). */
    token: TokenSourceConfig;
    signingKey: string;
    platformSigningKey: string;
    encryptionKey: string;
    /** A built-in profile name or the path of a profile module (loaded asynchronously, once). */
    cryptoProfile: string;
    /** PEM or JWK text for key-pair profiles; "" when unset. */
    privateKey: string;
    platformPublicKey: string;
  };
  /** The headers every request of a family carries (families.ts): CARD_API_HEADERS, MERCHANT_API_HEADERS, … */
  headersByFamily: Partial<Record<Family, Record<string, string>>>;
  /** The limits vocabulary and the test terminal's scope (limit-vocabulary.ts): cardApi is a LimitVocabulary. */
  cardApi: LimitSettings & {
    /** CARD_API_AUTH, or what CRYPTO_PROFILE and CARD_API_HEADERS imply (access-token.ts). */
    auth: CardApiAuthKind;
    /** The `jws` profile's card API detached JWS (CARD_API_JWS_*). */
    jws: CardApiJwsOptions;
    /** STATEMENT_DATE_FORMAT: how start_date and end_date are written and what a bound covers. */
    dateFormat: DateForm;
    idempotencyMode: IdempotencyMode;
    /** object.type of each object kind in limits requests (§2.4 shows only `card`). */
    objectTypes: Record<ObjectKind, string>;
    raceDebits: number;
    /** LEDGER_SETTLE_MS: how long a posting may take to show, and whether the target declared it (ledger-settle.ts). */
    ledgerSettle: LedgerSettle;
    /** AMOUNT_NONCE, or drawn at random: what moves the ledger checks' amounts (lib/payments/run-amounts.ts). */
    amountNonce: number;
  };
  fixtures: {
    statement: { cardId: string; periodStart: string; periodEnd: string };
    /** Cards for the concurrency check, tried in order. */
    raceCardIds: string[];
    /** The payment card (PAYMENT_CARD_*), and where and in what its debits go. */
    payment: CardFixture & {
      creditAccount: string;
      terminal: string;
      currency: string;
    };
    /** CLIENT_DATA_FILE: the client data inside encrypted_data (§2.1), or the sandbox's. */
    clientData: ClientDataSource;
    /** REQUEST_RULES_FILE: the request rules the target declares (required fields, bounds, …), or none. */
    requestRules: RequestRules;
    /** DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX in minor units; unset: chosen from the payment card's limits. */
    debitAmounts: { minMinor?: number; maxMinor?: number };
    /** UNKNOWN_CARD_PAN: a test card number the target declares it has no card for; unset: none declared. */
    unknownCardPan: string | undefined;
  };
  /** TLS trust, client certificates per family and the outbound proxy (network.ts). */
  network: NetworkConfig;
  /** Target environment, guard, pace and deadline (safety.ts). */
  safety: SafetySettings;
  /** Latency budgets, "slower since the last run" and the declared TLS policy (measures.ts). */
  measures: MeasureSettings;
  /** Values of the secret variables, to be replaced in every output. */
  secrets: Array<{ name: string; value: string }>;
  /** Forms of an earlier release still read as it read them, each one line naming the new form (reader.ts). */
  deprecations: readonly string[];
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

export function loadConfig(env: Env): Config {
  const r = createReader(env);
  const seedText = r.string("SEED");
  const [month, year] = r.pattern("PAYMENT_CARD_EXPIRY", /^(0[1-9]|1[0-2])\/\d{2}$/, "MM/YY").split("/") as [
    string,
    string,
  ];
  const cryptoProfile = cryptoProfileSpec(r.string("CRYPTO_PROFILE"));
  // Only the built-in profiles know their key formats; a module gets the strings as configured
  // and judges them itself (validateKeys, at load time).
  const hexKey = (name: VariableName) =>
    isProfileModule(cryptoProfile) ? r.string(name) : r.pattern(name, HEX_KEY, "64 hex digits");
  const platformKey = r.string("PLATFORM_SIGNING_KEY");
  const network = readNetwork(env);
  const token = readTokenSource(r);
  const cardApiAuth = readCardApiAuth(r, cryptoProfile, isProfileModule(cryptoProfile));
  const cardApiJws = readCardApiJws(r);
  // CARD_API_AUTH=jws without a shared secret signs with the partner's key, whatever the profile: it must parse.
  if (cardApiAuth === "jws" && !cardApiJws.hmacKey)
    keyText(r.required("PARTNER_PRIVATE_KEY"), "PARTNER_PRIVATE_KEY", "private");
  return {
    target: {
      baseUrl: r.optionalUrl("TARGET_BASE_URL"),
      familyBaseUrls: dropUndefined(
        Object.fromEntries(Object.entries(FAMILY_BASE_URL_VARIABLES).map(([f, name]) => [f, r.optionalUrl(name)])),
      ),
      utcOffset: r.utcOffset("TARGET_UTC_OFFSET"),
    },
    run: {
      strict: r.boolean("CONFORMANCE_STRICT"),
      seed: seedText ? r.integer("SEED", 0) : randomInt(2 ** 31),
      seedFromEnv: Boolean(seedText),
      propertyRuns: r.integer("PROPERTY_RUNS", 1, 100_000),
      requestTimeoutMs: r.integer("REQUEST_TIMEOUT_MS", 1),
      reportsDir: r.required("REPORTS_DIR"),
      retries: r.integer("CHECK_RETRIES", 0, 10),
      stepSummaryFile: r.string("GITHUB_STEP_SUMMARY"),
    },
    partner: {
      accessToken: token.kind === "static" ? token.token : "",
      token,
      signingKey: hexKey("PARTNER_SIGNING_KEY"),
      platformSigningKey: platformKey && hexKey("PLATFORM_SIGNING_KEY"),
      encryptionKey: hexKey("PARTNER_ENCRYPTION_KEY"),
      cryptoProfile,
      privateKey: isProfileModule(cryptoProfile)
        ? r.string("PARTNER_PRIVATE_KEY")
        : keyText(r.string("PARTNER_PRIVATE_KEY"), "PARTNER_PRIVATE_KEY", "private"),
      platformPublicKey: isProfileModule(cryptoProfile)
        ? r.string("PLATFORM_PUBLIC_KEY")
        : keyText(r.string("PLATFORM_PUBLIC_KEY"), "PLATFORM_PUBLIC_KEY", "public"),
    },
    headersByFamily: Object.fromEntries(
      Object.entries(FAMILY_HEADER_VARIABLES).map(([f, name]) => [f, r.headers(name)]),
    ) as Config["headersByFamily"],
    cardApi: {
      auth: cardApiAuth,
      jws: cardApiJws,
      dateFormat: r.dateForm("STATEMENT_DATE_FORMAT"),
      idempotencyMode: r.oneOf("IDEMPOTENCY_MODE", IDEMPOTENCY_MODES),
      objectTypes: objectTypes(r),
      ...readLimitSettings(r),
      raceDebits: r.integer("RACE_DEBITS", 2, 100),
      ledgerSettle: readLedgerSettle(r, env),
      amountNonce: readAmountNonce(r),
    },
    fixtures: {
      statement: {
        cardId: r.required("STATEMENT_CARD_ID"),
        periodStart: r.isoDateTime("STATEMENT_PERIOD_START"),
        periodEnd: r.isoDateTime("STATEMENT_PERIOD_END"),
      },
      raceCardIds: r.list("RACE_CARD_IDS"),
      payment: {
        cardId: r.required("PAYMENT_CARD_ID"),
        pan: r.pattern("PAYMENT_CARD_PAN", /^\d{12,19}$/, "12 to 19 digits"),
        month,
        year,
        cvc: r.pattern("PAYMENT_CARD_CVC", /^\d{3,4}$/, "3 or 4 digits"),
        holder: r.string("PAYMENT_CARD_HOLDER"),
        accountNumber: r.required("PAYMENT_ACCOUNT_NUMBER"),
        clientId: r.required("PAYMENT_CLIENT_ID"),
        creditAccount: r.required("CREDIT_ACCOUNT_NUMBER"),
        terminal: r.required("TERMINAL_NUMBER"),
        currency: r.pattern("CURRENCY", /^[A-Z]{3}$/, "a three-letter currency code"),
      },
      unknownCardPan: r.string("UNKNOWN_CARD_PAN") ? unknownCardPan(r) : undefined,
      debitAmounts: readDebitAmounts(r),
      clientData: loadClientData(r.string("CLIENT_DATA_FILE")),
      requestRules: loadRequestRules(r.string("REQUEST_RULES_FILE")),
    },
    // After fixtures: PAYMENT_CARD_PAN has been validated by then.
    safety: readSafety(r, [r.string("PAYMENT_CARD_PAN"), r.string("UNKNOWN_CARD_PAN")]),
    network,
    measures: readMeasures(r),
    secrets: [
      ...proxySecrets(network.proxy),
      ...SECRET_VARIABLES.map((name) => ({ name, value: r.string(name) })),
      ...Object.values(FAMILY_HEADER_VARIABLES).flatMap((name) =>
        Object.entries(r.headers(name)).map(([h, value]) => ({ name: `${name}.${h}`, value })),
      ),
      { name: "PARTNER_PRIVATE_KEY.d", value: privateJwkD(r.string("PARTNER_PRIVATE_KEY")) },
    ].filter((s) => s.value),
    // Last: every reader above has run, so every deprecated form it met is here.
    deprecations: [...r.deprecations],
  };
}

/** True when the key that verifies the platform's signatures is still the reference sandbox's published one. */
export function usesPublishedPlatformKey(config: Config, profile: string): boolean {
  if (profile === "default") return config.partner.platformSigningKey === SANDBOX_PARTNER.platformSigningKey;
  return profile === "jws" && config.partner.platformPublicKey === SANDBOX_KEY_PAIRS.platformPublicKey;
}

/** CRYPTO_PROFILE: a built-in name, or a module path whose file exists (it is imported later, once). */
function cryptoProfileSpec(spec: string): string {
  const problem = profileSpecProblem(spec);
  if (problem) throw new ConfigError("CRYPTO_PROFILE", `"${spec}" ${problem}`);
  return spec;
}

/** A key in PEM or JWK text, parsed once to refuse a bad one at start-up; "" stays unset. */
function keyText(text: string, name: VariableName, kind: KeyKind): string {
  if (!text) return text;
  try {
    parseKey(text, kind);
  } catch (error) {
    const shown = (VARIABLES[name] as VariableSpec).secret ? "(value hidden)" : "the value";
    throw new ConfigError(name, `${shown} ${(error as Error).message}`);
  }
  return text;
}

/** The private part of a JWK private key, redacted on its own wherever it might appear. */
function privateJwkD(text: string): string {
  try {
    const d = (JSON.parse(text) as { d?: unknown }).d;
    return typeof d === "string" ? d : "";
  } catch {
    return "";
  }
}

/** DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX: positive amounts in major units, the minimum not above the maximum. */
function readDebitAmounts(r: ReturnType<typeof createReader>): Config["fixtures"]["debitAmounts"] {
  const minor = (name: "DEBIT_AMOUNT_MIN" | "DEBIT_AMOUNT_MAX"): number | undefined => {
    const value = r.amountMinor(name, "100");
    if (value === 0) throw new ConfigError(name, `"${r.string(name)}" must be more than 0`);
    return value;
  };
  const minMinor = minor("DEBIT_AMOUNT_MIN");
  const maxMinor = minor("DEBIT_AMOUNT_MAX");
  if (minMinor !== undefined && maxMinor !== undefined && minMinor > maxMinor) {
    throw new ConfigError(
      "DEBIT_AMOUNT_MAX",
      `"${r.string("DEBIT_AMOUNT_MAX")}" is below DEBIT_AMOUNT_MIN "${r.string("DEBIT_AMOUNT_MIN")}"`,
    );
  }
  return dropUndefined({ minMinor, maxMinor });
}

/** A card number, and not the payment card's: a debit of it must be refused, one of the payment card must not. */
function unknownCardPan(r: ReturnType<typeof createReader>): string {
  const pan = r.pattern("UNKNOWN_CARD_PAN", /^\d{12,19}$/, "12 to 19 digits");
  if (pan === r.string("PAYMENT_CARD_PAN"))
    throw new ConfigError(
      "UNKNOWN_CARD_PAN",
      "(value hidden) is PAYMENT_CARD_PAN: give a number the target has no card for",
    );
  return pan;
}

/** LIMIT_OBJECT_TYPES: three names, for the card, the account and the client. */
function objectTypes(r: ReturnType<typeof createReader>): Record<ObjectKind, string> {
  const text = r.string("LIMIT_OBJECT_TYPES");
  const names = r.list("LIMIT_OBJECT_TYPES");
  if (names.length !== 3 || text.split(",").length !== 3) {
    throw new ConfigError(
      "LIMIT_OBJECT_TYPES",
      `${JSON.stringify(text)} is not three comma-separated names (for a card, an account and a client)`,
    );
  }
  return { card: names[0]!, account: names[1]!, client: names[2]! };
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

let processConfig: Config | undefined;

/** The configuration of this process: `.env` merged under the environment, loaded once. */
export function processConfiguration(): Config {
  if (!processConfig) {
    loadEnvFile();
    processConfig = loadConfig(process.env);
  }
  return processConfig;
}

/** Base URL for an operation family: the per-family override, else TARGET_BASE_URL. */
export function baseUrlFor(config: Config, family: Family): string {
  const url = config.target.familyBaseUrls[family] ?? config.target.baseUrl;
  if (!url) throw new Error("no target: TARGET_BASE_URL is unset and no sandbox was started");
  return url;
}

/**
 * REPORTS_DIR as the configuration reads it, for what happens before the whole configuration is
 * loaded: --last-failed reads the last summary and the old outputs are cleared even when another
 * variable is wrong.
 */
export function reportsDirOf(env: Env = process.env): string {
  return createReader(env).required("REPORTS_DIR");
}
