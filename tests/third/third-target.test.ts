/**
 * The harness on a third correct target, written from the spec and the partner
 * docs only (tests/support/third-target/), different from the sandbox and the foreign target in
 * every choice the spec leaves open. It is configured only as docs/own-server.md says — a `.env`,
 * a client-data file and a request-rules file in the partner's folder — and run as
 * `npm run conformance` runs. Correct: every check passes strict, with tokens that expire fetched
 * from its OAuth endpoint (and so by the default rule too: the same checks are sent either way, only
 * the level rule differs — lib/checks/levels.ts, tests/reporting/run-verdicts.unit.test.ts). The
 * other configuration, static bearer tokens, is judged in-process from the same folder:
 * third-static-auth.sandbox.test.ts. Each broken variant is caught on exactly the checks it breaks by
 * the engine in-process, configured from the same folder, and the preflight's readings of this
 * target likewise: third-faults.sandbox.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { conformanceIn, notPassed, outcomes, warnings, type PartnerRun } from "../support/partner-run.ts";
import { thirdPartnerFolder, type Auth } from "../support/third-target/partner-folder.ts";
import { startThirdTarget, type ThirdModes } from "../support/third-target/server.ts";
import { CARD_API_TOKEN, KEYS, PARTNER_TOKEN, PAYMENT_CARD } from "../support/third-target/data.ts";
import { OAUTH } from "../support/third-target/oauth.ts";

interface Run extends PartnerRun {
  /** How many tokens the target's OAuth endpoint issued (oauth mode). */
  tokensIssued?: number;
}

async function conformanceAgainst(
  modes: ThirdModes,
  args: string[],
  overrides: Record<string, string> = {},
  auth: Auth = "static",
): Promise<Run> {
  const target = await startThirdTarget(modes);
  try {
    const run = await conformanceIn(thirdPartnerFolder(target.url, { SEED: "20261125", ...overrides }, auth), args);
    return { ...run, ...(target.issuer ? { tokensIssued: target.issuer.issued } : {}) };
  } finally {
    await target.close();
  }
}

describe("a correct third target, configured through .env, a client-data file and a request-rules file", () => {
  // 5-second tokens from the target's OAuth endpoint (PARTNER_TOKEN_URL with client credentials,
  // CARD_API_AUTH=bearer), renewed within the run for both families.
  test("strict mode, tokens of 5 s from the target's OAuth endpoint: conformant, exit 0, every check passed, nothing secret written", async () => {
    const run = await conformanceAgainst({ tokenTtlSeconds: 5 }, ["--strict"], {}, "oauth");
    expect(warnings(run), run.stderr).toEqual([]);
    expect(run.code, outcomes(run)).toBe(0);
    expect(run.summary?.verdict).toBe("conformant");
    expect(notPassed(run), outcomes(run)).toEqual([]);
    expect(run.tokensIssued).toBeGreaterThan(1);
    const written = ["junit.xml", "summary.md", "summary.json"]
      .map((f) => readFileSync(join(run.dir, "reports", f), "utf8"))
      .join("\n");
    for (const secret of [
      ...Object.values(KEYS),
      CARD_API_TOKEN,
      PARTNER_TOKEN,
      PAYMENT_CARD.pan!,
      OAUTH.clientSecret,
    ]) {
      expect(written).not.toContain(secret);
    }
  });
});
