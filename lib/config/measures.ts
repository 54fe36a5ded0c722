/**
 * The measure settings (measure-variables.ts), read once and validated: a bad value is a
 * ConfigError naming its variable (exit 2, one line). A per-operation budget names operations by
 * their catalogue key; a key the run does not know is refused where the checks are built
 * (suites/generic/latency-budget.ts), as a request-rules file's keys are when compiled.
 */
import { ConfigError } from "../errors/config-error.ts";
import type { createReader } from "./reader.ts";

export interface MeasureSettings {
  /** LATENCY_P95_MS: one budget for every operation (`all`), or per operation key. */
  latencyP95Ms: { all?: number; byOperation: Record<string, number> };
  /** "Slower since the last run": a p95 that grew by more than `factor` and by at least `floorMs`. */
  slower: { factor: number; floorMs: number };
  /** TLS_MIN_VERSION ("1.2", "1.3") when the target declares its TLS policy; TLS_EXPIRY_WARN_DAYS. */
  tls: { minVersion?: string; expiryWarnDays: number };
}

type Reader = ReturnType<typeof createReader>;

const KEY = /^[a-z0-9-]+\.[a-z0-9-]+$/;
const MS = /^\d{1,7}$/;

/** "800" → every operation; "card-api.statement:800,card-api.limits-list:300" → per key. */
export function parseBudgets(text: string): MeasureSettings["latencyP95Ms"] {
  if (!text) return { byOperation: {} };
  if (MS.test(text)) return { all: positive(text), byOperation: {} };
  const byOperation: Record<string, number> = {};
  for (const item of text.split(",").map((s) => s.trim())) {
    const [key, ms, extra] = item.split(":").map((s) => s.trim());
    if (extra !== undefined || !key || !KEY.test(key) || !ms || !MS.test(ms))
      throw new ConfigError(
        "LATENCY_P95_MS",
        `"${item}" is not operation-key:milliseconds (e.g. card-api.statement:800), nor is "${text}" one number`,
      );
    byOperation[key] = positive(ms);
  }
  return { byOperation };
}

function positive(text: string): number {
  const n = Number(text);
  if (n < 1) throw new ConfigError("LATENCY_P95_MS", `${text} ms: a budget is at least 1 ms`);
  return n;
}

function factor(r: Reader): number {
  const text = r.string("SLOWER_FACTOR");
  const n = Number(text);
  // A plain number: Number() reads it (an empty text or a word is NaN and refused).
  if (!text || !Number.isFinite(n) || n <= 1 || n > 100)
    throw new ConfigError("SLOWER_FACTOR", `"${text}" is not a factor above 1 (e.g. 1.5)`);
  return n;
}

function minVersion(r: Reader): string | undefined {
  const text = r.string("TLS_MIN_VERSION");
  if (!text) return undefined;
  if (!["1.2", "1.3"].includes(text)) throw new ConfigError("TLS_MIN_VERSION", `"${text}" must be 1.2 or 1.3`);
  return text;
}

export function readMeasures(r: Reader): MeasureSettings {
  const min = minVersion(r);
  return {
    latencyP95Ms: parseBudgets(r.list("LATENCY_P95_MS").join(",")),
    slower: { factor: factor(r), floorMs: r.integer("SLOWER_FLOOR_MS", 0, 600_000) },
    tls: { ...(min ? { minVersion: min } : {}), expiryWarnDays: r.integer("TLS_EXPIRY_WARN_DAYS", 0, 3650) },
  };
}

/** The budget that applies to an operation: its own, or the one for every operation; undefined when none is declared. */
export function budgetOf(settings: MeasureSettings, operationKey: string): number | undefined {
  return settings.latencyP95Ms.byOperation[operationKey] ?? settings.latencyP95Ms.all;
}
