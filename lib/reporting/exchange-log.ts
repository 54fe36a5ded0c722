/**
 * Records the exchanges of a run for the certification pack's HAR file, redacted, in batches:
 * each test file keeps its checks' exchanges in memory and appends them as JSON lines to
 * `REPORTS_DIR/exchanges/<operation>.jsonl` once, in afterAll — never a file per request.
 * Which exchanges of a check are kept is the check engine's evidence policy (lib/checks/evidence.ts).
 */
import { appendFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { exchangeEvidence, type ExchangeEvidence } from "../http/evidence.ts";
import type { Exchange } from "../http/exchange.ts";
import type { Redactor } from "../redaction/redact.ts";

const EXCHANGES_FOLDER = "exchanges";

/** One line of an exchanges/*.jsonl file: a redacted exchange and the checks that used it. */
export interface ExchangeRecord {
  startedAt: string;
  checks: string[];
  evidence: ExchangeEvidence;
}

export function exchangesFolder(reportsDir: string): string {
  return join(reportsDir, EXCHANGES_FOLDER);
}

/** A run's exchange log starts empty (appending across runs would mix them). */
export function clearExchangeLog(reportsDir: string): void {
  rmSync(exchangesFolder(reportsDir), { recursive: true, force: true });
}

export class ExchangeLog {
  /**
   * Exchange (by its seq: a check's sample may hold the kept form of a shared exchange,
   * lib/http/evidence.ts keptForReports) → ids of the checks that cite it.
   */
  private readonly pending = new Map<number, { exchange: Exchange; checks: Set<string> }>();

  constructor(
    private readonly reportsDir: string,
    private readonly name: string,
  ) {}

  add(checkId: string, exchanges: readonly Exchange[]): void {
    for (const exchange of exchanges) {
      const entry = this.pending.get(exchange.seq) ?? { exchange, checks: new Set<string>() };
      entry.checks.add(checkId);
      this.pending.set(exchange.seq, entry);
    }
  }

  /** Appends every pending exchange, redacted, in one write; a no-op when nothing was recorded. */
  flush(redactor: Redactor): void {
    if (this.pending.size === 0) return;
    const lines = [...this.pending.values()]
      .sort(({ exchange: a }, { exchange: b }) => a.startedAt - b.startedAt || a.seq - b.seq)
      .map(({ exchange, checks }) =>
        JSON.stringify({
          startedAt: new Date(exchange.startedAt).toISOString(),
          checks: [...checks].sort(),
          evidence: exchangeEvidence(exchange, redactor),
        } satisfies ExchangeRecord),
      );
    this.pending.clear();
    const folder = exchangesFolder(this.reportsDir);
    mkdirSync(folder, { recursive: true });
    appendFileSync(join(folder, `${this.name.replace(/[^\w.-]+/g, "_")}.jsonl`), `${lines.join("\n")}\n`);
  }
}
