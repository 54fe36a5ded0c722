/**
 * Readings across the target's period boundary are not violations: usage resets
 * when a limit's period ends, so a "before" and an "after" reading on either side of the target's
 * midnight (TARGET_UTC_OFFSET) cannot be compared. The sandbox runs with its clock just before
 * its midnight (+05:00), and a proxy moves the clock past it between two readings; the ledger's
 * checks that compare them set the pair aside ("not judged", naming the boundary), never fail.
 */
import { describe, expect, test } from "vitest";
import { evaluateModule, type CheckResult } from "../../lib/checks/evaluate.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { DAY_MS } from "../../lib/time/iso.ts";
import { modelChecks } from "../../suites/card-api/ledger/model.checks.ts";
import { parallelDebitsWithinLimit } from "../../suites/card-api/ledger/concurrency.checks.ts";
import { limitsOfOtherObject } from "../../suites/card-api/isolation.checks.ts";
import { SANDBOX_CARDS, SANDBOX_RACE_CARDS } from "../../lib/test-data/published.ts";
import type { Posting } from "../../sandbox/ledger.ts";
import { limitsForCard } from "../../sandbox/limits.ts";
import { transactionLedgerModule } from "../../suites/card-api/transaction-ledger.module.ts";
import { configFor, withSandbox } from "../support/harness.ts";
import { startCountingProxy } from "../support/targets.ts";

const SANDBOX_OFFSET_MS = 5 * 3_600_000;
const TXN_PATH = "/v5/card-api/transaction/create";

