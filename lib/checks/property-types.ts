/** The shapes of a property check (property.ts): its generated cases, the verdict on each answer, its spec. */
import type fc from "fast-check";
import type { Operation } from "../catalogue/index.ts";
import type { Exchange } from "../http/exchange.ts";
import type { RequestVariant } from "../http/target.ts";
import type { ContractSpec } from "./contract-types.ts";
import type { Unjudged } from "./property-tally.ts";
import type { Basis, CaseContext, CheckContext, Level } from "./types.ts";
import type { Read } from "./read-types.ts";

/** A generated request; its label names the row it comes from (valid, a boundary, a mutation). */
export interface Case {
  label: string;
  request: (ctx: CaseContext) => RequestVariant | Promise<RequestVariant>;
  /** An invalid case's basis and the rule it breaks (generators/schema/mutations.ts); valid and boundary cases rest on their check's. */
  basis?: Basis;
  rule?: string;
  /** The body of a plain case (no transport variant): what the generators hold against the declared rules. */
  body?: unknown;
  /** Not sent: the generators could not make this case meet the declared rules (why, and the variable to look at). */
  unmet?: Unjudged;
}

/** An answer the verdict does not judge (e.g. a refusal of a request the target's own rules refuse), and why. */
export interface Excuse {
  notJudged: Unjudged;
}

/**
 * Judges the answer to one case: returns when it is right, fails when it is not — `fail(category,
 * detail, basis?)`, the one way — or, wrong only by the reference sandbox's rule, says so with
 * `observeReference(category, detail)`: an observation (info), never a should/must failure; the
 * property goes on. An Excuse returned says the answer judges nothing; it is counted, and a
 * property whose every answer was excused is not judged.
 */
export type Verdict = (exchange: Exchange, c: Case, ctx: CheckContext) => void | Excuse;

export interface PropertySpec {
  id: string;
  level: Level;
  spec: string;
  /** The basis of the check's rule; with `basisPerCase`, each invalid case states its own (Case.basis). */
  basis: Basis;
  basisPerCase?: boolean;
  /** The configuration whose value changes what it judges (lib/checks/reads.ts). */
  reads?: readonly Read[];
  title: string;
  description?: string;
  operation: Operation;
  /** The generated cases; built per run from the check's context (they may read the target first, e.g. its limits). */
  cases: (ctx: CheckContext) => fc.Arbitrary<Case> | Promise<fc.Arbitrary<Case>>;
  /**
   * What must hold before any case can be judged (e.g. the operation's valid request accepted: a
   * refusal of an invalid one judges nothing when every request is refused); it ends the check not judged otherwise.
   */
  precondition?: (ctx: CheckContext) => Promise<unknown>;
  /** Cases always tried first (e.g. one per mutation row), besides the generated ones. */
  examples?: (ctx: CheckContext) => Case[] | Promise<Case[]>;
  verdict: Verdict;
  /** Its contract over every answer of the operation (contract-book.ts), besides its own cases. */
  contract?: ContractSpec;
}
