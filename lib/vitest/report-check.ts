/**
 * Turns a check result into a vitest outcome and an Allure test: labels, the § link, redacted
 * evidence, and the level rule — a must failure fails; a should failure fails only in strict
 * mode and is otherwise a warning (a passed test carrying a "warning" annotation); info never fails.
 */
import * as allure from "allure-js-commons";
import { Status } from "allure-js-commons";
import type { TestContext } from "vitest";
import type { Operation } from "../catalogue/index.ts";
import type { CheckResult } from "../checks/evaluate.ts";
import { CATEGORY_TITLES, type FailureCategory } from "../checks/failure.ts";
import type { Check } from "../checks/types.ts";
import { toCurl } from "../http/curl.ts";
import { exchangeEvidence, exchangeLine } from "../http/evidence.ts";
import type { Exchange } from "../http/exchange.ts";
import { redactor } from "../redaction/redact.ts";
import { EVIDENCE_HEAD, EVIDENCE_TAIL } from "../checks/evidence.ts";
import type { ExchangeLog } from "../reporting/exchange-log.ts";
import { FAMILY_TITLES, SEVERITY, SPEC_LINK_TYPE, specLinkValue } from "../reporting/labels.ts";
import { reportedOutcome } from "../checks/levels.ts";
import type { ConformanceMeta } from "../checks/meta.ts";
import "../checks/meta.ts";
import { latencyChartSvg } from "../reporting/latency-report.ts";

/**
 * The most of one message, note or annotation handed to vitest: what a worker sends its parent is
 * structured-cloned, and a check's message may quote what a target sent. Redacted, then cut.
 */
export const MESSAGE_CHARS = 8 * 1024;

/** Notes annotated per check: a check's notes come from what it saw, and a target decides how much that is. */
const MAX_NOTES = 50;

const bounded = (text: string): string => redactor.quote(text, MESSAGE_CHARS);

async function labelOperation(op: Operation, spec: string): Promise<void> {
  await allure.epic(FAMILY_TITLES[op.family]);
  await allure.feature(`${op.title} (${op.spec})`);
  await allure.link(specLinkValue(spec), spec, SPEC_LINK_TYPE);
}

async function attachExchange(exchange: Exchange): Promise<void> {
  await allure.step(exchangeLine(exchange), async () => {
    const evidence = exchangeEvidence(exchange, redactor);
    await allure.attachment("request", JSON.stringify(evidence.request, null, 2), "application/json");
    if (evidence.response)
      await allure.attachment("response", JSON.stringify(evidence.response, null, 2), "application/json");
    if (evidence.transportError)
      await allure.attachment("transport error", JSON.stringify(evidence.transportError), "application/json");
    await allure.attachment("curl", toCurl(exchange, redactor), "text/plain");
  });
}

function failureText(result: CheckResult, runSeed: number): string {
  const last = result.evidence.at(-1);
  const lines = [
    result.message ?? "failed",
    `check ${result.id} [${result.level}] ${result.spec} · SEED=${runSeed} (check seed ${result.seed})`,
    `reproduce: SEED=${runSeed} npm run conformance -- --check ${result.id}`,
    ...(last ? [toCurl(last, redactor)] : []),
  ];
  return bounded(lines.join("\n"));
}

/** A failure without a stack: the message is the evidence, the harness's frames are noise. */
function failureError(result: CheckResult, text: string): Error {
  const error = new Error(text);
  error.name = result.category === "harness" ? "HarnessError" : "ConformanceAssertionError";
  error.stack = `${error.name}: ${text}`;
  return error;
}

/** Attaches the bounded evidence sample (lib/checks/evidence.ts) and records it for the HAR file. */
async function attachEvidence(result: CheckResult, log: ExchangeLog | undefined): Promise<void> {
  const { evidence: sample, evidenceOmitted: omitted } = result;
  for (const exchange of sample) await attachExchange(exchange);
  if (omitted > 0) {
    await allure.logStep(
      `${omitted} more exchanges not attached (sample: first ${EVIDENCE_HEAD}, and last ${EVIDENCE_TAIL} of a failed check)`,
    );
  }
  log?.add(result.id, sample);
}

/**
 * Allure has no warning status: the test passes (a should failure does not fail the run), tagged
 * "warning", with a failed step that names the cause and carries the message, so a reader sees
 * it in the tree and can filter on the tag.
 */
async function reportWarning(result: CheckResult, ctx: TestContext, text: string): Promise<void> {
  const cause =
    result.category && result.category in CATEGORY_TITLES
      ? CATEGORY_TITLES[result.category as FailureCategory]
      : "check failed";
  await allure.tag("warning");
  await allure.logStep(
    `WARNING (${result.findingLevel ?? result.level}): ${cause}`,
    Status.FAILED,
    failureError(result, text),
  );
  await ctx.annotate(text, "warning");
}

/**
 * Failed, then passed on a retry. The vitest test passes (it did pass), with a "flaky" annotation
 * (a JUnit property, made a Surefire <flakyFailure> by flaky-marks.ts, which also sets Allure's flaky flag);
 * the summary's outcome "flaky" makes the run not conformant all the same.
 */
async function reportFlaky(result: CheckResult, ctx: TestContext, runSeed: number): Promise<void> {
  const text = failureText({ ...result, message: result.firstFailure }, runSeed);
  await allure.tag("flaky");
  await allure.logStep(
    `FLAKY: failed, then passed on attempt ${result.attempts}`,
    Status.FAILED,
    failureError(result, text),
  );
  await ctx.annotate(text, "flaky");
}

