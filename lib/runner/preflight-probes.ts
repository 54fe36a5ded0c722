/**
 * The requests of the preflight. Each is read-only or deliberately invalid, goes through the one
 * Target (so the guard applies: production without ALLOW_MUTATIONS sends nothing to the partner
 * transfer API), and is read with one rule, so that only a clear, well-formed answer is taken
 * for a configuration problem:
 * - no connection at all (refused, unknown host, TLS): the base URL is wrong → exit 2;
 * - 401/403: a credential is refused → exit 2, naming it;
 * - another 4xx with a JSON body, or a 2xx whose body says it failed (status ≠ ok, request_status ≠
 *   success, state false), to a read of a configured fixture: the fixture is missing → exit 2
 *   (the statement's refusal is diagnosed first from more evidence: preflight-statement.ts);
 * - a timeout, reset, 5xx, 429, a body that is not JSON (even with 200): the target misbehaves. That is for the
 *   checks to report (exit 1), so the preflight only notes it and the run goes on.
 */
import { randomBytes } from "node:crypto";
import { LIMITS_LIST, REGISTER_BUSINESS, type Operation } from "../catalogue/index.ts";
import { answerKind } from "../checks/answers.ts";
import type { RunContext } from "../checks/types.ts";
import type { Config } from "../config/load.ts";
import { FAMILY_BASE_URL_VARIABLES } from "../config/families.ts";
import type { Family } from "../catalogue/types.ts";
import type { Exchange } from "../http/exchange.ts";
import { RequestRefused } from "../http/target.ts";
import { redactor } from "../redaction/redact.ts";
import { networkProblem } from "../http/transport/network-problem.ts";
import { refusedClientCertificate } from "../http/auth/client-certificate-probe.ts";
import { downReason } from "./target-down.ts";

/** `down`: the target showed nothing behind the URL (target-down.ts), so the run may be "target unavailable". */
export type ProbeOutcome =
  | { kind: "ok"; exchange: Exchange }
  /** network: a TLS or proxy failure with a configuration cause (lib/http/transport/network-problem.ts), said first. */
  | { kind: "network" | "unreachable" | "problem" | "inconclusive" | "not sent"; text: string; down?: string };

type Answer = "ok" | "refused" | "rejected" | { unreachable: string } | { inconclusive: string };

const NO_CONNECTION = /ENOTFOUND|EAI_AGAIN|CERT|SSL|TLS|certificate/i;

/** Reads an exchange with the rule above. */
export function readAnswer(exchange: Exchange): Answer {
  const t = exchange.transportError;
  if (t) {
    if (t.kind === "connection-refused" || NO_CONNECTION.test(t.message)) return { unreachable: t.message };
    return { inconclusive: `${t.kind}: ${t.message}` };
  }
  const { status, json } = exchange.response!;
  // §7 shows no error shape: a 2xx whose body says it failed is a rejection like a JSON 4xx.
  if (status >= 200 && status < 300 && json !== undefined)
    return answerKind(exchange) === "rejection" ? "rejected" : "ok";
  if (status === 401 || status === 403) return "refused";
  if (status >= 400 && status < 500 && status !== 429 && json !== undefined) return "rejected";
  return { inconclusive: `HTTP ${status}${json === undefined ? " with a body that is not JSON" : ""}` };
}

/** The variable that sets the base URL of a family. */
export function baseUrlVariable(config: Config, family: Family): string {
  return config.target.familyBaseUrls[family] ? FAMILY_BASE_URL_VARIABLES[family] : "TARGET_BASE_URL";
}

/** The variable behind the partner's access token: the static token, the token endpoint or the command. */
export function tokenVariable(config: Config): string {
  const kind = config.partner.token.kind;
  return kind === "static"
    ? "PARTNER_ACCESS_TOKEN"
    : kind === "command"
      ? "PARTNER_TOKEN_COMMAND"
      : "PARTNER_TOKEN_URL";
}

/** The variables behind the card API auth (CARD_API_AUTH). */
export function cardAuthVariable(config: Config): string {
  const auth = config.cardApi.auth;
  if (auth === "jws")
    return `CARD_API_AUTH=jws (CARD_API_JWS_*, ${config.cardApi.jws.hmacKey ? "CARD_API_JWS_KEY" : "PARTNER_PRIVATE_KEY"})`;
  if (auth === "bearer") return `CARD_API_AUTH=bearer (${tokenVariable(config)})`;
  if (auth === "module") return "CARD_API_AUTH=module (CRYPTO_PROFILE)";
  // none or headers: the usual cure is a header (CARD_API_AUTH names the other ways).
  return "CARD_API_HEADERS";
}

export interface ProbeSpec {
  op: Operation;
  body: unknown;
  refused: string;
  /** What a JSON 4xx means; undefined: the request was meant to be rejected, past auth (ok). */
  rejected?: string;
  /** Finds out why a fixture was rejected, from more evidence, instead of `rejected` (preflight-statement.ts). */
  diagnose?: (exchange: Exchange) => Promise<ProbeOutcome>;
  /** `refusal`: a deliberately invalid probe, whose answer the contract book judges as a refusal. */
  intent?: "refusal";
}

