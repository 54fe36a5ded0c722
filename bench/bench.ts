/**
 * npm run bench — the harness and the sandbox against the physical limit of this machine, as
 * ratios of things measured side by side in one run (machines here are shared and noisy).
 * Writes reports/bench.json (exactly the figures below plus `cores`) and bench-details.json,
 * and prints a table with each figure's target. Bounded: about two and a half minutes on 2 cores.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../lib/config/load.ts";
import { VARIABLES } from "../lib/config/variables.ts";
import {
  bareServerLike,
  CONCURRENCY,
  harnessLoad,
  judgedShareOf,
  median,
  medianRatio,
  rawLoad,
  requestsOf,
  ROUNDS,
  sideBySide,
  validationRate,
} from "./measures.ts";
import { latencyRuns, type LatencyFigures } from "./latency.ts";
import { ROOT, startServer, timedConformance } from "./processes.ts";

const TARGETS = {
  harness_vs_raw: [">=", 0.5],
  sandbox_vs_bare: [">=", 0.7],
  validate_per_s: [">=", 200_000],
  schema_compile_ms: ["<=", 300],
  run_s: ["<=", 10],
  scale_10x: ["<=", 11],
  peak_rss_mb: ["<=", 256],
  latency_efficiency_50ms: [">=", 0.9],
  latency_efficiency_200ms: [">=", 0.85],
  contracts_share: ["<=", 0.05],
  contracts_share_10x: ["<=", 0.05],
} as const;

function latencyRow(
  name: "latency_efficiency_50ms" | "latency_efficiency_200ms",
  lat: LatencyFigures,
): [string, number, string] {
  const value = Number(lat.efficiency.toFixed(2));
  const [, bound] = TARGETS[name];
  return [
    name,
    value,
    `target ≥ ${bound}: ${met(name, value)} (${lat.latencyMs} ms proxy: ${lat.delayedSeconds.toFixed(1)} s, exit ` +
      `${lat.delayedExit}; no delay: ${lat.undelayedSeconds.toFixed(1)} s; ${lat.requests} requests)`,
  ];
}

async function throughput() {
  const config = loadConfig({});
  const sandbox = await startServer("cli/sandbox.ts", ["--port", "0"]);
  const bare = await bareServerLike(sandbox.url, config);
  try {
    const sources = {
      raw: rawLoad(sandbox.url, config),
      harness: await harnessLoad(sandbox.url),
      bare: rawLoad(bare.url, config),
    };
    try {
      return await sideBySide(sources);
    } finally {
      await Promise.all(Object.values(sources).map((s) => s.close()));
    }
  } finally {
    sandbox.stop();
    bare.stop();
  }
}

async function runs() {
  const runsDefault = Number(VARIABLES.PROPERTY_RUNS.default);
  const one = mkdtempSync(join(tmpdir(), "bench-run-"));
  const ten = mkdtempSync(join(tmpdir(), "bench-run10-"));
  const base = { TARGET_BASE_URL: "", SEED: "20261122" };
  const normal = await timedConformance({ ...base, REPORTS_DIR: one });
  const scaled = await timedConformance({ ...base, REPORTS_DIR: ten, PROPERTY_RUNS: String(10 * runsDefault) });
  return {
    normal,
    scaled,
    requests: requestsOf(one),
    scaledRequests: requestsOf(ten),
    runsDefault,
    judged: judgedShareOf(one),
    scaledJudged: judgedShareOf(ten),
  };
}

function met(name: keyof typeof TARGETS, value: number): string {
  const [op, bound] = TARGETS[name];
  return (op === ">=" ? value >= bound : value <= bound) ? "met" : "MISSED";
}

async function main() {
  const windows = await throughput();
  const [raw, harness, bare] = [windows.raw!, windows.harness!, windows.bare!];
  const rps = (loads: typeof raw) => median(loads.map((l) => l.rps));
  const { validate_per_s, schema_compile_ms } = validationRate();
  const r = await runs();
  const [lat50, lat200] = (await latencyRuns("20261122")) as [LatencyFigures, LatencyFigures];
  const round = (n: number, digits = 2) => Number(n.toFixed(digits));
  const figures = {
    raw_rps: round(rps(raw), 0),
    harness_rps: round(rps(harness), 0),
    harness_vs_raw: round(medianRatio(harness, raw)),
    sandbox_vs_bare: round(medianRatio(raw, bare)),
    validate_per_s: round(validate_per_s, 0),
    schema_compile_ms: round(schema_compile_ms, 1),
    run_s: round(r.normal.seconds, 1),
    scale_10x: round(r.scaled.seconds / r.normal.seconds),
    peak_rss_mb: round(r.scaled.peakRssMb ?? NaN, 0),
    latency_efficiency_50ms: round(lat50.efficiency),
    latency_efficiency_200ms: round(lat200.efficiency),
    latency_run_s_50ms: round(lat50.delayedSeconds, 1),
    latency_run_s_200ms: round(lat200.delayedSeconds, 1),
    latency_run_s_0ms: round(lat50.undelayedSeconds, 1),
    contracts_share: round(r.judged.share, 3),
    contracts_share_10x: round(r.scaledJudged.share, 3),
    cores: availableParallelism(),
  };
  const details = {
    concurrency: CONCURRENCY,
    bare_rps: round(rps(bare), 0),
    rounds: ROUNDS,
    window_rps: Object.fromEntries(
      Object.entries(windows).map(([name, loads]) => [name, loads.map((l) => round(l.rps, 0))]),
    ),
    errors: Object.fromEntries(
      Object.entries(windows).map(([name, loads]) => [name, loads.reduce((n, l) => n + l.errors, 0)]),
    ),
    run_requests: r.requests,
    run_exit: r.normal.code,
    scaled_property_runs: 10 * r.runsDefault,
    scaled_run_s: round(r.scaled.seconds, 1),
    scaled_requests: r.scaledRequests,
    scaled_exit: r.scaled.code,
    latency_requests: lat200.requests,
    latency_exits: {
      delayed_50ms: lat50.delayedExit,
      delayed_200ms: lat200.delayedExit,
      undelayed: lat50.undelayedExit,
    },
    targets: TARGETS,
  };
  const dir = join(ROOT, "reports");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "bench.json"), `${JSON.stringify(figures, null, 2)}\n`);
  writeFileSync(join(dir, "bench-details.json"), `${JSON.stringify(details, null, 2)}\n`);
  const rows: Array<[string, number, string]> = [
    ["raw_rps", figures.raw_rps, `undici keep-alive, ${CONCURRENCY} at once, statement requests to the sandbox`],
    ["harness_rps", figures.harness_rps, "the harness's path: build, send, classify, validate, redacted evidence"],
    ["harness_vs_raw", figures.harness_vs_raw, `target ≥ 0.5: ${met("harness_vs_raw", figures.harness_vs_raw)}`],
    [
      "sandbox_vs_bare",
      figures.sandbox_vs_bare,
      `target ≥ 0.7: ${met("sandbox_vs_bare", figures.sandbox_vs_bare)} (bare node:http ${details.bare_rps}/s)`,
    ],
    [
      "validate_per_s",
      figures.validate_per_s,
      `target ≥ 200,000: ${met("validate_per_s", figures.validate_per_s)} (statement answer, 50 operations)`,
    ],
    [
      "schema_compile_ms",
      figures.schema_compile_ms,
      `target ≤ 300: ${met("schema_compile_ms", figures.schema_compile_ms)}`,
    ],
    [
      "run_s",
      figures.run_s,
      `target ≤ 10 with ≥ 2,000 requests: ${met("run_s", figures.run_s)}, ${r.requests} requests, exit ${r.normal.code}`,
    ],
    [
      "scale_10x",
      figures.scale_10x,
      `target ≤ 11: ${met("scale_10x", figures.scale_10x)} (PROPERTY_RUNS=${10 * r.runsDefault}: ${details.scaled_run_s} s, ${r.scaledRequests} requests)`,
    ],
    [
      "peak_rss_mb",
      figures.peak_rss_mb,
      `target ≤ 256: ${met("peak_rss_mb", figures.peak_rss_mb)} (the ${r.scaledRequests}-request run)`,
    ],
    latencyRow("latency_efficiency_50ms", lat50),
    latencyRow("latency_efficiency_200ms", lat200),
    [
      "contracts_share",
      figures.contracts_share,
      `target ≤ 0.05: ${met("contracts_share", figures.contracts_share)} (judging every answer: ${r.judged.answers} answers of the default run)`,
    ],
    [
      "contracts_share_10x",
      figures.contracts_share_10x,
      `target ≤ 0.05: ${met("contracts_share_10x", figures.contracts_share_10x)} (${r.scaledJudged.answers} answers of the 10× run)`,
    ],
  ];
  process.stdout.write(
    `\nbenchmark on ${figures.cores} cores\n${rows.map(([k, v, note]) => `  ${k.padEnd(24)} ${String(v).padStart(10)}  ${note}`).join("\n")}\n  written: reports/bench.json, reports/bench-details.json\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`bench: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