/** A clock offset that puts the sandbox `before` ms ahead of... just before its next midnight. */
function offsetToMidnight(beforeMs: number): number {
  const now = Date.now();
  const next = (Math.floor((now + SANDBOX_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - SANDBOX_OFFSET_MS;
  return next - beforeMs - now;
}

/** A debit posted straight into the sandbox's ledger (usage before its midnight). */
function posting(cardId: string, amountMinor: number, at: number): Posting {
  return {
    requestId: `before-midnight-${cardId}`,
    cardId,
    type: "debit",
    amountMinor,
    commissionMinor: 0,
    currency: "KZT",
    at,
    rrn: "000000000001",
    mcc: 6012,
    merchant: { name: "TEST", country: "KAZ", address_line1: "x", postal_code: "x", url: "https://example.com" },
  };
}

/** CARD-LEDGER-USAGE against a sandbox whose clock `jump` moves on the n-th debit it receives. */
async function usageWith(jump: (debit: number) => number): Promise<CheckResult> {
  const start = offsetToMidnight(60_000);
  return withSandbox({ clockOffsetMs: start }, async (sandbox) => {
    let debits = 0;
    let offset = start;
    const proxy = await startCountingProxy(sandbox.url, {
      answerInstead: ({ path }) => {
        if (path === TXN_PATH) sandbox.setClockOffset((offset += jump(++debits)));
        return undefined;
      },
    });
    const run = await createRunContext(configFor(proxy.url, { TARGET_UTC_OFFSET: "+05:00" }));
    try {
      const usage = modelChecks.filter((c) => c.id === "CARD-LEDGER-USAGE");
      const [result] = await evaluateModule({ ...transactionLedgerModule, checks: usage }, run);
      return result!;
    } finally {
      await run.target.close();
      await proxy.close();
    }
  });
}

const BOUNDARY =
  /the (card|account|client)'s limits were read on either side of the target's midnight \(\d{4}-\d\d-\d\dT19:00:00\.000Z at TARGET_UTC_OFFSET \+05:00\) for day limits/;

describe("the sandbox's midnight passes between the readings of the ledger's usage check", () => {
  test("in one sequence: that sequence is not judged, the others are, and the check does not fail", async () => {
    // The third debit (the first sequence's probe) arrives two minutes later by the sandbox's clock: past its midnight.
    const result = await usageWith((n) => (n === 3 ? 120_000 : 0));
    expect(result.outcome, result.message).toBe("passed");
    expect(result.notes).toContainEqual(
      expect.stringMatching(new RegExp(`^1 of 2 sequence\\(s\\) not judged for usage: ${BOUNDARY.source}`)),
    );
  });

  test("in every sequence: the check is not judged, naming the boundary", async () => {
    // Every debit arrives on the sandbox's next day.
    const result = await usageWith(() => DAY_MS);
    expect(result.outcome).toBe("not judged");
    expect(result.message).toMatch(new RegExp(`^not judged: ${BOUNDARY.source}.*; see TARGET_UTC_OFFSET$`));
  });
});

describe("the race card's limits reset between its reading and its debits", () => {
  test("CARD-LEDGER-RACE is not judged, naming the boundary, where the old remaining would have failed it", async () => {
    const card = SANDBOX_RACE_CARDS[0]!;
    const start = offsetToMidnight(120_000);
    await withSandbox({ clockOffsetMs: start }, async (sandbox) => {
      // Before the sandbox's midnight the race card has used all but 50.00 of its smallest limit.
      const smallest = Math.min(...limitsForCard(sandbox.ledger, card).map((l) => l.totalMinor));
      sandbox.ledger.post(posting(card.cardId, smallest - 5_000, Date.now() + start));
      let jumped = false;
      const proxy = await startCountingProxy(sandbox.url, {
        answerInstead: ({ path, body }) => {
          // The first race debit arrives five minutes later by the sandbox's clock: its next day.
          if (path === TXN_PATH && body.includes(card.cardId) && !jumped)
            sandbox.setClockOffset(start + ((jumped = true), 300_000));
          return undefined;
        },
      });
      const run = await createRunContext(configFor(proxy.url));
      try {
        const [result] = await evaluateModule({ ...transactionLedgerModule, checks: [parallelDebitsWithinLimit] }, run);
        expect(jumped).toBe(true);
        expect(result!.outcome, result!.message).toBe("not judged");
        expect(result!.message).toMatch(
          /^not judged: the race card's limits were read before the target's midnight \(\S+T19:00:00\.000Z at TARGET_UTC_OFFSET \+05:00\) for day limits, and its debits were answered after it; see TARGET_UTC_OFFSET$/,
        );
      } finally {
        await run.target.close();
        await proxy.close();
      }
    });
  });
});

describe("the payment card's limits reset between the over-limit debit's readings", () => {
  test("CARD-LEDGER-LIMITS-ENFORCED sets that debit aside, naming the boundary, where the old remaining would have failed it", async () => {
    const card = SANDBOX_CARDS.payment;
    const start = offsetToMidnight(120_000);
    await withSandbox({ clockOffsetMs: start }, async (sandbox) => {
      // A quarter of the smallest limit used before midnight: after it, one unit over the old
      // remaining fits the fresh limit, and the usage it adds exceeds the old usage.
      const smallest = Math.min(...limitsForCard(sandbox.ledger, card).map((l) => l.totalMinor));
      sandbox.ledger.post(posting(card.cardId, Math.floor(smallest / 4), Date.now() + start));
      let jumped = false;
      const proxy = await startCountingProxy(sandbox.url, {
        answerInstead: ({ path, body }) => {
          const amount = path === TXN_PATH ? Number(JSON.parse(body).debit?.amount) : 0;
          if (amount * 100 > smallest / 2 && !jumped) sandbox.setClockOffset(start + ((jumped = true), 300_000));
          return undefined;
        },
      });
      const run = await createRunContext(configFor(proxy.url));
      try {
        const enforced = modelChecks.filter((c) => c.id === "CARD-LEDGER-LIMITS-ENFORCED");
        const [result] = await evaluateModule({ ...transactionLedgerModule, checks: enforced }, run);
        expect(jumped, "an over-limit debit was drawn").toBe(true);
        expect(result!.outcome, result!.message).not.toBe("failed");
        expect([result!.message, ...result!.notes].join("\n")).toMatch(
          /the over-limit debit's limits were read on either side of the target's midnight \(\S+T19:00:00\.000Z at TARGET_UTC_OFFSET \+05:00\)/,
        );
      } finally {
        await run.target.close();
        await proxy.close();
      }
    });
  });
});

describe("another card's limits read on either side of the target's midnight", () => {
  test("CARD-LIM-OTHER-OBJECT is not judged, naming the boundary", async () => {
    const start = offsetToMidnight(120_000);
    await withSandbox({ clockOffsetMs: start }, async (sandbox) => {
      let jumped = false;
      const proxy = await startCountingProxy(sandbox.url, {
        answerInstead: ({ path }) => {
          // The payment card's debit, between the two readings, arrives on the sandbox's next day.
          if (path === TXN_PATH && !jumped) sandbox.setClockOffset(start + ((jumped = true), 300_000));
          return undefined;
        },
      });
      const run = await createRunContext(configFor(proxy.url));
      try {
        const [result] = await evaluateModule({ ...transactionLedgerModule, checks: [limitsOfOtherObject] }, run);
        expect(result!.outcome, result!.message).toBe("not judged");
        expect(result!.message).toMatch(
          /^not judged: the limits of card \S+ were read on either side of the target's midnight \(\S+T19:00:00\.000Z at TARGET_UTC_OFFSET \+05:00\) for day limits; see TARGET_UTC_OFFSET$/,
        );
      } finally {
        await run.target.close();
        await proxy.close();
      }
    });
  });
});
