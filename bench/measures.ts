/**
 * What the benchmark measures: throughput ratios taken side by side on one machine, the schema
 * validator's rate, and whole runs. Each measure is bounded in time and count.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CARD_STATEMENT } from "../lib/catalogue/index.ts";
import { answerKind } from "../lib/checks/answers.ts";
import { requireSuccessBody } from "../lib/checks/response.ts";
import { loadConfig, type Config } from "../lib/config/load.ts";
import { exchangeEvidence } from "../lib/http/evidence.ts";
import { redactor } from "../lib/redaction/redact.ts";
import { createRunContext } from "../lib/checks/run-context.ts";
import { ValidatorRegistry, loadSchemas } from "../lib/validation/registry.ts";
import { seededStatementRequest } from "../generators/card-api/statement.ts";
import { closedLoop, rawPoster, type Load } from "./load.ts";
import { startServer } from "./processes.ts";

export const CONCURRENCY = 16;
const WARMUP_MS = 1_000;
/** Rounds of side-by-side windows: raw, harness, bare, then again. */
export const ROUNDS = 5;
const WINDOW_MS = 1_500;
const MAX_REQUESTS = 200_000;

/** One load: a request of its kind, and how to release what it holds. */
export interface LoadSource {
  one: () => Promise<boolean>;
  close: () => Promise<void>;
}

/** raw_rps against a URL: valid statement requests for the seeded card. */
export function rawLoad(url: string, config: Config): LoadSource {
  const raw = rawPoster(url, CARD_STATEMENT.path!, JSON.stringify(seededStatementRequest(config)), CONCURRENCY);
  return { one: () => raw.post(), close: () => raw.close() };
}

/**
 * Each load in turn, window after window, for ROUNDS rounds (after a warm-up of each): a shared
 * machine's load drifts over seconds, so two rates taken in neighbouring windows compare fairly
 * where two long measurements a minute apart do not. Returns every window's rate per load.
 */
export async function sideBySide(sources: Record<string, LoadSource>): Promise<Record<string, Load[]>> {
  const windows: Record<string, Load[]> = {};
  for (const source of Object.values(sources)) await closedLoop(CONCURRENCY, WARMUP_MS, MAX_REQUESTS, source.one);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, source] of Object.entries(sources))
      (windows[name] ??= []).push(await closedLoop(CONCURRENCY, WINDOW_MS, MAX_REQUESTS, source.one));
  }
  return windows;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median over rounds of a / b, each round's two windows side by side. */
export function medianRatio(a: Load[], b: Load[]): number {
  return median(a.map((load, i) => load.rps / b[i]!.rps));
}

/** Exchanges a check keeps as evidence, out of the PROPERTY_RUNS it sends (lib/checks/evidence.ts). */
const EVIDENCE_SAMPLE = 5;

/**
 * harness_rps: the harness's own path for the same requests, as a run takes it — build, send
 * through the target (guard, pace, client), classify the answer, validate it against its schema,
 * and keep the evidence a check keeps: its first exchanges, redacted.
 */
export async function harnessLoad(url: string): Promise<LoadSource> {
  const config = loadConfig({ TARGET_BASE_URL: url, CONCURRENCY: String(CONCURRENCY) });
  const run = await createRunContext(config);
  let sent = 0;
  return {
    async one() {
      const exchange = await run.target.send(CARD_STATEMENT, seededStatementRequest(config));
      const valid =
        answerKind(exchange) === "success" &&
        run.validators.validate(CARD_STATEMENT.responseSchema!, requireSuccessBody(exchange)).valid;
      if (sent++ % config.run.propertyRuns < EVIDENCE_SAMPLE) exchangeEvidence(exchange, redactor);
      return valid;
    },
    close: () => run.target.close(),
  };
}

/** The sandbox's statement answer (fetched by the harness's own client), for the bare server to replay. */
export async function bareServerLike(sandboxUrl: string, config: Config) {
  const run = await createRunContext(loadConfig({ TARGET_BASE_URL: sandboxUrl }));
  try {
    const exchange = await run.target.send(CARD_STATEMENT, seededStatementRequest(config));
    const file = join(tmpdir(), `bench-statement-${process.pid}.json`);
    writeFileSync(file, requireSuccessBody(exchange) && exchange.response!.bodyText);
    return await startServer("bench/bare-server.ts", [file]);
  } finally {
    await run.target.close();
  }
}

/** A statement answer with 50 distinct operations, valid against its schema. */
function statementWith50(): unknown {
  const op = (i: number) => ({
    type: "purchase",
    amount: 1500.5 + i,
    commission: 0,
    currency: "KZT",
    mcc: 5411,
    rrn: String(500000001013 + i),
    datetime: `2025-06-${String(1 + (i % 28)).padStart(2, "0")}T10:${String(i % 60).padStart(2, "0")}:00.250Z`,
    merchant: {
      name: `SHOP ${i}`,
      country: "KAZ",
      address_line1: "Abay 10",
      postal_code: "050000",
      url: "https://shop.example",
    },
  });
  return {
    status: "ok",
    request_status: "success",
    operations: Array.from({ length: 50 }, (_, i) => op(i)),
    dt: "2026-11-22T13:30:00.000+05:00",
  };
}

export function validationRate(): { validate_per_s: number; schema_compile_ms: number } {
  const schemas = loadSchemas();
  const started = performance.now();
  const registry = new ValidatorRegistry(schemas);
  for (const id of registry.schemaIds()) registry.validator(id);
  const schema_compile_ms = performance.now() - started;
  const data = statementWith50();
  const validate = registry.validator(CARD_STATEMENT.responseSchema!);
  for (let i = 0; i < 20_000; i++) validate(data);
  // The median of seven 300 ms windows: a shared machine's noise moves single windows by ±30%.
  const rates: number[] = [];
  for (let w = 0; w < 7; w++) {
    let count = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 300)
      for (let i = 0; i < 200; i++, count++) if (!validate(data)) throw new Error("invalid");
    rates.push(count / ((performance.now() - t0) / 1000));
  }
  return { validate_per_s: rates.sort((a, b) => a - b)[3]!, schema_compile_ms };
}

/** The requests a run sent (its summary). */
export function requestsOf(dir: string): number {
  return (JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as { requests: number }).requests;
}

/**
 * The cost of judging every answer (lib/checks/contract-book.ts): the time the worker spent judging,
 * synchronously on its own thread, as a share of the run's checks — what it can add to the run.
 */
export function judgedShareOf(dir: string): { share: number; answers: number } {
  const s = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as {
    durationMs: number;
    answers?: { received: number; judgeMs: number };
  };
  return { share: (s.answers?.judgeMs ?? NaN) / s.durationMs, answers: s.answers?.received ?? 0 };
}
