/**
 * Resets seen in the readings (CARD-LEDGER-USAGE, suites/card-api/ledger/usage.ts): a target whose
 * limit day is not its `dt`'s day resets usage at a moment no `dt` marks. Usage that falls back to
 * no more than what was debited since the baseline is that reset — set aside as readings across a
 * midnight are, never a warning; usage that falls otherwise still fails.
 */
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import type { AmountLimit } from "../../lib/payments/limits.ts";
import type { LedgerReal } from "../../suites/card-api/ledger/model.ts";
import { emptyModel } from "../../suites/card-api/ledger/observations.ts";
import { usageVerdict } from "../../suites/card-api/ledger/usage.ts";

const config = loadConfig({ TARGET_UTC_OFFSET: "+00:00" });
const at = Date.UTC(2026, 11, 2, 10, 0, 0);

const limit = (current: string): AmountLimit => ({
  ...{ key: "card/L1/total", group: "card", type: config.cardApi.cumulativeLimitTypes[0]!, value: "1000.00", current },
  ...{ remaining: "0", currency: "KZT", period: "day", mcc: undefined, region: undefined, transactionType: undefined },
  where: "limits.card[0].amount[0]",
});

/** The verdict on a card whose day limit read `before` at the baseline and `now` a second later, 30.00 debited in between. */
function verdict(before: string, now: string) {
  const r = {
    ctx: { config },
    since: at,
    terminal: config.cardApi.terminal,
    baselineLimits: new Map([["card", [limit(before)]]]),
    baselineAt: new Map([["card", at]]),
    readAt: new Map([["card", at + 1_000]]),
  } as unknown as LedgerReal;
  const m = emptyModel();
  m.accepted.push({ body: { request_id: "r-1" } as never, micro: 30_000_000 });
  return usageVerdict(r, m, "card", [limit(now)], { count: 0, micro: 0 });
}

test("usage that fell back to what was debited since is a reset the dt does not mark: set aside", () => {
  const seen = verdict("500.00", "30.00");
  expect(seen.state).toBe("set aside");
  expect(seen.state === "set aside" && seen.why).toMatch(/fell from 500\.00 to 30\.00.*reset between the readings/);
  expect(verdict("500.00", "12.00").state, "a reset after some of the debits").toBe("set aside");
});

test("usage that falls otherwise still fails", () => {
  expect(verdict("500.00", "400.00")).toMatchObject({ state: "unexplained" });
});

test("usage that grew by the debits is explained; by another amount, not", () => {
  expect(verdict("500.00", "530.00").state).toBe("explained");
  expect(verdict("500.00", "520.00").state).toBe("unexplained");
});
