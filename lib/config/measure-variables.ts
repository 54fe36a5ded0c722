/**
 * What a nightly run measures besides conformance (lib/checks/meter.ts): the latency budgets a
 * target declares, what "slower since the last run" means, and the TLS policy it declares.
 * Spread into the one table, lib/config/variables.ts; read by lib/config/measures.ts.
 */
/** The shape of a row of variables.ts (written here too: importing it would close a cycle). */
interface VariableSpec {
  default: string;
  secret?: boolean;
  group: "measures";
  doc: string;
  /** The conformance statement's effect sentence (variables.ts). */
  effect?: string;
  /** A comma-separated list: `none` is the empty list (variables.ts). */
  list?: true;
}

export const MEASURE_VARIABLES = {
  LATENCY_P95_MS: {
    default: "",
    group: "measures",
    doc: "Declared latency budget, p95 in ms: one number for every operation (800) or per operation key (card-api.statement:800,card-api.limits-list:300). An operation over its budget fails its <CODE>-LATENCY-BUDGET check (should). Unset (or none): figures only.",
    list: true,
    effect:
      "the p95 latency budget each operation's <CODE>-LATENCY-BUDGET check holds the run's own traffic to; unset, those checks are skipped and the figures reported",
  },
  SLOWER_FACTOR: {
    default: "1.5",
    group: "measures",
    doc: "Compared with the last kept run, an operation is listed as slower when its p95 grew by more than this factor (and by SLOWER_FLOOR_MS).",
  },
  SLOWER_FLOOR_MS: {
    default: "50",
    group: "measures",
    doc: "The least growth of a p95 in ms that counts as slower since the last run (so 2 ms → 4 ms is not news).",
  },
  TLS_MIN_VERSION: {
    default: "",
    group: "measures",
    doc: "The target's declared TLS policy: the lowest protocol it means to offer (1.2 or 1.3). Set, the TLS hygiene findings (old protocol, no forward secrecy, certificate expiring soon) are should failures; unset, info.",
  },
  TLS_EXPIRY_WARN_DAYS: {
    default: "30",
    group: "measures",
    doc: "A server certificate expiring within this many days is a TLS hygiene finding.",
  },
} satisfies Record<string, VariableSpec>;
