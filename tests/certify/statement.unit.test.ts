/**
 * The implementation conformance statement, in-process: the declaration holds
 * key kinds and content hashes, never key material; each option names the checks it changed; a
 * pack without a statement fails verification. The end-to-end pack: tests/certify/certify.test.ts.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { declarationOf, profileReadsOf } from "../../lib/reporting/certify/declaration.ts";
import { fileEntries, MANIFEST_FILE, PACK_FORMAT } from "../../lib/reporting/certify/manifest.ts";
import { optionEffects } from "../../lib/reporting/certify/option-effects.ts";
import { checkReads } from "../../lib/checks/reads.ts";
import { idLiterals, reportingSources } from "./id-literals.ts";
import {
  buildStatement,
  describeStatement,
  STATEMENT_FILE,
  STATEMENT_FORMAT,
} from "../../lib/reporting/certify/statement.ts";
import { verifyPack } from "../../lib/reporting/certify/verify.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { SANDBOX_CARDS, SANDBOX_PARTNER } from "../../lib/test-data/published.ts";
import { ALL_MODULES } from "../../suites/modules.ts";

const CHECK_IDS = ALL_MODULES.flatMap((m) => m.checks.map((c) => c.id));
const READS = checkReads(ALL_MODULES);

/** The declaration of a run with these variables and a built-in profile (which reads a fixed set of keys). */
function declared(env: Record<string, string>) {
  const config = loadConfig(env);
  return declarationOf(config, profileReadsOf(config.partner.cryptoProfile, {}, env));
}

function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "statement-")), name);
  writeFileSync(path, text);
  return path;
}

describe("the declaration", () => {
  test("the default profile's keys by kind, never by value", () => {
    const d = declared({});
    expect(d.cryptoProfile).toEqual({
      name: "default",
      builtIn: true,
      keys: [
        {
          variable: "PARTNER_SIGNING_KEY",
          set: false,
          kind: "HMAC-SHA256 key, 32 bytes (64 hex digits): unset, the sandbox's published key",
        },
        {
          variable: "PLATFORM_SIGNING_KEY",
          set: false,
          kind: "HMAC-SHA256 key, 32 bytes (64 hex digits): unset, the sandbox's published key",
        },
        {
          variable: "PARTNER_ENCRYPTION_KEY",
          set: false,
          kind: "AES-256-GCM key, 32 bytes (64 hex digits): unset, the sandbox's published key",
        },
      ],
    });
    const text = JSON.stringify(d);
    for (const key of [SANDBOX_PARTNER.signingKey, SANDBOX_PARTNER.encryptionKey]) expect(text).not.toContain(key);
  });

  test("CLIENT_DATA_FILE by content hash; CARD_API_HEADERS by name; the limits vocabulary as declared", () => {
    const records = JSON.stringify([{ company_name: "Acme", bin: "123456789012", phone: "+77010000000" }]);
    const file = tempFile("clients.json", records);
    const env = {
      CLIENT_DATA_FILE: file,
      CARD_API_HEADERS: '{"Authorization":"Bearer abc.def","X-Api-Key":"k-123"}',
      CUMULATIVE_LIMIT_TYPES: "daily_total,monthly_total",
      IDEMPOTENCY_MODE: "reject",
    };
    const d = declared(env);
    expect(d.clientDataFile).toEqual({
      variable: "CLIENT_DATA_FILE",
      path: file,
      sha256: createHash("sha256").update(records).digest("hex"),
      kind: "records",
    });
    expect(d.cardApiHeaders).toEqual(["Authorization", "X-Api-Key"]);
    expect(JSON.stringify(d)).not.toMatch(/abc\.def|k-123/);
    expect(d.limits.cumulativeLimitTypes).toEqual(["daily_total", "monthly_total"]);
    expect(d.idempotencyMode).toBe("reject");
  });

  test("REQUEST_RULES_FILE by content hash, with the operations it declares rules for, and the generated checks it changes", () => {
    const rules = JSON.stringify({
      "card-api.transaction-create": { type: "object", required: ["request_id", "debit"] },
    });
    const file = tempFile("rules.json", rules);
    const d = declared({ REQUEST_RULES_FILE: file });
    expect(d.requestRulesFile).toMatchObject({
      variable: "REQUEST_RULES_FILE",
      sha256: createHash("sha256").update(rules).digest("hex"),
      operations: ["card-api.transaction-create"],
    });
    const row = optionEffects(d, READS).find((e) => e.option === "REQUEST_RULES_FILE")!;
    expect(row).toMatchObject({
      enabled: [],
      changed: [
        "CARD-TXN-IDEMPOTENT-CONFLICT",
        "CARD-TXN-NEGATIVE",
        "CARD-TXN-NO-5XX",
        "CARD-TXN-POSITIVE",
        "CARD-TXN-UNKNOWN-CARD",
      ],
    });
    const reference = declared({ REQUEST_RULES_FILE: "reference" });
    expect(reference.requestRulesFile).toEqual({ variable: "REQUEST_RULES_FILE", path: "reference" });
    expect(declared({}).requestRulesFile).toBeUndefined();
  });
});

