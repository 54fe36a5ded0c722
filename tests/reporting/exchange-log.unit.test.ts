/** The exchange log behind the HAR file: a bounded sample per check, one redacted line per exchange, one write per file. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { exchangeEvidence } from "../../lib/http/evidence.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { Redactor } from "../../lib/redaction/redact.ts";
import { EvidenceRecorder } from "../../lib/checks/evidence.ts";
import { ExchangeLog, exchangesFolder, type ExchangeRecord } from "../../lib/reporting/exchange-log.ts";
import { buildHar } from "../../lib/reporting/har.ts";
import { ROOT } from "../support/root.ts";
import { DOCUMENTED_OPERATIONS as OPERATIONS } from "../../lib/catalogue/index.ts";

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const SAMPLES: Array<[string, number, boolean, number[], number]> = [
  ["a passed check with few exchanges keeps them all", 3, false, [1, 2, 3], 0],
  ["a passed property check keeps its first five", 2000, false, [1, 2, 3, 4, 5], 1995],
  ["a failed property check also keeps its last five", 2000, true, [1, 2, 3, 4, 5, 1996, 1997, 1998, 1999, 2000], 1990],
  ["a failed check with seven keeps each once", 7, true, range(7), 0],
];
const exchangeNo = (seq: number) => ({ seq }) as unknown as Exchange;
test.for(SAMPLES)("%s", ([, n, failed, kept, omitted]) => {
  const recorder = new EvidenceRecorder();
  const exchanges = range(n).map(exchangeNo);
  for (const e of exchanges) recorder.add(e);
  const { sample, omitted: left } = recorder.sample(failed);
  expect({ sample: sample.map((e) => (e as unknown as { seq: number }).seq), omitted: left }).toEqual({
    sample: kept,
    omitted,
  });
});

test("an exchange recorded again (the shrunk case that decided) moves to the end of a failed check's sample, counted once", () => {
  const recorder = new EvidenceRecorder();
  const exchanges = range(20).map(exchangeNo);
  for (const e of exchanges) recorder.add(e);
  expect(recorder.add(exchanges[9]!)).toBe(false);
  const { sample, omitted } = recorder.sample(true);
  expect(sample.map((e) => (e as unknown as { seq: number }).seq)).toEqual([1, 2, 3, 4, 5, 17, 18, 19, 20, 10]);
  expect(omitted).toBe(10);
});

const dir = mkdtempSync(join(tmpdir(), "exchange-log-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function exchange(seq: number, startedAt: number, response?: Exchange["response"]): Exchange {
  return {
    seq,
    startedAt,
    durationMs: 12,
    operationKey: "card-api.transaction-create",
    request: {
      method: "POST",
      url: "http://127.0.0.1:1/v5/card-api/transaction/create",
      headers: { "X-Api-Key": "k-123456789" },
      bodyText: '{"debit":{"card":{"card_pan":"4400430000000023","card_cvc":"123"}}}',
    },
    ...(response
      ? { response }
      : { transportError: { kind: "timeout" as const, message: "no complete answer within 5000 ms" } }),
  };
}

test("flush writes each exchange once, redacted, in time order, with the checks that used it, and appends", () => {
  const redactor = new Redactor();
  const log = new ExchangeLog(dir, "card-api.transaction-create");
  const shared = exchange(1, 2000, {
    status: 200,
    headers: { "content-type": "application/json" },
    bodyText: '{"status":"ok"}',
  });
  const early = exchange(2, 1000);
  log.add("CARD-TXN-B", [shared]);
  log.add("CARD-TXN-A", [shared, early]);
  log.flush(redactor);
  log.flush(redactor); // nothing pending: no second write
  log.add("CARD-TXN-C", [exchange(3, 3000)]);
  log.flush(redactor);
  const file = join(exchangesFolder(dir), "card-api.transaction-create.jsonl");
  const text = readFileSync(file, "utf8");
  const records = text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as ExchangeRecord);
  expect(records.map((r) => [r.evidence.seq, r.checks])).toEqual([
    [2, ["CARD-TXN-A"]],
    [1, ["CARD-TXN-A", "CARD-TXN-B"]],
    [3, ["CARD-TXN-C"]],
  ]);
  expect(text).not.toContain("4400430000000023");
  expect(text).not.toContain("card_cvc");
  expect(text).not.toContain("k-123456789");
});

test("HAR entries: an answered exchange and a transport failure (status 0, cause in _error)", () => {
  const redactor = new Redactor();
  const records = [
    exchange(1, 2000, { status: 200, headers: { "content-type": "application/json" }, bodyText: '{"status":"ok"}' }),
    exchange(2, 1000),
  ].map((e): ExchangeRecord => ({
    startedAt: new Date(e.startedAt).toISOString(),
    checks: ["CARD-TXN-A"],
    evidence: exchangeEvidence(e, redactor),
  }));
  const har = buildHar(records, { name: "h", version: "1" }, "note");
  expect(har.log.entries.map((e) => e.response.status)).toEqual([0, 200]);
  expect(har.log.entries[0]).toMatchObject({
    _error: "timeout: no complete answer within 5000 ms",
    response: { bodySize: -1, content: { text: "" } },
  });
  expect(har.log.entries[1]).toMatchObject({
    time: 12,
    request: { postData: { mimeType: "application/json" } },
    response: { content: { text: '{"status":"ok"}', mimeType: "application/json" } },
    comment: "evidence of CARD-TXN-A",
  });
  expect(JSON.parse(har.log.entries[1]!.request.postData.text)).toEqual({
    debit: { card: { card_pan: "440043******0023" } },
  });
});

test("one file per operation, named by its key, as README.md, docs/reports.md and reports/README.md say", () => {
  const named = mkdtempSync(join(tmpdir(), "exchange-names-"));
  try {
    for (const op of OPERATIONS) {
      // The engine names each module's log by its operation (lib/vitest/describe-module.ts).
      const log = new ExchangeLog(named, op.key);
      log.add("ANY-CHECK", [exchange(1, 1000)]);
      log.flush(new Redactor());
    }
    expect(readdirSync(exchangesFolder(named)).sort()).toEqual(OPERATIONS.map((op) => `${op.key}.jsonl`).sort());
  } finally {
    rmSync(named, { recursive: true, force: true });
  }
  for (const page of ["README.md", "docs/reports.md", "reports/README.md"]) {
    const text = readFileSync(join(ROOT, page), "utf8");
    expect(text, page).toMatch(/`(reports\/)?exchanges\/<operation>\.jsonl`/);
    expect(text, page).toMatch(/`card-api\.(statement|transaction-create)\.jsonl`/);
    expect(text, page).not.toMatch(/exchanges\/\*\.jsonl` \|[^|]*per suite|exchanges of each suite/);
  }
});
