/**
 * The correct third target with static bearer tokens on both families, judged by the check engine
 * in-process from the partner's own folder (its `.env`, client-data and request-rules files): the
 * configuration the CLI run of third-target.test.ts does not use (it runs strict, with OAuth tokens
 * of 5 s). Strict and static differ only in the level rule and where the tokens come from, so what
 * this configuration adds is judged here: every check passes, the folder sets nothing the harness
 * does not read, and no secret is left in the results once they pass the redactor with this
 * configuration's secrets, as every report a run writes does (lib/reporting/reporters.ts).
 */
import { join } from "node:path";
import { expect, test } from "vitest";
import { unknownEnvFileNames } from "../../lib/config/env-file.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { Redactor } from "../../lib/redaction/redact.ts";
import { failingTheRun, folderEnv, judgeFolder, notPassed, shown } from "../support/engine-run.ts";
import { CARD_API_TOKEN, KEYS, PARTNER_TOKEN, PAYMENT_CARD } from "../support/third-target/data.ts";
import { thirdPartnerFolder } from "../support/third-target/partner-folder.ts";
import { startThirdTarget } from "../support/third-target/server.ts";

/** As the CLI run of third-target.test.ts: the same seed and property runs. */
const RUN = { SEED: "20261125", PROPERTY_RUNS: "10" };

test("default mode, static bearer tokens: every check passed, every variable read, nothing secret in the redacted results", async () => {
  const target = await startThirdTarget({});
  try {
    const folder = thirdPartnerFolder(target.url, {}, "static");
    // What the command would warn about on stderr (lib/config/env-first.ts).
    expect(unknownEnvFileNames(join(folder, ".env"))).toEqual([]);
    const results = await judgeFolder(folder, RUN);
    expect(notPassed(results), shown(results)).toEqual([]);
    expect(failingTheRun(results, false)).toEqual([]);
    const redactor = new Redactor();
    redactor.addSecrets(loadConfig(folderEnv(folder, RUN)).secrets);
    const written = JSON.stringify(redactor.json(results));
    for (const secret of [...Object.values(KEYS), CARD_API_TOKEN, PARTNER_TOKEN, PAYMENT_CARD.pan!]) {
      expect(written).not.toContain(secret);
    }
  } finally {
    await target.close();
  }
});
