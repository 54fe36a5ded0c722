/**
 * Phase 3, reach the target: the access token first (a refused credential is exit 2, also with
 * --no-preflight; a token endpoint that is down, exit 3), then the preflight (keys, token, fixtures,
 * clock; exit 2 for a configuration problem, exit 3 for a target that is down), which decides the
 * run's debit range once. The plan gains the token broker's address and that range; the TLS
 * sessions and proxy the preflight went through are kept for the outputs. Merging shards reaches
 * no target.
 */
import { createRunContext } from "../../checks/run-context.ts";
import type { BookSnapshot } from "../../checks/contract-types.ts";
import type { RunPlan } from "../../checks/run-plan.ts";
import type { Config } from "../../config/load.ts";
import { tlsSessions } from "../../http/transport/tls-session.ts";
import type { DebitRange } from "../../payments/debit-range.ts";
import { redactor } from "../../redaction/redact.ts";
import { profileReadsOf, type ProfileRead } from "../../reporting/certify/declaration.ts";
import { networkLines, networkReport, type NetworkReport } from "../../reporting/network.ts";
import { shareAccessToken } from "../access-token.ts";
import type { CleanupStack } from "../cleanup.ts";
import { describePreflight, judgedAsPreflight, runPreflight } from "../preflight.ts";
import type { Reached, RunParts, Targeted } from "../run-state.ts";
import { scopeNeedsPreflight } from "../scope.ts";

export async function reachTarget(run: Targeted, parts: RunParts, cleanup: CleanupStack): Promise<Reached> {
  if (run.mergeFrom !== undefined) return run;
  const { config } = run.plan;
  const token = await shareAccessToken(config);
  if (token) cleanup.defer("the token broker", () => token.close());
  const withToken: RunPlan = { ...run.plan, ...(token ? { tokenBroker: token.address } : {}) };
  // A scoped run of operations the spec does not document has no use for the preflight (scope.ts).
  const scoped = run.selectedBy?.length && !scopeNeedsPreflight(run.selectedChecks, parts.modules);
  const preflight = !run.options["no-preflight"] && !scoped;
  const {
    range: debitRange,
    answers,
    profileReads,
  } = await decideDebitRange(withToken, preflight, run.embedded, parts);
  return {
    ...run,
    // A profile may read a key only when it signs or seals: what it read by the end of the preflight.
    profileReads,
    // The preflight's answers count for the verdict: their contract tallies travel to the workers.
    plan: { ...withToken, debitRange, ...(answers ? { preflightAnswers: answers } : {}) },
    network: networkSeen(config, run.embedded),
    ...(token ? { bearerSource: token.description } : {}),
  };
}

/**
 * Decides the debit range of the run, once: the preflight's (it reads the payment card's limits and
 * posts the fixture debit at that range's fixed amount), or with --no-preflight one reading of the
 * limits alone. The workers use it as it is (the run plan); the summary states it. The answers it
 * got are judged by the contracts like any other (`answers`, handed to the workers in the plan).
 */
async function decideDebitRange(
  planned: Pick<RunPlan, "config" | "limits" | "tokenBroker">,
  preflight: boolean,
  quiet: boolean,
  parts: Pick<RunParts, "modules" | "preflightRequests" | "checkLateDeclarations">,
): Promise<{ range: DebitRange; answers?: BookSnapshot; profileReads: ProfileRead[] }> {
  const requests = parts.preflightRequests;
  const run = await createRunContext(planned.config, planned, { limitsRequest: requests.limits });
  try {
    const { value: range, answers } = await judgedAsPreflight(run, parts.modules, async () => {
      if (preflight) {
        const lines = describePreflight(await runPreflight(run, requests));
        if (!quiet && lines.length) process.stdout.write(`${lines.join("\n")}\n`);
      }
      return run.debitAmounts();
    });
    await parts.checkLateDeclarations(planned.config, { range, profile: run.target.profile });
    const profileReads = profileReadsOf(planned.config.partner.cryptoProfile, run.target.profile, process.env);
    return { range, ...(answers ? { answers } : {}), profileReads };
  } finally {
    await run.target.close();
  }
}

/** The TLS sessions and the proxy the preflight went through (tls-session.ts), for the summary and the console. */
function networkSeen(config: Config, quiet: boolean): NetworkReport | undefined {
  const network = networkReport(
    tlsSessions(),
    redactor.text(config.network.proxy.httpsProxy),
    Date.now(),
    config.measures.tls,
  );
  const lines = networkLines(network).map((line) => `preflight: ${line}`);
  if (!quiet && lines.length) process.stdout.write(`${lines.join("\n")}\n`);
  return network;
}
