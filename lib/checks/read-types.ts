/** The shapes of what a check reads (reads.ts), apart so that types.ts names them without a cycle. */
import type { VariableName } from "../config/variables.ts";

/**
 * What a condition reads of the partner's declaration, as the run kept it in summary.json
 * (lib/reporting/certify/declaration.ts's Declaration has this shape and more). Facts absent from
 * an older run's summary are absent here, and a condition on them does not hold.
 */
export interface DeclaredFacts {
  cardApiAuth: string;
  cardApiHeaders: string[];
  debitAmounts: { minMinor?: number; maxMinor?: number };
  clientDataFile?: { kind: string };
  requestRulesFile?: { path: string; operations?: string[] };
  safety?: { targetEnv: string; allowMutations: boolean; unknownCardPan: boolean; maxDebitTotalMinor?: number };
  retries?: number;
}

/** When a read enables, disables or changes a check: one line for the reader, one test of the declaration. */
export interface Condition {
  readonly text: string;
  holds(d: DeclaredFacts): boolean;
}

export type ReadEffect = "changes" | "enables" | "disables";

/** A variable alone: its value always changes the judgement. */
export type Read =
  VariableName | { readonly variable: VariableName; readonly effect?: ReadEffect; readonly when?: Condition };

export interface ReadOf {
  variable: VariableName;
  effect: ReadEffect;
  when?: Condition;
}
