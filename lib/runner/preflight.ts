/**
 * Preflight, before any check: the keys and the token parse, the target answers, the configured
 * fixtures exist, the partner token (and signing key) are accepted, and the clock skew against
 * the target's timestamps is measured. A configuration problem ends the run with exit code 2 and
 * one line saying what to fix — never as a list of failed checks. A target that answers badly
 * (hangs, resets, garbage, 5xx) is not a configuration problem: the checks report it (exit 1),
 * see preflight-probes.ts for the rule.
 */
import type { RunContext } from "../checks/types.ts";
import { usesPublishedPlatformKey, type Config } from "../config/load.ts";
import type { Exchange } from "../http/exchange.ts";
import { redactor } from "../redaction/redact.ts";
import { parseIsoDateTime } from "../time/iso.ts";
import { PreflightProblem } from "./preflight-problem.ts";
import { loadJose } from "../crypto/jose.ts";
import { checkProfileWorks } from "./preflight-crypto.ts";
import { partnerCredentials, paymentCardFixture, type ProbeOutcome, type ProbeRequests } from "./preflight-probes.ts";
import { fixtureDebit, fixtureRegistration } from "./preflight-fixtures.ts";
import { statementFixture } from "./preflight-statement.ts";
import { throwIfTargetDown } from "./target-down.ts";
import type { Module } from "../checks/types.ts";
import type { BookSnapshot } from "../checks/contract-types.ts";
import { registerContracts } from "../checks/contract-verdict.ts";
import { inCheckScope } from "../http/coordination/lanes.ts";

export { PreflightProblem };

export interface PreflightReport {
  /** Target clock minus ours, in ms, when a timestamp came back. */
  skewMs?: number;
  /** What the preflight could not verify, and why (the checks will report the rest). */
  unverified: string[];
  /** What the profile in use makes impossible to check (canVerify, canDecrypt: preflight-crypto.ts), and what shows it instead. */
  profileCannot: string[];
  /** The debit amounts the run uses, and why ("debit amounts 1.00–99.99 KZT (fixed debit 10.00), …"). */
  amounts?: string;
}

/**
 * Runs `read` (the preflight, or with --no-preflight the one reading of the limits) as the
 * preflight: every answer it gets is judged by the run's contract book against the modules'
 * contracts, like any answer of the run, and named as the preflight's. The tallies travel to the
 * workers in the run plan (`preflightAnswers`), so these answers count for the verdict too.
 */
export async function judgedAsPreflight<T>(
  run: RunContext,
  modules: readonly Module[],
  read: () => Promise<T>,
): Promise<{ value: T; answers?: BookSnapshot }> {
  registerContracts(run.contracts, modules, run);
  const value = await inCheckScope(read, { checkId: "preflight", seed: run.config.run.seed }).result;
  return { value, ...(run.contracts ? { answers: run.contracts.snapshot() } : {}) };
}

/** A skew beyond this is worth a warning: period and timestamp checks compare instants. */
export const SKEW_WARNING_MS = 60_000;

export async function runPreflight(run: RunContext, requests: ProbeRequests): Promise<PreflightReport> {
  await checkCredentialsParse(run.config);
  const profileCannot = await checkProfileWorks(run);
  // All at once (a slow target costs one round, not two); judged in order: a refusal of a fixture
  // request is the fixture's only once the target, the credentials and the cards are right.
  const [statement, card, partner, debit, registration] = await Promise.all([
    statementFixture(run, requests),
    paymentCardFixture(run, requests),
    partnerCredentials(run),
    fixtureDebit(run, requests),
    fixtureRegistration(run, requests),
  ]);
  const outcomes = [statement, card, partner, debit, registration];
  throwIfTargetDown(outcomes, run.config.target.baseUrl ?? "the target");
  throwFirstProblem([statement, card, partner]);
  throwFirstProblem(outcomes);
  const skews = outcomes.flatMap((o) => (o.kind === "ok" ? skewOf(o.exchange) : []));
  return {
    ...(skews.length ? { skewMs: median(skews) } : {}),
    // One line per distinct reason: the credential probe and the fixture registration are kept off production alike.
    unverified: [
      ...new Set([
        ...outcomes
          .filter((o): o is Extract<ProbeOutcome, { text: string }> => o.kind !== "ok")
          .map((o) => redactor.text(o.text)),
        ...publishedKeyNote(run),
      ]),
    ],
    profileCannot,
    amounts: debit.amounts,
  };
}

