/**
 * What the partner declared for a run, as certification forms ask it (OpenID's and EMVCo's
 * implementation conformance statements): the crypto profile and the variables it reads — each set
 * or not, with the KIND of its key (never key material) —, the options the spec leaves open, the
 * limits vocabulary, the debit amounts and the partner's files by content hash. Taken from the
 * configuration at run time and kept in summary.json, so that the pack states what the run used,
 * not what the environment of `certify` says.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../../config/load.ts";
import { BUILT_IN_KEY_VARIABLES, STANDARD_KEY_VARIABLES } from "../../crypto/key-variables.ts";
import { parseKey } from "../../crypto/keys.ts";
import { isProfileModule } from "../../crypto/module-profile.ts";
import type { CryptoProfile } from "../../crypto/profile.ts";

export interface DeclaredFile {
  variable: string;
  /** The path as configured (a path, not content). */
  path: string;
  /** SHA-256 of the file's bytes; absent when it could not be read. */
  sha256?: string;
}

/** A key variable the profile in use reads, and whether the environment set it (never its value). */
export interface ProfileRead {
  variable: string;
  set: boolean;
}

export interface DeclaredKey extends ProfileRead {
  /** "HMAC-SHA256 key, 32 bytes (64 hex digits)", "ed25519 private key", "set (its kind is the module's)", "unset (the module gets an empty value)". */
  kind: string;
}

export interface Declaration {
  cryptoProfile: { name: string; builtIn: boolean; keys: DeclaredKey[] };
  /** CARD_API_AUTH as the run resolved it: none, headers, jws, bearer or module. */
  cardApiAuth: string;
  /** Names only: the values are secrets. */
  cardApiHeaders: string[];
  idempotencyMode: string;
  /** LEDGER_SETTLE_MS as the run read it, and whether the target declared it (absent in an older summary). */
  ledgerSettle?: { ms: number; declared: boolean };
  statementDateFormat: string;
  targetUtcOffset: string;
  limits: {
    objectTypes: Record<string, string>;
    cumulativeLimitTypes: string[];
    minimumLimitTypes: string[];
    maximumLimitTypes: string[];
    /** LIMIT_PERIODS: period name → meaning. */
    limitPeriods: Record<string, string>;
    /** The test terminal's scope as declared (TERMINAL_MCC, LIMIT_ANY_MCC, …); an MCC read from the target is in debitAmounts. */
    terminal: { mcc?: string; anyMcc: string[]; region?: string; anyRegion: string[]; transactionTypes: string[] };
  };
  /** DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX as configured (minor units); unset: from the card's limits. */
  debitAmounts: { minMinor?: number; maxMinor?: number };
  clientDataFile?: DeclaredFile & { kind: "records" | "schema" };
  /** REQUEST_RULES_FILE: a file (its hash, and the operation keys it declares rules for), or "reference". */
  requestRulesFile?: DeclaredFile & { operations?: string[] };
  /** TARGET_ENV, ALLOW_MUTATIONS, whether UNKNOWN_CARD_PAN is set (never its value), MAX_DEBIT_TOTAL; absent in an older run's summary. */
  safety?: { targetEnv: string; allowMutations: boolean; unknownCardPan: boolean; maxDebitTotalMinor?: number };
  /** CHECK_RETRIES (--retries) as the run used it; absent in an older run's summary. */
  retries?: number;
  /** LATENCY_P95_MS as the run read it (one budget, per operation key); absent in an older run's summary. */
  latencyP95Ms?: { all?: number; byOperation: Record<string, number> };
}

function fileHash(path: string): string | undefined {
  const file = resolve(path);
  return existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : undefined;
}

function declaredFile(variable: string, path: string): DeclaredFile {
  const sha256 = fileHash(path);
  return { variable, path, ...(sha256 ? { sha256 } : {}) };
}

/** The kind of a PEM/JWK key: its algorithm and whether it is private, never its bytes. */
function asymmetricKind(text: string, kind: "private" | "public"): string {
  try {
    return `${parseKey(text, kind).asymmetricKeyType ?? "unknown"} ${kind} key`;
  } catch {
    return `${kind} key (not parsed)`;
  }
}

/**
 * The variables the profile in use reads: a built-in's keys (key-variables.ts), or a module's own
 * variables and each standard key variable it was seen reading (the loader watches them) — by the
 * end of the preflight, which signs and seals with it, or as loaded when the run ends before; each
 * with whether the environment set it.
 */
export function profileReadsOf(
  spec: string,
  profile: Pick<CryptoProfile, "keyVariables">,
  env: Record<string, string | undefined>,
): ProfileRead[] {
  const names = isProfileModule(spec) ? (profile.keyVariables?.() ?? []) : (BUILT_IN_KEY_VARIABLES[spec] ?? []);
  return names.map((variable) => ({ variable, set: Boolean(env[variable]?.trim()) }));
}