export async function probe(run: RunContext, spec: ProbeSpec): Promise<ProbeOutcome> {
  let exchange: Exchange;
  try {
    exchange = await run.target.send(spec.op, spec.body, spec.intent ? { intent: spec.intent } : {});
  } catch (error) {
    if (error instanceof RequestRefused) return { kind: "not sent", text: `${spec.op.title}: ${error.message}` };
    throw error;
  }
  const outcome = judgeProbe(run, spec, exchange);
  // A rejection past auth and the network rules: the probe's own diagnosis says whose it is.
  if (spec.diagnose && outcome.kind === "ok" && readAnswer(exchange) === "rejected") return spec.diagnose(exchange);
  // A TLS or proxy problem is configuration (exit 2), never "the target is down".
  if (outcome.kind === "ok" || outcome.kind === "network") return outcome;
  const refused = await refusedClientCertificate(exchange, run.config.network, spec.op.family);
  if (refused) return { kind: "network", text: `${refused.variable}: ${refused.problem}` };
  const down = downReason(exchange);
  return down !== undefined ? { ...outcome, down } : outcome;
}

function judgeProbe(run: RunContext, spec: ProbeSpec, exchange: Exchange): ProbeOutcome {
  const variable = baseUrlVariable(run.config, spec.op.family);
  const network = networkProblem(exchange, run.config, spec.op.family, variable);
  if (network) return { kind: "network", text: network };
  const answer = readAnswer(exchange);
  const status = exchange.response?.status;
  if (answer === "ok") return { kind: "ok", exchange };
  if (answer === "refused") return { kind: "problem", text: `${spec.refused} (HTTP ${status})` };
  if (answer === "rejected") {
    if (!spec.rejected) return { kind: "ok", exchange };
    // A 404 or 405 may be the fixture, or a base URL whose path is wrong (a missing or extra prefix).
    const path =
      status === 404 || status === 405
        ? `; or ${new URL(exchange.request.url).pathname} is no operation there: check that ${baseUrlVariable(run.config, spec.op.family)} carries no missing or extra path prefix`
        : "";
    return {
      kind: "problem",
      text: `${spec.rejected} (HTTP ${status}: ${redactor.reason(exchange.response?.bodyText ?? "")})${path}`,
    };
  }
  if ("unreachable" in answer) {
    return {
      kind: "unreachable",
      text: `${variable}: ${new URL(exchange.request.url).origin} cannot be reached (${answer.unreachable}): check the URL and that the target is running`,
    };
  }
  return { kind: "inconclusive", text: `${spec.op.title}: ${answer.inconclusive}` };
}

/** The fixture reads the preflight sends: the suites build them, beside the authors' kit (lib/checks/probe-requests.ts). */
export type { ProbeRequests } from "../checks/probe-requests.ts";
import type { ProbeRequests } from "../checks/probe-requests.ts";

/** The limits of PAYMENT_CARD_ID answer: the card the debit checks use exists (read-only). */
export function paymentCardFixture(run: RunContext, requests: ProbeRequests): Promise<ProbeOutcome> {
  return probe(run, {
    op: LIMITS_LIST,
    body: requests.limits(run.config),
    refused: `${cardAuthVariable(run.config)}: the card API refused the limits request; set the card API auth the target expects (CARD_API_AUTH; not shown, §5)`,
    rejected: "PAYMENT_CARD_ID: the target rejected the limits of this card; set a card that exists on the target",
  });
}

/**
 * The partner token, then the signing key, each with a request that cannot create a profile:
 * 1. `{}` with the real bearer token: no envelope at all. Auth comes before body validation on
 *    every gateway we know, so 401/403 means the token is refused and any other answer (400,
 *    422, …) means it got past auth. A target that checks the signature before the token would
 *    be misread as refusing the token: the message says so, and --no-preflight skips it.
 * 2. a correctly signed envelope whose encrypted_data is random bytes: nothing can be decrypted
 *    from it under any key; 401/403 now means the signature (PARTNER_SIGNING_KEY) is refused.
 */
export async function partnerCredentials(run: RunContext): Promise<ProbeOutcome> {
  const fetched = run.config.partner.token.kind !== "static";
  const token = await probe(run, {
    op: REGISTER_BUSINESS,
    body: {},
    intent: "refusal",
    refused: `${tokenVariable(run.config)}: the target refused the access token (sent with a deliberately invalid, unsigned request${fetched ? ", and again with a renewed token" : ""}); ${fetched ? "make it give a token this target accepts (the client, PARTNER_TOKEN_SCOPE)" : "set a token the target issued"} (or use --no-preflight if the target checks signatures before tokens)`,
  });
  return token.kind === "ok" ? signingKey(run) : token;
}

async function signingKey(run: RunContext): Promise<ProbeOutcome> {
  const payload = { encrypted_data: randomBytes(48).toString("base64") };
  return probe(run, {
    op: REGISTER_BUSINESS,
    body: { payload, signature: await run.target.profile.sign({ payload }, "partner") },
    intent: "refusal",
    refused:
      "PARTNER_SIGNING_KEY: the target refused the signature of a correctly signed request; set the partner key the target knows (or the CRYPTO_PROFILE it uses)",
  });
}
