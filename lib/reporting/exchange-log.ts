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
  /** Exchange → ids of the checks that cite it (a module's scenario is shared by its checks). */
  private readonly pending = new Map<Exchange, Set<string>>();

  constructor(
    private readonly reportsDir: string,
    private readonly name: string,
  ) {}

  add(checkId: string, exchanges: readonly Exchange[]): void {
    for (const exchange of exchanges) {
      const checks = this.pending.get(exchange) ?? new Set<string>();
      checks.add(checkId);
      this.pending.set(exchange, checks);
    }
  }

  /** Appends every pending exchange, redacted, in one write; a no-op when nothing was recorded. */
  flush(redactor: Redactor): void {
    if (this.pending.size === 0) return;
    const lines = [...this.pending]
      .sort(([a], [b]) => a.startedAt - b.startedAt || a.seq - b.seq)
      .map(([exchange, checks]) =>
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