/** The most basic problem first: no connection explains every other symptom. */
function throwFirstProblem(outcomes: ProbeOutcome[]): void {
  const problem =
    outcomes.find((o) => o.kind === "network") ??
    outcomes.find((o) => o.kind === "unreachable") ??
    outcomes.find((o) => o.kind === "problem");
  if (problem && "text" in problem) throw new PreflightProblem(`preflight: ${redactor.text(problem.text)}`);
}

/**
 * The response signatures of a real target cannot be verified with the sandbox's published key:
 * said before the run, so that a PT-BIZ-SIGNATURE failure is read as what it likely is.
 */
export function publishedKeyNote(run: RunContext): string[] {
  const env = run.config.safety.targetEnv;
  if (env === "sandbox" || !usesPublishedPlatformKey(run.config, run.target.profile.name)) return [];
  return [
    `response signatures: the platform key is the reference sandbox's published one while TARGET_ENV=${env}; set the target's (PLATFORM_SIGNING_KEY / PLATFORM_PUBLIC_KEY), or PT-BIZ-SIGNATURE will fail`,
  ];
}

/** The token is sent as given: catch the usual copy-paste mistakes and an expired JWT early. */
export async function checkCredentialsParse(config: Config, now = Date.now()): Promise<void> {
  const token = config.partner.accessToken;
  const problem = (text: string) => new PreflightProblem(`preflight: PARTNER_ACCESS_TOKEN: ${text}`);
  if (/^bearer\s/i.test(token)) throw problem('starts with "Bearer "; give the token alone');
  if (/\s/.test(token)) throw problem("contains white space");
  if (!/^eyJ[\w-]*\.[\w-]*\.[\w-]*$/.test(token)) return;
  let exp: number | undefined;
  const { decodeJwt } = await loadJose();
  try {
    exp = decodeJwt(token).exp;
  } catch {
    throw problem("looks like a JWT but does not parse");
  }
  if (exp !== undefined && exp * 1000 < now) throw problem(`the JWT expired at ${new Date(exp * 1000).toISOString()}`);
}

/** Target clock minus ours: from a body timestamp (dt, response_time), else the Date header. */
export function skewOf(exchange: Exchange): number[] {
  const body = exchange.response?.json as Record<string, unknown> | undefined;
  const ours = exchange.startedAt + exchange.durationMs / 2;
  for (const field of ["dt", "response_time"]) {
    const text = body?.[field];
    const at = typeof text === "string" ? parseIsoDateTime(text) : undefined;
    if (at !== undefined) return [at - ours];
  }
  const date = Date.parse(exchange.response?.headers["date"] ?? "");
  // The Date header has whole seconds: half a second of its error is ours to absorb.
  return Number.isNaN(date) ? [] : [date + 500 - ours];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One line for the console; empty when there is nothing worth saying (the embedded sandbox). */
export function describePreflight(report: PreflightReport): string[] {
  const lines: string[] = [];
  if (report.skewMs !== undefined) {
    const s = (report.skewMs / 1000).toFixed(1);
    const warn =
      Math.abs(report.skewMs) > SKEW_WARNING_MS
        ? " — WARNING: period and timestamp checks may misjudge instants near their bounds"
        : "";
    lines.push(`preflight: ok · target clock ${report.skewMs >= 0 ? "+" : ""}${s} s from ours${warn}`);
  }
  if (report.amounts) lines.push(`preflight: ${report.amounts}`);
  for (const text of report.unverified) lines.push(`preflight: could not verify (the checks will report it): ${text}`);
  for (const text of report.profileCannot) lines.push(`preflight: not checked with this profile: ${text}`);
  return lines;
}
