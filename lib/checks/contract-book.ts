/**
 * The contract book: every answer a run receives, whichever check sent its request, is judged on
 * arrival against the contracts of its operation — the success contract (schema, `dt`, the status
 * fields, JSON, exact money) for every success answer to a request not meant to be refused, and
 * "no 5xx" for every answer — and tallied per contract: answers judged, violations, the first and
 * the last offending exchange with the check (and seed) that sent it. The target's observer list
 * (lib/http/target.ts) feeds it; a contract check reads its tally once every other check has
 * finished sending (evaluate.ts), so its verdict covers the whole run, not one scenario answer.
 * Judges are the checks' own (ContractCheck.contract), built from the run's compiled validators: nothing is
 * compiled per answer, and only two offending exchanges per contract are kept (bounded evidence).
 */
import { performance } from "node:perf_hooks";
import { keptForReports } from "../http/evidence.ts";
import { redactor } from "../redaction/redact.ts";
import type { Exchange } from "../http/exchange.ts";
import type {
  AnswerContract,
  AnswerCounts,
  BookSnapshot,
  BoundContract,
  ContractAnswers,
  Contracts,
  JudgeEnv,
  Offence,
  Tally,
  Window,
} from "./contract-types.ts";
import { describeAnswer } from "./answers.ts";
import { CheckFailure } from "./failure.ts";
import { refusedForBusinessReason } from "./precondition.ts";

export type AnswerClass = "success" | "refused" | "other" | "unanswered";

/** success: a 2xx JSON answer that does not say it failed (precondition.ts's rule); refused: a 4xx or such a 2xx. */
export function answerClass(exchange: Exchange): AnswerClass {
  const response = exchange.response;
  if (!response || exchange.transportError) return "unanswered";
  if (refusedForBusinessReason(exchange)) return "refused";
  const ok = response.status >= 200 && response.status < 300;
  return ok && response.jsonError === undefined ? "success" : "other";
}

/** Read by a success contract: any 2xx that does not say it failed (a body that is not JSON breaks it), not meant to be refused. */
function readBySuccessContract(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  return (
    !exchange.transportError &&
    status >= 200 &&
    status < 300 &&
    exchange.intent !== "refusal" &&
    !refusedForBusinessReason(exchange)
  );
}

interface Registered {
  checkId: string;
  answers: ContractAnswers;
  contract: BoundContract;
  seed: number;
}

const emptyCounts = (): AnswerCounts => ({ success: 0, refused: 0, other: 0, unanswered: 0, judgeMs: 0 });

export class ContractBook implements Contracts {
  private readonly byOperation = new Map<string, Registered[]>();
  private readonly registered = new Set<string>();
  private readonly tallies = new Map<string, Tally>();
  private readonly counts = new Map<string, AnswerCounts>();
  private readonly windows = new Set<{ checkId: string; accept: (e: Exchange) => boolean; tally: Tally }>();

  /** A contract of an operation; a check id registered twice (a generic module built again) counts once. */
  register(operationKey: string, checkId: string, contract: AnswerContract, env: JudgeEnv): void {
    if (this.registered.has(checkId)) return;
    this.registered.add(checkId);
    const list = this.byOperation.get(operationKey) ?? this.byOperation.set(operationKey, []).get(operationKey)!;
    // Bound once per book: a contract that keeps a memory starts a fresh one for this run.
    list.push({ checkId, answers: contract.answers, contract: contract.bind(env), seed: env.config.run.seed });
  }

  /** The target's observer: judges one exchange against its operation's contracts. */
  readonly observe = (exchange: Exchange): void => {
    const key = exchange.operationKey;
    if (!key) return;
    const started = performance.now();
    const counts = this.counts.get(key) ?? this.counts.set(key, emptyCounts()).get(key)!;
    const kind = answerClass(exchange);
    counts[kind]++;
    const success = readBySuccessContract(exchange);
    for (const r of this.byOperation.get(key) ?? []) {
      if (r.answers === "success" ? !success : kind === "unanswered") continue;
      const offence = judged(r, exchange);
      if (offence === NOT_READ) continue;
      count(this.tallyOf(r.checkId), offence);
      for (const w of this.windows) if (w.checkId === r.checkId && w.accept(exchange)) count(w.tally, offence);
    }
    counts.judgeMs += performance.now() - started;
  };

  private tallyOf(checkId: string): Tally {
    return this.tallies.get(checkId) ?? this.tallies.set(checkId, { judged: 0, violations: 0 }).get(checkId)!;
  }

  /** The whole run's tally of a contract so far. */
  tally(checkId: string): Tally {
    return { ...this.tallyOf(checkId) };
  }