describe("per declared option, the checks it enabled, disabled or changed", () => {
  test("lib/reporting names no check id, no id prefix and no template suffix: the effects are derived", () => {
    expect(
      reportingSources().flatMap(([file, text]) => idLiterals(text, CHECK_IDS).map((l) => `${file}: ${l}`)),
    ).toEqual([]);
    // A hand mapping of old is caught: an id, a prefix, a template's id.
    const old = 'byPrefix("CARD-LEDGER-"); known("CARD-TXN-IDEMPOTENT-REPLAY"); `${code}-NEGATIVE`; "HMAC-SHA256 key"';
    expect(idLiterals(old, CHECK_IDS)).toEqual([
      '"CARD-LEDGER-"',
      '"CARD-TXN-IDEMPOTENT-REPLAY"',
      "`${code}-NEGATIVE`",
    ]);
  });

  test("every option a check reads has its effect sentence with the variable, and a value the statement can show", () => {
    const effects = optionEffects(declared({}), READS);
    expect(effects.filter((e) => !e.effect).map((e) => e.option)).toEqual([]);
    expect(effects.map((e) => e.option)).toEqual(
      expect.arrayContaining(["TARGET_ENV", "UNKNOWN_CARD_PAN", "MAX_DEBIT_TOTAL", "CHECK_RETRIES (--retries)"]),
    );
  });

  test("a declaration that disables checks fills disabled: production, and an unknown card off the sandbox", () => {
    const production = optionEffects(declared({ TARGET_ENV: "production" }), READS);
    const env = production.find((e) => e.option === "TARGET_ENV")!;
    expect(env.disabled).toEqual(
      expect.arrayContaining(["PT-BIZ-HTTP-200", "CARD-TXN-HTTP-200", "CARD-LEDGER-RACE", "CARD-LIM-OTHER-OBJECT"]),
    );
    expect(env.disabled.filter((id) => id.startsWith("CARD-STMT-"))).toEqual([]);
    const staging = { TARGET_ENV: "staging", TEST_PANS: SANDBOX_CARDS.payment.pan };
    const unset = optionEffects(declared(staging), READS).find((e) => e.option === "UNKNOWN_CARD_PAN")!;
    expect(unset).toMatchObject({ value: "unset", disabled: ["CARD-TXN-UNKNOWN-CARD"], changed: [] });
    const sandbox = optionEffects(declared({}), READS).find((e) => e.option === "UNKNOWN_CARD_PAN")!;
    expect(sandbox).toMatchObject({ disabled: [], changed: [] });
  });

  test("every listed check is a check of this harness; a period option changes the statement checks", () => {
    const effects = optionEffects(declared({}), READS);
    for (const e of effects)
      for (const id of [...e.changed, ...e.enabled, ...e.disabled]) expect(CHECK_IDS).toContain(id);
    expect(effects.find((e) => e.option === "STATEMENT_DATE_FORMAT")!.changed).toContain("CARD-STMT-PERIOD");
  });

  test("CARD_API_AUTH: what the card API requests carry, and the checks it changes", () => {
    const jws = { CRYPTO_PROFILE: "jws" };
    const rows = optionEffects(declared(jws), READS);
    expect(rows.find((e) => e.option === "CARD_API_AUTH")).toMatchObject({
      value: "jws",
      effect: "every card API request carries a detached JWS of its body (CARD_API_JWS_*)",
    });
    expect(rows.find((e) => e.option === "CARD_API_AUTH")!.changed).toContain("CARD-TXN-HTTP-200");
    expect(rows.find((e) => e.option === "CRYPTO_PROFILE")!.changed.some((id) => id.startsWith("CARD-"))).toBe(false);
    const none = optionEffects(declared({}), READS).find((e) => e.option === "CARD_API_AUTH")!;
    expect(none).toMatchObject({ value: "none", changed: [] });
  });

  test("the limits vocabulary as declared, with the checks that read it", () => {
    // With the debit range declared, only the checks that judge usage and limits read the vocabulary.
    const env = {
      CUMULATIVE_LIMIT_TYPES: "daily_total,monthly_total",
      DEBIT_AMOUNT_MIN: "1.00",
      DEBIT_AMOUNT_MAX: "20.00",
    };
    const row = optionEffects(declared(env), READS).find((e) => e.option === "CUMULATIVE_LIMIT_TYPES")!;
    expect(row.value).toBe("daily_total,monthly_total");
    expect(row.changed).toEqual([
      "CARD-LEDGER-LIMITS-ENFORCED",
      "CARD-LEDGER-RACE",
      "CARD-LEDGER-REMAINING",
      "CARD-LEDGER-SETTLE",
      "CARD-LEDGER-USAGE",
      "CARD-LIM-OTHER-OBJECT",
    ]);
    // Unset, the debit range is read from the card's limits in that vocabulary: every debit changes.
    const unset = optionEffects(declared({}), READS).find((e) => e.option === "CUMULATIVE_LIMIT_TYPES")!;
    expect(unset.changed).toEqual(expect.arrayContaining(["CARD-TXN-HTTP-200", "CARD-LEDGER-STATEMENT"]));
    expect(unset.changed.filter((id) => id.startsWith("CARD-STMT-") || id.startsWith("PT-"))).toEqual([]);
  });
});

