/**
 * The implementation conformance statement of a certification pack: what the
 * partner declared for the run (declaration.ts, kept in summary.json at run time), per declared
 * option the checks it enabled, disabled or changed (option-effects.ts), the debit amounts and
 * where they came from, the TLS facts (and hygiene findings) and proxy where the run recorded them,
 * the latency figures per operation with the declared budgets, the harness's self-qualification
 * (self-qualification.ts), and how many answers the run read: per operation the answers received,
 * every one judged by its contract checks, and what each contract check judged. It is a file of the
 * pack, hashed in the manifest (signed when a key is set), so `certify --verify` rejects an edited
 * statement like any edited file.
 */
import type { NetworkReport } from "../network.ts";
import type { Summary } from "../summary.ts";
import type { Declaration } from "./declaration.ts";
import { optionEffects, type CheckReads, type OptionEffect } from "./option-effects.ts";
import { describeSelfQualification, loadSelfQualification, type SelfQualification } from "./self-qualification.ts";

export const STATEMENT_FILE = "statement.json";
export const STATEMENT_FORMAT = "payment-platform-conformance-statement/1";

export interface ConformanceStatement {
  format: typeof STATEMENT_FORMAT;
  /** What the partner declared; absent when the run's summary holds no declaration (an older run). */
  declared?: Declaration;
  /** The debit amounts the run used and where they came from (the preflight's finding). */
  debitAmounts: string;
  /** The TLS sessions (protocol, cipher, server certificate) and the proxy the run recorded, when it did. */
  network?: NetworkReport;
  /** Per operation, the latency figures and error shares the run measured, and the declared budgets (summary.json `latency`). */
  latency?: Summary["latency"];
  /** The ledger's settle times (summary.json settleTimes), when a reading waited for a posting. */
  settleTimes?: Summary["settleTimes"];
  options: OptionEffect[];
  selfQualification: SelfQualification & { harnessVersion: string; gitCommit?: string };
  /** Per operation, the answers the run received and judged, and each contract check's reading (absent: an older run). */
  answersJudged?: AnswersJudged[];
}

export interface AnswersJudged {
  operation: string;
  received: number;
  success: number;
  refused: number;
  other: number;
  unanswered: number;
  contracts: Array<{ id: string; judged: number; violations: number }>;
}

/** From the summary: what each operation received, and what each of its contract checks judged. */
function answersJudged(summary: Summary): AnswersJudged[] {
  return summary.byOperation.flatMap((o) =>
    o.answers
      ? [
          {
            operation: o.operation,
            received: o.answers.success + o.answers.refused + o.answers.other,
            success: o.answers.success,
            refused: o.answers.refused,
            other: o.answers.other,
            unanswered: o.answers.unanswered,
            contracts: summary.checks.flatMap((c) =>
              c.operation === o.operation && c.contract
                ? [{ id: c.id, judged: c.contract.judged, violations: c.contract.violations }]
                : [],
            ),
          },
        ]
      : [],
  );
}

export function buildStatement(
  summary: Summary & { declaration?: Declaration },
  checks: readonly CheckReads[],
  harness: { version: string; gitCommit?: string },
): ConformanceStatement {
  const declared = summary.declaration;
  return {
    format: STATEMENT_FORMAT,
    ...(declared ? { declared } : {}),
    debitAmounts:
      summary.debitAmounts ??
      "not recorded (the preflight was skipped or did not reach the debit): the checks chose them from the payment card's limits",
    ...(summary.network ? { network: summary.network } : {}),
    ...(summary.latency ? { latency: summary.latency } : {}),
    ...(summary.settleTimes ? { settleTimes: summary.settleTimes } : {}),
    options: declared ? optionEffects(declared, checks) : [],
    ...(summary.answers ? { answersJudged: answersJudged(summary) } : {}),
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
