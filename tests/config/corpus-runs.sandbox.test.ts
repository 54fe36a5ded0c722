/**
 * The previous release's frozen configurations (corpus/release-22ae5bd) run on this one with the
 * verdict they had: each judged in-process (engine-run.ts) against a target it fits, and the
 * verdict a CLI run's summary would print asserted (run-verdict.ts).
 * - The copied .env.example against the reference sandbox: conformant ("with these values a run
 *   against a separately started sandbox needs no other setting", that release's .env.example).
 * - The partner's .env, CUMULATIVE_LIMIT_TYPES=max, against a server whose cumulative limit is named
 *   max (the sandbox behind a proxy that renames its `total`): conformant. On 0.1.0 this was exit 2
 *   before a request was sent (MAXIMUM_LIMIT_TYPES's new default claimed max). The verdict asserted
 *   is that release's own: its code (`git archive 22ae5bd`), its CLI run with this .env against the
 *   same target, said conformant, exit 0 (471 requests); this code's CLI says the same.
 * The checks are those that read the limits vocabulary (the debit range, usage, remaining, the race)
 * and one of each other operation's, so the run stays a few seconds of CPU.
 */
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { judgeModules, noCrash, onlyChecks, shown } from "../support/engine-run.ts";
import { withSandbox } from "../support/harness.ts";
import { runVerdict } from "../support/run-verdict.ts";
import { startCountingProxy, type ProxiedAnswer } from "../support/targets.ts";
import { frozenEntries } from "./corpus.ts";

const RELEASE = "release-22ae5bd";
const CHECKS = onlyChecks([
  "CARD-LIM-SCHEMA",
  "CARD-LIM-MONEY-EXACT",
  "CARD-LEDGER-USAGE",
  "CARD-LEDGER-REMAINING",
  "CARD-LEDGER-LIMITS-ENFORCED",
  "CARD-LEDGER-RACE",
  "CARD-TXN-SCHEMA",
  "CARD-STMT-SCHEMA",
  "PT-BIZ-SCHEMA",
]);

const entry = (file: string) => frozenEntries().find((e) => e.name === `${RELEASE}/${file}`)!;

async function verdictAt(url: string, file: string) {
  const env = { ...entry(file).env, TARGET_BASE_URL: url };
  const results = noCrash(await judgeModules(loadConfig(env), CHECKS, env));
  return { results, verdict: runVerdict(results, false).summary.verdict };
}

/** A server whose cumulative limit is named max: the sandbox's limits answers with `total` renamed (counted). */
let renamed = 0;
const totalAsMax = (answer: ProxiedAnswer): ProxiedAnswer => {
  if (!answer.text.includes('"type":"total"')) return answer;
  renamed++;
  return { ...answer, text: answer.text.replaceAll('"type":"total"', '"type":"max"') };
};

test("the copied .env.example against the reference sandbox: conformant", async () => {
  await withSandbox({}, async (sandbox) => {
    const { results, verdict } = await verdictAt(sandbox.url, "example.env");
    expect(verdict, shown(results)).toBe("conformant");
  });
}, 120_000);

test("the partner's CUMULATIVE_LIMIT_TYPES=max against its server: conformant, max judged as cumulative", async () => {
  await withSandbox({}, async (sandbox) => {
    const server = await startCountingProxy(sandbox.url, { rewrite: totalAsMax });
    try {
      const { results, verdict } = await verdictAt(server.url, "partner-max.env");
      expect(verdict, shown(results)).toBe("conformant");
      // The renamed limit was read, and judged as the cumulative one (usage after each debit).
      expect(renamed).toBeGreaterThan(0);
      expect(results.find((r) => r.id === "CARD-LEDGER-USAGE")?.outcome).toBe("passed");
    } finally {
      await server.close();
    }
  });
}, 120_000);
