/**
 * Re-runnable: repeated full runs against one sandbox stay green — the stateful checks
 * debit small amounts, and the concurrency check moves on through the race-card pool, one card
 * per run, instead of failing once a card's daily limit is used up.
 */
import { expect, test } from "vitest";
import { SANDBOX_RACE_CARDS } from "../../lib/test-data/published.ts";
import { configFor, evaluateAll, withSandbox } from "../support/harness.ts";

test("as many runs as there are race cards, against one sandbox, are all green; then the race check says why it cannot run", async () => {
  await withSandbox({}, async (sandbox) => {
    const config = configFor(sandbox.url, { PROPERTY_RUNS: "3" });
    for (let run = 1; run <= SANDBOX_RACE_CARDS.length; run++) {
      const results = await evaluateAll(config);
      const notPassed = results
        .filter((r) => r.outcome !== "passed")
        .map((r) => `run ${run}: ${r.id} ${r.outcome} ${r.message}`);
      expect(notPassed).toEqual([]);
    }
    const race = (await evaluateAll(config)).find((r) => r.id === "CARD-LEDGER-RACE")!;
    expect(race.outcome).toBe("not judged");
    expect(race.message).toMatch(
      /every race card \(RACE_CARD_IDS, 12\) has used its limit for this period.*; see RACE_CARD_IDS$/,
    );
  });
});