const MODULE_KIND = "set (its kind is the module's)";
/** What a standard key variable left unset holds: its default (lib/config/variables.ts). */
const PUBLISHED = "unset, the sandbox's published key";

/** The kind of the value a built-in profile uses for a variable: its algorithm and length, never its bytes. */
function builtInKind(config: Config, variable: string): string {
  const p = config.partner;
  if (variable === "PARTNER_PRIVATE_KEY") return asymmetricKind(p.privateKey, "private");
  if (variable === "PLATFORM_PUBLIC_KEY") return asymmetricKind(p.platformPublicKey, "public");
  if (variable === "PARTNER_ENCRYPTION_KEY")
    return p.cryptoProfile === "default"
      ? "AES-256-GCM key, 32 bytes (64 hex digits)"
      : "AES-256 key, 32 bytes (64 hex digits)";
  return "HMAC-SHA256 key, 32 bytes (64 hex digits)";
}

function profileKeys(config: Config, builtIn: boolean, reads: readonly ProfileRead[]): DeclaredKey[] {
  return reads.map(({ variable, set }) => {
    if (builtIn)
      return {
        variable,
        set,
        kind: set ? builtInKind(config, variable) : `${builtInKind(config, variable)}: ${PUBLISHED}`,
      };
    if (set) return { variable, set, kind: MODULE_KIND };
    // A standard key variable is read only when it holds a value: unset, the default's.
    return {
      variable,
      set,
      kind: STANDARD_KEY_VARIABLES.has(variable) ? PUBLISHED : "unset (the module gets an empty value)",
    };
  });
}

function requestRulesOf(config: Config): Declaration["requestRulesFile"] {
  const rules = config.fixtures.requestRules;
  if (rules.kind === "reference") return { variable: "REQUEST_RULES_FILE", path: "reference" };
  if (rules.kind !== "file") return undefined;
  return {
    variable: "REQUEST_RULES_FILE",
    path: rules.file,
    sha256: rules.sha256,
    operations: Object.keys(rules.rules),
  };
}

/** `reads`: the variables the profile in use reads (profileReadsOf). */
export function declarationOf(config: Config, reads: readonly ProfileRead[]): Declaration {
  const builtIn = !isProfileModule(config.partner.cryptoProfile);
  const source = config.fixtures.clientData;
  const rules = requestRulesOf(config);
  return {
    cryptoProfile: { name: config.partner.cryptoProfile, builtIn, keys: profileKeys(config, builtIn, reads) },
    cardApiAuth: config.cardApi.auth,
    cardApiHeaders: Object.keys(config.headersByFamily["card-api"] ?? {}).sort(),
    idempotencyMode: config.cardApi.idempotencyMode,
    ledgerSettle: { ...config.cardApi.ledgerSettle },
    statementDateFormat: config.cardApi.dateFormat.declared,
    targetUtcOffset: config.target.utcOffset,
    limits: {
      objectTypes: { ...config.cardApi.objectTypes },
      cumulativeLimitTypes: [...config.cardApi.cumulativeLimitTypes],
      minimumLimitTypes: [...config.cardApi.minimumLimitTypes],
      maximumLimitTypes: [...config.cardApi.maximumLimitTypes],
      limitPeriods: { ...config.cardApi.limitPeriods },
      terminal: terminalOf(config),
    },
    debitAmounts: { ...config.fixtures.debitAmounts },
    ...(source.kind === "sandbox"
      ? {}
      : { clientDataFile: { ...declaredFile("CLIENT_DATA_FILE", source.file), kind: source.kind } }),
    ...(rules ? { requestRulesFile: rules } : {}),
    safety: {
      targetEnv: config.safety.targetEnv,
      allowMutations: config.safety.allowMutations,
      unknownCardPan: config.fixtures.unknownCardPan !== undefined,
      ...(config.safety.maxDebitTotalMinor !== undefined
        ? { maxDebitTotalMinor: config.safety.maxDebitTotalMinor }
        : {}),
    },
    retries: config.run.retries,
    latencyP95Ms: { ...config.measures.latencyP95Ms, byOperation: { ...config.measures.latencyP95Ms.byOperation } },
  };
}

function terminalOf(config: Config): Declaration["limits"]["terminal"] {
  const t = config.cardApi.terminal;
  return {
    ...(t.mcc ? { mcc: t.mcc } : {}),
    anyMcc: [...t.anyMcc],
    ...(t.region ? { region: t.region } : {}),
    anyRegion: [...t.anyRegion],
    transactionTypes: [...t.transactionTypes],
  };
}
