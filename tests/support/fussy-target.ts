/**
 * A correct but fussy target for the fixture tests: a proxy in front of a sandbox that
 * declines debits under its own minimum (HTTP 200, request_status "declined", as some platforms
 * answer errors), may show that minimum in its limits list, and may refuse every registration
 * (HTTP 400, a client-data rule of its own). Everything else is the sandbox's answer.
 */
import { withSandbox } from "./harness.ts";
import { startCountingProxy, type ProxiedAnswer, type TestTarget } from "./targets.ts";

export interface FussyOptions {
  /** Debits below this (major units) are declined. */
  minDebit?: number;
  /** The limits list shows minDebit as the value of every `min` limit (else the sandbox's 1.00). */
  showMinInLimits?: boolean;
  /** Every registration is refused with 400. */
  refuseRegistrations?: boolean;
}

export const TXN_PATH = "/v5/card-api/transaction/create";
export const REGISTER_PATH = "/v5/partner/transfer/business/create";
const LIMITS_PATH = "/v5/card-api/limits/list";

const json = (status: number, body: unknown): ProxiedAnswer => ({
  status,
  headers: { "content-type": "application/json" },
  text: JSON.stringify(body),
});

export function startFussyTarget(sandboxUrl: string, o: FussyOptions): Promise<TestTarget> {
  return startCountingProxy(sandboxUrl, {
    answerInstead: ({ path, body }) => {
      if (path === REGISTER_PATH && o.refuseRegistrations)
        return json(400, { error: "INVALID_CLIENT", message: "bin fails its control digit" });
      if (path !== TXN_PATH || o.minDebit === undefined) return undefined;
      const amount = Number((JSON.parse(body) as { debit?: { amount?: unknown } }).debit?.amount);
      return amount < o.minDebit
        ? json(200, {
            status: "ok",
            request_status: "declined",
            dt: new Date().toISOString().replace("Z", "+00:00"),
            message: `amount below the card minimum ${o.minDebit.toFixed(2)}`,
          })
        : undefined;
    },
    rewrite: (answer, request) => {
      if (!o.showMinInLimits || o.minDebit === undefined || !request.body.includes('"object"') || answer.status !== 200)
        return answer;
      const shown = o.minDebit.toFixed(2);
      return {
        ...answer,
        text: answer.text.replace(
          /("type":"min","value":")[^"]*(","current":"[^"]*","remaining":")[^"]*"/g,
          `$1${shown}$2${shown}"`,
        ),
      };
    },
  });
}

/** A fussy target in front of a fresh sandbox, for the length of `body`. */
export async function withFussyTarget<T>(options: FussyOptions, body: (target: TestTarget) => Promise<T>): Promise<T> {
  return withSandbox({}, async (sandbox) => {
    const target = await startFussyTarget(sandbox.url, options);
    try {
      return await body(target);
    } finally {
      await target.close();
    }
  });
}