export interface ReportOptions {
  /** PROPERTY_RUNS of the run, shown as an excluded parameter (it does not change a test's identity). */
  propertyRuns?: number;
  /** Where the check's evidence is recorded for the certification pack. */
  exchangeLog?: ExchangeLog;
}

export async function reportCheck(
  check: Check,
  result: CheckResult,
  op: Operation,
  ctx: TestContext,
  runSeed: number,
  strict: boolean,
  options: ReportOptions = {},
): Promise<void> {
  await labelOperation(op, check.spec);
  await allure.story(check.title);
  await allure.allureId(check.id);
  await allure.testCaseId(check.id);
  await allure.severity(SEVERITY[check.level]);
  await allure.tags(check.level, check.id, `basis:${result.basis}`);
  // What the judgement rests on (spec, declared or reference): a label to filter and group by.
  await allure.label("basis", result.basis);
  // The run's SEED reproduces the check (--check); the check's own seed is derived from it.
  await allure.parameter("SEED", String(runSeed), { excluded: true });
  await allure.parameter("check seed", String(result.seed), { excluded: true });
  if (options.propertyRuns !== undefined)
    await allure.parameter("property runs", String(options.propertyRuns), { excluded: true });
  if (check.description) await allure.description(check.description);
  await attachEvidence(result, options.exchangeLog);
  // A latency budget check draws its operation's figures: a chart is read faster than a row of numbers.
  if (result.latency) await allure.attachment("latency", latencyChartSvg(op.title, result.latency), "image/svg+xml");
  for (const note of result.notes.slice(0, MAX_NOTES)) await ctx.annotate(bounded(note), "note");
  if (result.notes.length > MAX_NOTES) await ctx.annotate(`${result.notes.length - MAX_NOTES} more notes`, "note");
  // A contract check says how much it read: every answer of its operation (lib/checks/contract-book.ts).
  if (result.contract) {
    const { judged, violations, of } = result.contract;
    await ctx.annotate(
      `judged ${judged} ${of === "success" ? "success answers" : "answers"} of the run: ${violations} broke it`,
      "answers",
    );
  }
  const outcome = reportedOutcome(result, strict);
  // A check that passed on a retry keeps its first failure as its message (flaky, or a should warning).
  const firstMessage = result.message ?? result.firstFailure;
  const message = firstMessage && bounded(firstMessage);
  ctx.task.meta.conformance = {
    kind: "check",
    id: check.id,
    // The check's level; a finding that rests only on the reference sandbox's choice says its own, apart.
    level: result.level,
    ...(result.findingLevel ? { findingLevel: result.findingLevel } : {}),
    basis: result.basis,
    spec: check.spec,
    title: check.title,
    family: op.family,
    operation: op.key,
    outcome,
    seed: result.seed,
    requests: result.requests,
    sent: result.sent,
    ...(result.latency ? { latency: result.latency } : {}),
    ...(result.settle ? { settle: result.settle } : {}),
    ...(result.contract ? { contract: result.contract } : {}),
    ...(result.attempts ? { attempts: result.attempts } : {}),
    ...(result.firstFailure ? { firstFailure: bounded(result.firstFailure) } : {}),
    ...(result.category ? { category: result.category } : {}),
    ...(message ? { message } : {}),
  } satisfies ConformanceMeta;
  // Neither passed nor failed: a skipped test in vitest, JUnit and Allure, each told apart by its
  // rendering. allure-vitest keeps no skip message: a step carries the reason into the report. A
  // check not judged is tagged and annotated as such: the JUnit property "not-judged" and the Allure
  // tag make the run's "incomplete" traceable to its reason; a skipped one has a "skip-reason".
  if (outcome === "not judged") {
    await allure.tag("not-judged");
    await allure.logStep(message ?? "not judged", Status.SKIPPED);
    await ctx.annotate(message ?? "not judged", "not-judged");
    ctx.skip(message);
  }
  if (outcome === "skipped") {
    await allure.logStep(`skipped: ${message ?? "no reason given"}`, Status.SKIPPED);
    await ctx.annotate(message ?? "skipped", "skip-reason");
    ctx.skip(message);
  }
  if (outcome === "flaky") await reportFlaky(result, ctx, runSeed);
  if (outcome === "warning")
    await reportWarning(
      result,
      ctx,
      failureText({ ...result, message: result.message ?? result.firstFailure }, runSeed),
    );
  if (outcome === "failed") throw failureError(result, failureText(result, runSeed));
}

/** A named-only operation: skipped, with the reason, in every report. */
export async function reportNotCovered(op: Operation, ctx: TestContext): Promise<void> {
  const reason = op.notCoveredReason ?? "not covered";
  await labelOperation(op, op.spec);
  await allure.allureId(op.code);
  await allure.testCaseId(op.code);
  await allure.description(`Not covered: ${reason}.`);
  ctx.task.meta.conformance = {
    kind: "not-covered",
    id: op.code,
    spec: op.spec,
    title: op.title,
    family: op.family,
    operation: op.key,
    outcome: "skipped",
    message: reason,
  } satisfies ConformanceMeta;
  await ctx.annotate(reason, "skip-reason");
  ctx.skip(reason);
}
