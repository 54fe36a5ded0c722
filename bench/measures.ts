/**
 * What the benchmark measures: throughput ratios taken side by side on one machine, the schema
 * validator's rate, and whole runs. Each measure is bounded in time and count.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CARD_STATEMENT } from "../lib/catalogue/index.ts";
import { answerKind } from "../lib/checks/answers.ts";
import { requireSuccessBody } from "../lib/checks/response.ts";
import { loadConfig, type Config } from "../lib/config/load.ts";
import { exchangeEvidence } from "../lib/http/evidence.ts";
import { redactor } from "../lib/redaction/redact.ts";
import { createRunContext } from "../lib/runner/context.ts";
import { ValidatorRegistry, loadSchemas } from "../lib/validation/registry.ts";
import { seededStatementRequest } from "../generators/card-api/statement.ts";
import { closedLoop, rawPoster, type Load } from "./load.ts";
import { startServer } from "./processes.ts";

export const CONCURRENCY = 16;
const WARMUP_MS = 1_000;
const MEASURE_MS = 3_000;
const MAX_REQUESTS = 200_000;

async function measured(one: () => Promise<boolean>): Promise<Load> {
  await closedLoop(CONCURRENCY, WARMUP_MS, MAX_REQUESTS, one);
  return closedLoop(CONCURRENCY, MEASURE_MS, MAX_REQUESTS, one);
}

/** raw_rps against a URL: valid statement requests for the seeded card. */
export async function rawRate(url: string, config: Config): Promise<Load> {
  const raw = rawPoster(url, CARD_STATEMENT.path!, JSON.stringify(seededStatementRequest(config)), CONCURRENCY);
  try {
    return await measured(() => raw.post());
  } finally {
    await raw.close();
  }
}

/** Exchanges a check keeps as evidence, out of the PROPERTY_RUNS it sends (lib/reporting/exchange-log.ts). */
const EVIDENCE_SAMPLE = 5;

/**
 * harness_rps: the harness's own path for the same requests, as a run takes it — build, send
 * through the target (guard, pace, client), classify the answer, validate it against its schema,
 * and keep the evidence a check keeps: its first exchanges, redacted.
 */
export async function harnessRate(url: string): Promise<Load> {
  const config = loadConfig({ TARGET_BASE_URL: url, CONCURRENCY: String(CONCURRENCY) });
  const run = await createRunContext(config);
  let sent = 0;
  try {
    return await measured(async () => {
      const exchange = await run.target.send(CARD_STATEMENT, seededStatementRequest(config));
      const valid = answerKind(exchange) === "success" && run.validators.validate(CARD_STATEMENT.responseSchema!, requireSuccessBody(exchange)).valid;
      if (sent++ % config.run.propertyRuns < EVIDENCE_SAMPLE) exchangeEvidence(exchange, redactor);
      return valid;
    });
  } finally {
    await run.target.close();
  }
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
    type: "purchase", amount: 1500.5 + i, commission: 0, currency: "KZT", mcc: 5411, rrn: String(500000001013 + i),
    datetime: `2025-06-${String(1 + (i % 28)).padStart(2, "0")}T10:${String(i % 60).padStart(2, "0")}:00.250Z`,
    merchant: { name: `SHOP ${i}`, country: "KAZ", address_line1: "Abay 10", postal_code: "050000", url: "https://shop.example" },
  });
  return { status: "ok", request_status: "success", operations: Array.from({ length: 50 }, (_, i) => op(i)), dt: "2026-11-22T13:30:00.000+05:00" };
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
    while (performance.now() - t0 < 300) for (let i = 0; i < 200; i++, count++) if (!validate(data)) throw new Error("invalid");
    rates.push(count / ((performance.now() - t0) / 1000));
  }
  return { validate_per_s: rates.sort((a, b) => a - b)[3]!, schema_compile_ms };
}
