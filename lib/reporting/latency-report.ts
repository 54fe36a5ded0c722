/**
 * The run's own latency figures and error shares per operation (summary.json `latency`, from the
 * operations' latency budget checks, lib/checks/meter.ts) as people read them: console lines,
 * a summary.md table, and a small SVG chart (p50 · p95 · p99 · max against the declared budget)
 * attached to each budget check's Allure result — drawn here, nothing fetched from anywhere.
 */
import type { LatencyRow } from "../checks/meter.ts";
import type { Summary } from "./summary.ts";

const pct = (share: number) => `${Math.round(share * 1000) / 10} %`;
const ms = (n: number) => `${n}`;

/** "over budget 800 ms" / "budget 800 ms" / "no budget" */
function budgetText(r: LatencyRow): string {
  if (r.budgetMs === undefined) return "no budget";
  return r.p95 > r.budgetMs ? `p95 OVER budget ${r.budgetMs} ms` : `budget ${r.budgetMs} ms`;
}

function errorsText(r: LatencyRow): string {
  return `errors ${pct(r.errorShare)} (${r.timeouts} timeouts, ${r.resets} connection errors, ${r.serverErrors} 5xx)`;
}

/** "12 posting wait(s), 3 late, 0 ran out: p50 0 · p95 2300 · max 2300 ms (LEDGER_SETTLE_MS 5000, the default)" */
function settleText(t: NonNullable<Summary["settleTimes"]>): string {
  return (
    `${t.waits} posting wait(s), ${t.late} late, ${t.ranOut} ran out: p50 ${t.p50Ms} · p95 ${t.p95Ms} · max ${t.maxMs} ms ` +
    `(LEDGER_SETTLE_MS ${t.boundMs}${t.declared ? ", declared" : ", the default"})`
  );
}

/** The console's lines: one per operation measured, and the ledger's settle times. */
export function latencyConsoleLines(s: Pick<Summary, "latency" | "settleTimes">): string[] {
  const rows = Object.entries(s.latency ?? {});
  const settle = s.settleTimes ? [`  ledger settle time: ${settleText(s.settleTimes)}`] : [];
  if (!rows.length) return settle;
  return [
    "  latency (the run's own traffic, ms; no harness wait counted):",
    ...rows.map(
      ([key, r]) =>
        `    ${key.padEnd(40)} n=${String(r.count).padEnd(5)} p50 ${ms(r.p50)} · p95 ${ms(r.p95)} · p99 ${ms(r.p99)} · max ${ms(r.max)} · ${errorsText(r)} · ${budgetText(r)}`,
    ),
    ...settle,
  ];
}

/** The summary.md section: the latency table, and the ledger's settle times (CARD-LEDGER-SETTLE). */
export function latencyMarkdown(s: Pick<Summary, "latency" | "settleTimes">): string[] {
  const rows = Object.entries(s.latency ?? {});
  const settle = s.settleTimes
    ? ["", `Ledger settle time (from a debit's answer to the reading that showed it): ${settleText(s.settleTimes)}.`]
    : [];
  if (!rows.length) return settle.length ? ["", "## Latency and error shares", ...settle] : [];
  return [
    "",
    "## Latency and error shares",
    "",
    "From the run's own exchanges (no extra request): the last try on the wire, in ms — no pace, lane or 429 back-off wait counted. Budget: `LATENCY_P95_MS`.",
    "",
    "| operation | requests | p50 | p95 | p99 | max | timeouts | connection errors | 5xx | error share | p95 budget |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      ([key, r]) =>
        `| ${key} | ${r.count} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.timeouts} | ${r.resets} | ${r.serverErrors} | ${pct(r.errorShare)} | ${r.budgetMs === undefined ? "—" : `${r.budgetMs}${r.p95 > r.budgetMs ? " ❌" : " ✅"}`} |`,
    ),
    ...settle,
  ];
}

const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One operation's percentiles as horizontal bars, the budget as a red line: an SVG of a few
 * hundred bytes, self-contained (no script, font or image fetched), for the Allure attachment.
 */
export function latencyChartSvg(title: string, r: LatencyRow): string {
  const bars: Array<[string, number]> = [
    ["p50", r.p50],
    ["p95", r.p95],
    ["p99", r.p99],
    ["max", r.max],
  ];
  const scale = Math.max(r.max, r.budgetMs ?? 0, 1);
  const [left, width, barHeight] = [48, 360, 22];
  const x = (v: number) => left + (v / scale) * width;
  const rows = bars.map(([label, value], i) => {
    const y = 30 + i * (barHeight + 8);
    const over = r.budgetMs !== undefined && value > r.budgetMs;
    return (
      `<text x="4" y="${y + 16}" font-size="12">${label}</text>` +
      `<rect x="${left}" y="${y}" width="${Math.max(1, x(value) - left).toFixed(1)}" height="${barHeight}" fill="${over ? "#d9534f" : "#5b9bd5"}"/>` +
      `<text x="${(x(value) + 4).toFixed(1)}" y="${y + 16}" font-size="12">${value} ms</text>`
    );
  });
  const height = 30 + bars.length * (barHeight + 8) + 10;
  const budget =
    r.budgetMs === undefined
      ? ""
      : `<line x1="${x(r.budgetMs).toFixed(1)}" y1="24" x2="${x(r.budgetMs).toFixed(1)}" y2="${height - 6}" stroke="#c00" stroke-width="2" stroke-dasharray="4 3"/>` +
        `<text x="${(x(r.budgetMs) + 4).toFixed(1)}" y="${height - 2}" font-size="11" fill="#c00">budget ${r.budgetMs} ms</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${left + width + 90}" height="${height + 8}" font-family="sans-serif">` +
    `<text x="4" y="16" font-size="13" font-weight="bold">${escape(title)} — ${r.count} requests, errors ${pct(r.errorShare)}</text>` +
    rows.join("") +
    budget +
    `</svg>`
  );
}
