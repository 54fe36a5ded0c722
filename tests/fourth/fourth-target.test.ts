/**
 * The harness on a fourth correct target, written from the spec and the partner docs only
 * (tests/support/fourth-target/): day-first statement dates, UTC written `+00:00`, RSA signatures and
 * RSA-OAEP-sealed client data through a profile module that cannot decrypt, a per-debit maximum, a
 * limit scoped to MCC 7995, RFC 7807 problems, declines as HTTP 200, required fields declared with
 * `anyOf`. Configured only as docs/own-server.md says — a `.env`, the module, a client-data file and
 * a request-rules file in the partner's folder — and run as `npm run conformance` runs, strict:
 * conformant, and so by the default rule too. Its broken builds are judged in-process from the same
 * folder: a build with three violations of the spec at must level as a default-mode run judges it,
 * fourth-violations.sandbox.test.ts; each fault alone, fourth-faults.sandbox.test.ts.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { conformanceIn, notPassed, outcomes, warnings, type PartnerRun } from "../support/partner-run.ts";
import * as data from "../support/fourth-target/data.ts";
import { testKeys } from "../support/fourth-target/keys.ts";
import { fourthPartnerFolder } from "../support/fourth-target/partner-folder.ts";
import { startFourthTarget, type Fault } from "../support/fourth-target/server.ts";

type Run = PartnerRun;

async function conformanceAgainst(faults: Fault[], args: string[]): Promise<Run> {
  const target = await startFourthTarget({ faults });
  try {
    return await conformanceIn(fourthPartnerFolder(target.url, { SEED: "20261127" }), args);
  } finally {
    await target.close();
  }
}

/** Every file the run wrote under reports/, as text. */
function written(dir: string): string {
  const walk = (path: string): string[] =>
    statSync(path).isDirectory() ? readdirSync(path).flatMap((f) => walk(join(path, f))) : [readFileSync(path, "utf8")];
  return walk(join(dir, "reports")).join("\n");
}

/** What must never be written: the partner's private key (any line of it), tokens, the card number and CVC. */
function secrets(): string[] {
  const keyLines = testKeys()
    .partner.privatePem.split("\n")
    .filter((l) => l.length === 64);
  return [...keyLines, data.PARTNER_TOKEN, data.CARD_API_KEY, data.PAYMENT_CARD.pan, `"${data.PAYMENT_CARD.cvc}"`];
}

describe("a correct fourth target, configured through .env, a profile module, a client-data file and a request-rules file", () => {
  // Strict only: with --strict a should failure fails the run too, and the same checks are sent either
  // way, so a strict run in which every non-info check passed is conformant by the default rule as well
  // (the level rule itself, lib/checks/levels.ts: tests/reporting/run-verdicts.unit.test.ts).
  test("strict mode: conformant, exit 0, every check passed, nothing secret written", async () => {
    const run = await conformanceAgainst([], ["--strict"]);
    expect(warnings(run), run.stderr).toEqual([]);
    expect(run.code, outcomes(run)).toBe(0);
    expect(run.summary?.verdict).toBe("conformant");
    expect(notPassed(run), outcomes(run)).toEqual([]);
    const text = written(run.dir);
    for (const secret of secrets()) expect(text).not.toContain(secret);
  });
});