describe("the statement in the pack", () => {
  const network = { tls: [{ protocol: "TLSv1.3" }], observations: [] };
  const summary = { debitAmounts: "debit amounts 1.00–99.99 KZT (fixed debit 10.00)", network };

  test("TLS facts where the run recorded them; a run without a declaration states none", () => {
    const s = buildStatement(summary as unknown as Summary, READS, { version: "9.9.9" });
    expect(s).toMatchObject({ format: STATEMENT_FORMAT, network, options: [] });
    expect(s.declared).toBeUndefined();
    expect(describeStatement(s)[0]).toMatch(/no declaration recorded/);
    expect(describeStatement(s)[1]).toMatch(/^self-qualification: kills \d+ of \d+ seeded faults .* harness 9\.9\.9$/);
  });

  test("a pack whose statement was removed with its manifest entry fails verification", () => {
    const files = new Map([["summary.md", Buffer.from("# ok\n")]]);
    const manifest = { format: PACK_FORMAT, files: fileEntries(files) };
    files.set(MANIFEST_FILE, Buffer.from(JSON.stringify(manifest)));
    expect(verifyPack(files, undefined).problems).toEqual([
      `${STATEMENT_FILE}: the pack has no implementation conformance statement`,
    ]);
    files.set(STATEMENT_FILE, Buffer.from(JSON.stringify({ format: STATEMENT_FORMAT })));
    manifest.files = fileEntries(new Map([...files].filter(([p]) => p !== MANIFEST_FILE)));
    files.set(MANIFEST_FILE, Buffer.from(JSON.stringify(manifest)));
    expect(verifyPack(files, undefined).problems).toEqual([]);
  });
});
