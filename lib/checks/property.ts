/**
 * Property checks: a check whose cases are generated (fast-check), seeded from SEED and the check
 * id, PROPERTY_RUNS cases plus every example row, sent side by side (fast-check-runner.ts). The
 * first transport error stops the property (a hung target costs one round of timeouts, and
 * shrinking a transport error proves nothing); a failing case is shrunk, and the check fails with
 * the seed, the fast-check path and the shrunk request. A property that judged no answer — every
 * case filtered out, or every answer excused — is not judged, never passed (property-tally.ts).
 */
import type { Exchange } from "../http/exchange.ts";
import { RequestRefused } from "../http/target.ts";
import { redactor } from "../redaction/redact.ts";
import { answerKind, requireAnswer } from "./answers.ts";
import { defineCheck, defineContractCheck } from "./define.ts";
import { shrinkCase, tryCases, type Draw } from "./fast-check-runner.ts";
import { CheckFailure, fail, observeReference, type FailureCategory } from "./failure.ts";
import { Tally, type CaseCount } from "./property-tally.ts";
import type { Case, PropertySpec } from "./property-types.ts";
import type { Basis, Check, CheckContext } from "./types.ts";

export type { Case, Excuse, PropertySpec, Verdict } from "./property-types.ts";

interface Failure {
  exchange: Exchange;
  c: Case;
  category: FailureCategory;
  detail: string;
  basis?: Basis;
}

export function defineProperty(spec: PropertySpec): Check {
  const head = {
    id: spec.id,
    level: spec.level,
    spec: spec.spec,
    basis: spec.basis,
    ...(spec.basisPerCase ? { basisPerCase: true } : {}),
    title: spec.title,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.reads ? { reads: spec.reads } : {}),
    run: (ctx: CheckContext) => runProperty(spec, ctx),
  };
  // With a contract, a contract check (every answer of its operation judged too); else one that sends and reads.
  return spec.contract ? defineContractCheck({ ...head, contract: spec.contract }) : defineCheck(head);
}

interface Trial extends Omit<CaseCount, "sent"> {
  exchange?: Exchange;
  problem?: Failure;
  observed?: Failure;
}

/** Sends one case and judges it; `transport` when it got no answer, `refused` when the guard kept it back, `unmet` when it was never sendable. */
async function tryCase(spec: PropertySpec, ctx: CheckContext, c: Case): Promise<Trial> {
  if (c.unmet) return { unmet: c.unmet };
  let exchange: Exchange;
  try {
    exchange = await ctx.sendVariant(spec.operation, await c.request(ctx));
  } catch (error) {
    // The guard keeps this case off a real target (e.g. a card number not in TEST_PANS): not sent, not judged.
    if (!(error instanceof RequestRefused)) throw error;
    return { refused: error.message };
  }
  if (exchange.transportError || answerKind(exchange) === "transport") return { exchange, transport: true };
  try {
    const excuse = spec.verdict(exchange, c, ctx);
    if (excuse) return { exchange, excused: excuse.notJudged };
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error;
    const found = {
      exchange,
      c,
      category: error.category,
      detail: error.detail,
      ...(error.basis ? { basis: error.basis } : {}),
    };
    return error.basis === "reference" ? { exchange, observed: found } : { exchange, problem: found };
  }
  return { exchange };
}