  /** The answers an operation received so far. */
  answers(operationKey: string): AnswerCounts {
    return { ...(this.counts.get(operationKey) ?? emptyCounts()) };
  }

  /** Whether a check has a contract in this book. */
  has(checkId: string): boolean {
    return this.registered.has(checkId);
  }

  /** Tallies a contract over the exchanges `accept` lets through from now on (a re-run judges only its own answers). */
  open(checkId: string, accept: (exchange: Exchange) => boolean): Window {
    const window = { checkId, accept, tally: { judged: 0, violations: 0 } };
    this.windows.add(window);
    return { tally: window.tally, close: () => void this.windows.delete(window) };
  }

  /** The book as plain data, with the offending exchanges left out when `withExchanges` is false (a file). */
  snapshot(withExchanges = true): BookSnapshot {
    const strip = (o?: Offence) =>
      o && !withExchanges ? { category: o.category, problem: o.problem, where: o.where } : o;
    const tallies = Object.fromEntries(
      [...this.tallies].map(([id, t]) => [
        id,
        { ...t, ...pick("first", strip(t.first)), ...pick("last", strip(t.last)) },
      ]),
    );
    return { tallies, answers: Object.fromEntries([...this.counts].map(([k, c]) => [k, { ...c }])) };
  }

  /** Adds another book's tallies and counts (the preflight's, in a worker): its answers count as this run's. */
  absorb(snapshot: BookSnapshot): void {
    for (const [id, t] of Object.entries(snapshot.tallies)) {
      const mine = this.tallyOf(id);
      mine.judged += t.judged;
      mine.violations += t.violations;
      // Theirs came first: their first offence is the run's first; ours stays the last when we have one.
      if (t.first) mine.first = t.first;
      mine.last ??= t.last;
    }
    for (const [key, c] of Object.entries(snapshot.answers)) {
      const mine = this.counts.get(key) ?? this.counts.set(key, emptyCounts()).get(key)!;
      for (const field of Object.keys(mine) as Array<keyof AnswerCounts>) mine[field] += c[field];
    }
  }
}

const pick = <K extends string, V>(key: K, value: V | undefined) => (value ? { [key]: value } : {});

function count(tally: Tally, found: Offence | undefined): void {
  tally.judged++;
  if (!found) return;
  tally.violations++;
  // Kept as evidence quotes it: a book that keeps a long answer whole keeps megabytes per contract.
  const offence = found.exchange ? { ...found, exchange: keptForReports(found.exchange, redactor) } : found;
  tally.first ??= offence;
  tally.last = offence;
}

/** A contract that does not read this answer (its `applies` says so). */
const NOT_READ = "not read";

/**
 * The judge's verdict on one answer: an offence, or undefined when it holds. A judge that crashes
 * is a harness error of its contract check — never of the check whose request it answered, so an
 * observer never throws.
 */
function judged(r: Registered, exchange: Exchange): Offence | undefined | typeof NOT_READ {
  try {
    if (!r.contract.applies(exchange)) return NOT_READ;
    r.contract.judge(exchange);
    return undefined;
  } catch (error) {
    const where = whereFrom(exchange, r.seed, r.checkId);
    if (error instanceof CheckFailure) return { category: error.category, problem: error.detail, where, exchange };
    return {
      category: "harness",
      problem: `Harness error: ${(error as Error)?.stack ?? String(error)}`,
      where,
      exchange,
    };
  }
}

/**
 * "exchange 57 POST /v5/card-api/limits/list → HTTP 200 …, sent by CARD-LIM-POSITIVE (check seed
 * 4242; reproduce: SEED=7 npm run conformance -- --check CARD-LIM-POSITIVE --check CARD-LIM-DT)":
 * the sender's own run sends the request again, and the contract check judges its answer.
 */
export function whereFrom(exchange: Exchange, runSeed: number, contractId: string): string {
  const path = (() => {
    try {
      return new URL(exchange.request.url).pathname;
    } catch {
      return exchange.request.url;
    }
  })();
  const s = exchange.sender;
  const by = !s
    ? "sent outside any check"
    : s.checkId === "preflight"
      ? "sent by the preflight"
      : `sent by ${s.checkId} (check seed ${s.seed}${s.attempt && s.attempt > 1 ? `, attempt ${s.attempt}` : ""}; ` +
        `reproduce: SEED=${runSeed} npm run conformance -- --check ${s.checkId}${s.checkId === contractId ? "" : ` --check ${contractId}`})`;
  return `exchange ${exchange.seq} ${exchange.request.method} ${path} → ${describeAnswer(exchange)}, ${by}`;
}
