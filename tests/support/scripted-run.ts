/**
 * An in-process run whose target answers from a script: a real Target (observers, intent, the
 * contract book) over a fake client whose nth request gets script(n), each after a millisecond so
 * that checks interleave as they would on the wire. For tests that need to say exactly which
 * answers are wrong (tests/checks/contracts.unit.test.ts, stable-reads.unit.test.ts).
 */
import { ContractBook } from "../../lib/checks/contract-book.ts";
import type { RunContext } from "../../lib/checks/types.ts";
import type { Config } from "../../lib/config/load.ts";
import type { CryptoProfile } from "../../lib/crypto/index.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { Target } from "../../lib/http/target.ts";
import type { HttpClient } from "../../lib/http/transport/client.ts";
import { validators } from "../../lib/validation/registry.ts";

export type ScriptedAnswer = (n: number) => Omit<Exchange, "request">;

/** A run on `config` whose target answers the nth request with script(n), with a contract book. */
export function runAnswering(config: Config, profile: CryptoProfile, script: ScriptedAnswer): RunContext {
  let n = 0;
  const client = {
    post: async (url: string, o: { headers: Record<string, string>; bodyText: string; operationKey?: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const request = { method: "POST", url, headers: o.headers, bodyText: o.bodyText };
      return { ...script(++n), operationKey: o.operationKey, request } as Exchange;
    },
    close: async () => undefined,
  } as unknown as HttpClient;
  const target = new Target(config, profile, client);
  const contracts = new ContractBook();
  target.observers.push(contracts.observe);
  return { config, target, validators: validators(), contracts, inFlight: 4, debitAmounts: () => Promise.reject() };
}