async function runProperty(spec: PropertySpec, ctx: CheckContext): Promise<void> {
  await spec.precondition?.(ctx);
  const examples = (await spec.examples?.(ctx)) ?? [];
  // fast-check counts examples inside numRuns: add them, so every row runs besides PROPERTY_RUNS cases.
  const draw = {
    arbitrary: await spec.cases(ctx),
    seed: ctx.seed,
    numRuns: ctx.config.run.propertyRuns + examples.length,
    examples,
  };
  let transport: Exchange | undefined;
  const tally = new Tally();
  // Answers wrong only by the reference's rules: observed, the property goes on (they are no failure).
  const observed = new Map<string, Failure>();
  // As many cases in flight as this process may have (its share of CONCURRENCY, from the run plan).
  // Every exchange is recorded by ctx.sendVariant; the evidence keeps a bounded sample (evidence.ts).
  // The first answer of each failing case: a replay may not reproduce it (a reject-mode target
  // refuses the same request_id twice), and then that first answer is the one judged.
  const firstFailures = new Map<number, Failure>();
  const tried = await tryCases(draw, ctx.inFlight, async (c, index) => {
    const t = await tryCase(spec, ctx, c);
    tally.count({ ...t, sent: t.exchange !== undefined });
    if (t.problem) firstFailures.set(index, t.problem);
    if (t.observed && !observed.has(t.observed.c.label)) observed.set(t.observed.c.label, t.observed);
    if (!t.exchange) return "pass";
    if (t.transport) {
      transport ??= t.exchange;
      return "stop";
    }
    return t.problem ? "fail" : "pass";
  });
  ctx.note(`${tally.sent} generated requests (seed ${ctx.seed})`);
  tally.note(ctx);
  if (!transport && tried.failedAt === undefined && !observed.size) tally.requireJudged(ctx);
  if (transport) {
    ctx.record(transport);
    ctx.note("the property stopped at the first transport error: nothing is shrunk, nothing more is sent");
    requireAnswer(transport);
  }
  if (tried.failedAt !== undefined) {
    // The should failure decides the result; the rows only the reference refuses stay visible as notes.
    for (const f of [...observed.values()].slice(0, 5))
      ctx.note(`info (reference only): "${f.c.label}" accepted — ${f.c.rule ?? "the reference's rule"}`);
    await shrinkAndFail(spec, ctx, draw, tried.failedAt, firstFailures.get(tried.failedAt));
  }
  if (observed.size) observeReferenceRows(ctx, [...observed.values()]);
}

/** Ends the check as an info observation: "the reference refuses this; your server accepted it", one line per row. */
function observeReferenceRows(ctx: CheckContext, rows: Failure[]): never {
  const shown = rows.slice(0, 5).map((f) => `"${f.c.label}" (${f.c.rule ?? "the reference's rule"}): ${f.detail}`);
  ctx.record(rows[0]!.exchange);
  observeReference(
    rows[0]!.category,
    `the reference refuses this; your server accepted it — ${shown.join("; ")}${rows.length > 5 ? `; and ${rows.length - 5} more` : ""}. ` +
      "No rule of the spec or of your declaration says so: info only (declare the rule in REQUEST_RULES_FILE to have it judged).",
  );
}

/** Shrinks the first failing case one request at a time and fails the check with the smallest one found. */
async function shrinkAndFail(
  spec: PropertySpec,
  ctx: CheckContext,
  draw: Draw<Case>,
  index: number,
  first?: Failure,
): Promise<never> {
  let last: Failure | undefined;
  let stopped = false;
  const details = await shrinkCase(draw, index, async (c) => {
    if (stopped) return true;
    const t = await tryCase(spec, ctx, c);
    // A transport error while shrinking proves nothing: keep the smallest failure found so far.
    if (t.transport) stopped = true;
    if (t.problem) last = t.problem;
    return t.problem === undefined;
  });
  if (!last && first) {
    ctx.note(
      `case ${index} failed no more when replayed (e.g. its request_id refused as a duplicate): its first answer is judged`,
    );
    last = first;
  }
  if (!last)
    throw (
      ("errorInstance" in details && details.errorInstance) ||
      new Error(`case ${index} failed, and failed no more when replayed`)
    );
  ctx.record(last.exchange);
  const request = redactor.body(last.exchange.request.bodyText).slice(0, 600);
  const path = details.failed ? details.counterexamplePath : String(index);
  // The failing case's own basis (e.g. declared: a rule of REQUEST_RULES_FILE) is the result's.
  throw new CheckFailure(
    last.category,
    `${last.detail} — case "${last.c.label}" (shrunk) after ${index + 1} cases; ` +
      `fast-check seed ${details.seed}, path "${path}"; request ${request}`,
    undefined,
    last.basis,
  );
}
