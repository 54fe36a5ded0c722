/**
 * A contract check's decision from the contract book (contract-book.ts), once every other check has
 * finished sending: "3 of 84 success answers: /dt is required", the first and the last offending
 * exchange recorded as its evidence (redacted by the report, like every other exchange), each naming
 * the check and seed that sent it; a contract that judged no answer at all is not judged, never passed.
 */
import type { Exchange } from "../http/exchange.ts";
import type { ContractAnswers, Contracts, Tally } from "./contract-types.ts";
import type { ContractReading } from "./meta.ts";
import type { Stage } from "./schedule.ts";
import { CheckFailure, type FailureCategory } from "./failure.ts";
import type { CheckContext, ContractCheck, Module, RunContext } from "./types.ts";

/** Registers the contracts of these modules' checks in the run's book, before anything is sent. */
export function registerContracts(book: Contracts | undefined, modules: readonly Module[], run: RunContext): void {
  if (!book) return;
  for (const module of modules)
    for (const check of module.checks)
      if (check.kind === "contract")
        book.register(module.operation.key, check.id, check.contract, {
          config: run.config,
          validators: run.validators,
        });
}

/** "84 success answers", "1 answer". */
function answersText(n: number, of: ContractAnswers): string {
  return `${n} ${of === "success" ? "success " : ""}answer${n === 1 ? "" : "s"}`;
}

/** "3 of 84 success answers: /dt is required — first: exchange 12 …; last: exchange 80 …" */
export function contractMessage(tally: Tally, of: ContractAnswers): string {
  const { first, last } = tally;
  return (
    `${tally.violations} of ${answersText(tally.judged, of)}: ${first?.problem ?? "broken"} — first: ${first?.where ?? "?"}` +
    (last && last !== first && tally.violations > 1 ? `; last: ${last.where}` : "")
  );
}

/** Why a contract that judged no answer is not judged. */
export function nothingJudged(of: ContractAnswers, operationTitle: string): string {
  return `no ${of === "success" ? "success answer" : "answer"} of ${operationTitle} reached this check: nothing it judges was received`;
}

/** Fails the check when an answer broke its contract; ends it not judged when it judged none. */
export function decideFromTally(check: ContractCheck, module: Module, tally: Tally, ctx: CheckContext): void {
  const of = check.contract.answers;
  const { first, last } = tally;
  if (tally.violations && first) {
    for (const offence of [first, last]) if (offence?.exchange) ctx.record(offence.exchange as Exchange);
    const message = contractMessage(tally, of);
    // A judge that crashed is the harness's error (never the target's failure): thrown as such.
    if (first.category === "harness") throw new Error(message);
    throw new CheckFailure(first.category as FailureCategory, message);
  }
  if (tally.judged === 0)
    ctx.notJudged(
      nothingJudged(of, module.operation.title),
      module.fixtures?.success?.see ?? "the operation's fixtures",
    );
}

/** A verdict as evaluate.ts settles it (passed, or why not). */
interface Verdict {
  outcome: string;
}

/**
 * The contract part of a contract check's evaluation (kinds/contract.ts), when the book has its contract:
 * after its own reading it says it has sent and waits for every check of the run (the stage);
 * reads again at the end if it does; then is decided from its tally — the whole run's on the
 * first attempt, a window of its own answers on a re-run (`attempt` > 1).
 */
export function contractPhase(check: ContractCheck, module: Module, book: Contracts | undefined, attempt: number) {
  if (!book?.has(check.id)) return undefined;
  const window =
    attempt > 1
      ? book.open(check.id, (e) => e.sender?.checkId === check.id && e.sender.attempt === attempt)
      : undefined;
  return {
    window,
    async decide<V extends Verdict>(
      ownVerdict: V,
      ctx: CheckContext,
      stage: Stage | undefined,
      settle: (fn: () => Promise<void> | void) => Promise<V>,
    ): Promise<{ verdict: V; reading: ContractReading }> {
      // Its own reading done: it waits, holding no slot, until every check of the run has sent (schedule.ts).
      stage?.sent();
      await stage?.settled;
      // A last reading at the end, judged like any answer (a record read again must agree); every
      // check's last reading is back before any is decided, so all count the same answers.
      const { readAgain } = check;
      const own = ownVerdict.outcome === "passed" && readAgain ? await settle(() => readAgain(ctx)) : ownVerdict;
      stage?.readAgainDone();
      await stage?.allReadAgain;
      const tally = window?.tally ?? book.tally(check.id);
      window?.close();
      const answers = book.answers(module.operation.key);
      const byAnswers = own.outcome === "passed";
      const reading = {
        of: check.contract.answers,
        judged: tally.judged,
        violations: tally.violations,
        answers,
        byAnswers,
      };
      // Its own reading failed (the scenario answer): that failure stands, with the run's figures beside it.
      const verdict = byAnswers ? await settle(() => decideFromTally(check, module, tally, ctx)) : own;
      return { verdict, reading };
    },
  };
}
