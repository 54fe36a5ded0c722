/**
 * A target that answers the fixture requests with outcome values of its own:
 * a proxy in front of a sandbox that lets the sandbox process every request (so a debit posts and
 * a registration creates a client) and then rewrites the success answer's outcome field — the
 * debit's `request_status`, the registration's `payload.status` — or, with `declineUnposted`,
 * declines debits without forwarding them (nothing posts).
 */
import { withSandbox } from "./harness.ts";
import { startCountingProxy, type ProxiedAnswer, type TestTarget } from "./targets.ts";

export interface OutcomeOptions {
  /** The request_status of a processed (posted) debit, instead of "success". */
  debitStatus?: string;
  /** The payload.status of a processed registration (client_uuid kept), instead of "new". */
  registrationStatus?: string;
  /** The envelope's `state` of a processed registration, instead of true. */
  registrationState?: boolean;
  /** Debits are answered with this HTTP status and body and never reach the sandbox. */
  declineUnposted?: { status: number; body: unknown };
}

const TXN_PATH = "/v5/card-api/transaction/create";

function rewriteOutcome(answer: ProxiedAnswer, body: string, o: OutcomeOptions): ProxiedAnswer {
  if (answer.status !== 200) return answer;
  const json = JSON.parse(answer.text) as Record<string, unknown>;
  const payload = json.payload as Record<string, unknown> | undefined;
  if (o.debitStatus && body.includes('"debit"') && json.request_status === "success")
    json.request_status = o.debitStatus;
  else if (payload?.client_uuid && (o.registrationStatus || o.registrationState !== undefined)) {
    if (o.registrationStatus) payload.status = o.registrationStatus;
    if (o.registrationState !== undefined) json.state = o.registrationState;
  } else return answer;
  return { ...answer, text: JSON.stringify(json) };
}

export async function withOutcomeTarget<T>(o: OutcomeOptions, body: (target: TestTarget) => Promise<T>): Promise<T> {
  return withSandbox({}, async (sandbox) => {
    const target = await startCountingProxy(sandbox.url, {
      answerInstead: ({ path }) =>
        path === TXN_PATH && o.declineUnposted
          ? {
              status: o.declineUnposted.status,
              headers: { "content-type": "application/json" },
              text: JSON.stringify(o.declineUnposted.body),
            }
          : undefined,
      rewrite: (answer, request) => rewriteOutcome(answer, request.body, o),
    });
    try {
      return await body(target);
    } finally {
      await target.close();
    }
  });
}
