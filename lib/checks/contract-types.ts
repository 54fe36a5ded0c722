/**
 * The types of the contract book (contract-book.ts), apart from it: a check declares its contract
 * (types.ts `ContractCheck.contract`) and a run context holds a book (`RunContext.contracts`) without the
 * check types and the book importing each other.
 */
import type { Config } from "../config/load.ts";
import type { Exchange } from "../http/exchange.ts";
import type { ValidatorRegistry } from "../validation/registry.ts";

/** Which answers of its operation a contract reads: success answers, or every answer received. */
export type ContractAnswers = "success" | "every";

/** What a judge may read: the run's configuration and compiled schemas. */
export interface JudgeEnv {
  readonly config: Config;
  readonly validators: ValidatorRegistry;
}

/** A judge's environment with the memory its contract keeps (a first reading to compare with), one per run's book. */
export interface RememberingEnv<M> extends JudgeEnv {
  readonly memory: M;
}

/** A contract as its author writes it (defineContractCheck), keeping no memory. */
export interface ContractSpec {
  readonly answers: ContractAnswers;
  /** Whether it reads this answer at all (e.g. only the statement of the seeded period); absent: every one of `answers`. */
  applies?(exchange: Exchange, env: JudgeEnv): boolean;
  /** Returns when the answer holds, fails (`fail(category, message)`) when it does not. */
  judge(exchange: Exchange, env: JudgeEnv): void;
}

/** A contract that keeps a memory of its own, of type M, made fresh for each run's book by `memory()`. */
export interface RememberingContractSpec<M> {
  readonly answers: ContractAnswers;
  /** A fresh memory, for one run's book. */
  memory(env: JudgeEnv): M;
  applies?(exchange: Exchange, env: RememberingEnv<M>): boolean;
  judge(exchange: Exchange, env: RememberingEnv<M>): void;
}

/** A contract bound to one run's book: its judge, with its memory. */
export interface BoundContract {
  applies(exchange: Exchange): boolean;
  judge(exchange: Exchange): void;
}

/** A check's contract as the engine holds it (Check.contract): what it reads, and its judge bound per book. */
export interface AnswerContract {
  readonly answers: ContractAnswers;
  bind(env: JudgeEnv): BoundContract;
}

/** An answer that broke a contract: why, and where it came from ("exchange 12 … from CARD-LIM-POSITIVE …"). */
export interface Offence {
  category: string;
  problem: string;
  where: string;
  /** The exchange itself, kept in memory for the check's evidence (never written by the book). */
  exchange?: Exchange;
}

export interface Tally {
  judged: number;
  violations: number;
  first?: Offence;
  last?: Offence;
}

/** The answers an operation received, by what they said, and the time spent judging them. */
export interface AnswerCounts {
  success: number;
  refused: number;
  other: number;
  /** Requests that got no answer (transport error, timeout, not sent on a stop). */
  unanswered: number;
  judgeMs: number;
}

/** What a book holds, as plain data: the preflight hands it to the workers, a shard writes it for the merge. */
export interface BookSnapshot {
  tallies: Record<string, Tally>;
  answers: Record<string, AnswerCounts>;
}

/** A tally of one contract over the exchanges `accept` lets through, from its opening on (a re-run's own answers). */
export interface Window {
  readonly tally: Tally;
  close(): void;
}

/** What the engine asks of a run's contract book (contract-book.ts implements it). */
export interface Contracts {
  register(operationKey: string, checkId: string, contract: AnswerContract, env: JudgeEnv): void;
  /** Whether a check has a contract in this book. */
  has(checkId: string): boolean;
  /** The whole run's tally of a contract so far. */
  tally(checkId: string): Tally;
  /** The answers an operation received so far. */
  answers(operationKey: string): AnswerCounts;
  /** Tallies a contract over the exchanges `accept` lets through from now on. */
  open(checkId: string, accept: (exchange: Exchange) => boolean): Window;
  /** The book as plain data; without the offending exchanges when `withExchanges` is false. */
  snapshot(withExchanges?: boolean): BookSnapshot;
  absorb(snapshot: BookSnapshot): void;
}
