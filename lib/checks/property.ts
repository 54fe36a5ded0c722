/**
 * Property checks: a check whose cases are generated (fast-check), seeded from SEED and the check
 * id, PROPERTY_RUNS cases plus every example row. The first transport error stops the property
 * (a hung target costs one timeout, and shrinking a transport error proves nothing); a failing
 * case is shrunk, and the check fails with the seed, the fast-check path and the shrunk request.
 */
import fc from "fast-check";
import type { Operation } from "../catalogue/index.ts";
import type { Exchange } from "../http/exchange.ts";
import { RequestRefused, type RequestVariant } from "../http/target.ts";
import { redactor } from "../redaction/redact.ts";
import { answerKind, requireAnswer } from "./answers.ts";
import { defineCheck } from "./define.ts";
import { fail, type FailureCategory } from "./failure.ts";
import type { CaseContext, Check, CheckContext, Level } from "./types.ts";

/** A generated request; its label names the row it comes from (valid, a boundary, a mutation). */
export interface Case {
  label: string;
  request: (ctx: CaseContext) => RequestVariant | Promise<RequestVariant>;
}

/** Why an answer is wrong for a case, or undefined when it is right. */
export type Verdict = (exchange: Exchange, c: Case) => { category: FailureCategory; detail: string } | undefined;

export interface PropertySpec {
  id: string; level: Level; spec: string; title: string; description?: string;
  operation: Operation;
  /** The generated cases; built per run from the check's context (they may read the target first, e.g. its limits). */
  cases: (ctx: CheckContext) => fc.Arbitrary<Case> | Promise<fc.Arbitrary<Case>>;
  /** Cases always tried first (e.g. one per mutation row), besides the generated ones. */
  examples?: (ctx: CheckContext) => Case[] | Promise<Case[]>;
  verdict: Verdict;
}

interface Failure { exchange: Exchange; c: Case; category: FailureCategory; detail: string }

export function defineProperty(spec: PropertySpec): Check {
  return defineCheck({
    id: spec.id, level: spec.level, spec: spec.spec, title: spec.title,
    ...(spec.description ? { description: spec.description } : {}),
    run: (ctx) => runProperty(spec, ctx),
  });
}

async function runProperty(spec: PropertySpec, ctx: CheckContext): Promise<void> {
  let transport: Exchange | undefined;
  let last: Failure | undefined;
  let sent = 0;
  const refused = new Map<string, number>();
  const property = fc.asyncProperty(await spec.cases(ctx), async (c) => {
    if (transport) return true;
    let exchange: Exchange;
    try {
      exchange = await ctx.sendVariant(spec.operation, await c.request(ctx));
    } catch (error) {
      // The guard keeps this case off a real target (e.g. a card number not in TEST_PANS): not sent, not judged.
      if (!(error instanceof RequestRefused)) throw error;
      refused.set(error.message, (refused.get(error.message) ?? 0) + 1);
      return true;
    }
    sent++;
    if (exchange.transportError || answerKind(exchange) === "transport") {
      transport = exchange;
      return true;
    }
    const problem = spec.verdict(exchange, c);
    if (problem) last = { exchange, c, ...problem };
    return problem === undefined;
  });
  const examples = ((await spec.examples?.(ctx)) ?? []).map((c) => [c] as [Case]);
  // fast-check counts examples inside numRuns: add them, so every row runs besides PROPERTY_RUNS cases.
  const numRuns = ctx.config.run.propertyRuns + examples.length;
  const details = await fc.check(property, { seed: ctx.seed, numRuns, examples });
  ctx.note(`${sent} generated requests (seed ${details.seed})`);
  for (const [reason, count] of refused) ctx.note(`${count} generated case(s) not sent: ${reason}`);
  // Nothing sent at all: skipped with the guard's own reason, as a refused fixed request would be.
  if (sent === 0 && refused.size) ctx.skip([...refused.keys()][0]!);
  if (transport) {
    ctx.record(transport);
    ctx.note("the property stopped at the first transport error: nothing is shrunk, nothing more is sent");
    requireAnswer(transport);
  }
  if (details.failed && last) {
    ctx.record(last.exchange);
    const request = redactor.body(last.exchange.request.bodyText).slice(0, 600);
    fail(last.category, `${last.detail} — case "${last.c.label}" (shrunk) after ${details.numRuns} cases; ` +
      `fast-check seed ${details.seed}, path "${details.counterexamplePath}"; request ${request}`);
  }
  // A failure with no recorded case is an exception inside the harness (a generator bug): surface it.
  if (details.failed) throw ("errorInstance" in details && details.errorInstance) || new Error("property failed without a recorded case");
}
