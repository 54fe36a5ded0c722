/**
 * The implementation conformance statement of a certification pack (issue 21 item 3): what the
 * partner declared for the run (declaration.ts, kept in summary.json at run time), per declared
 * option the checks it enabled, disabled or changed (option-effects.ts), the debit amounts and
 * where they came from, TLS facts where the run recorded them, and the harness's self-qualification
 * (self-qualification.ts). It is a file of the pack, hashed in the manifest (signed when a key is
 * set), so `certify --verify` rejects an edited statement like any edited file.
 */
import type { Summary } from "../summary.ts";
import type { Declaration } from "./declaration.ts";
import { optionEffects, type OptionEffect } from "./option-effects.ts";
import { describeSelfQualification, loadSelfQualification, type SelfQualification } from "./self-qualification.ts";

export const STATEMENT_FILE = "statement.json";
export const STATEMENT_FORMAT = "payment-platform-conformance-statement/1";

export interface ConformanceStatement {
  format: typeof STATEMENT_FORMAT;
  /** What the partner declared; absent when the run's summary holds no declaration (an older run). */
  declared?: Declaration;
  /** The debit amounts the run used and where they came from (the preflight's finding). */
  debitAmounts: string;
  /** TLS facts the run recorded in its summary (issue 19), when it did. */
  tls?: unknown;
  options: OptionEffect[];
  selfQualification: SelfQualification & { harnessVersion: string; gitCommit?: string };
}

/** The TLS facts of a summary, whatever the key they are kept under ("tls", "tlsFacts", …). */
function tlsFacts(summary: Summary): unknown {
  const entry = Object.entries(summary as unknown as Record<string, unknown>).find(([key]) => /^tls/i.test(key));
  return entry?.[1];
}

export function buildStatement(
  summary: Summary & { declaration?: Declaration },
  checkIds: string[],
  harness: { version: string; gitCommit?: string },
): ConformanceStatement {
  const declared = summary.declaration;
  const tls = tlsFacts(summary);
  return {
    format: STATEMENT_FORMAT,
    ...(declared ? { declared } : {}),
    debitAmounts:
      summary.debitAmounts ??
      "not recorded (the preflight was skipped or did not reach the debit): the checks chose them from the payment card's limits",
    ...(tls !== undefined ? { tls } : {}),
    options: declared ? optionEffects(declared, checkIds) : [],
    selfQualification: {
      ...loadSelfQualification(),
      harnessVersion: harness.version,
      ...(harness.gitCommit ? { gitCommit: harness.gitCommit } : {}),
    },
  };
}

/** Two lines for the console: the declared options, and what the instrument is proven to catch. */
export function describeStatement(s: ConformanceStatement): string[] {
  const options = s.options.map((o) => `${o.option} ${o.value}`).join(" · ");
  return [
    `statement: ${options || "no declaration recorded by the run (run it again with this harness)"}`,
    `self-qualification: ${describeSelfQualification(s.selfQualification)} · harness ${s.selfQualification.harnessVersion}`,
  ];
}
