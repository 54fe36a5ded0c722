/**
 * Live progress of a run, as a vitest reporter in the CLI's process (it sees every worker's test
 * results; the requests come from the workers' feed, progress-feed.ts). On a terminal one line is
 * redrawn in place; without one (CI) a plain line every 10 s shows a long run is alive. No
 * library: a redrawn line is `\r` and an erase, and a progress-bar package would fight vitest's
 * own output for the terminal. The final verdict table is the summary reporter's, unchanged.
 */
import type { Reporter, TestCase, TestModule } from "vitest/node";
import "../checks/meta.ts";
import { requestsReported } from "./progress-feed.ts";

export interface ProgressState {
  done: number;
  total: number;
  requests: number;
  /** Requests per second over the last few seconds (since the start, for the first line). */
  rate: number;
  failed: number;
  warnings: number;
  elapsedMs: number;
}

function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** "conformance: 37/129 checks · 1234 requests · 210/s · 1 failed · 2 warnings · 0:42 elapsed · ~0:30 left" */
export function progressLine(p: ProgressState): string {
  // Checks finish unevenly (a property check is long, a schema check short): the estimate is rough, and says so.
  const left = p.done > 0 && p.done < p.total ? ` · ~${clock((p.elapsedMs * (p.total - p.done)) / p.done)} left` : "";
  return (
    `conformance: ${p.done}/${p.total} checks · ${p.requests} requests · ${Math.round(p.rate)}/s · ` +
    `${p.failed} failed · ${p.warnings} warnings · ${clock(p.elapsedMs)} elapsed${left}`
  );
}

export interface ProgressOptions {
  /** Checks the run will judge, if known up front (else: as collected). */
  expected?: number;
  /** The workers' request feed (progress-feed.ts). */
  feedDir?: string;
  out?: { isTTY?: boolean; write(text: string): unknown };
  /** Lines without a terminal, in ms. */
  plainEveryMs?: number;
  now?: () => number;
}

const TTY_EVERY_MS = 250;
const RATE_WINDOW_MS = 5_000;

export class ProgressReporter implements Reporter {
  private readonly out: NonNullable<ProgressOptions["out"]>;
  private readonly now: () => number;
  private started = 0;
  private collected = 0;
  private done = 0;
  private failed = 0;
  private warnings = 0;
  private timer: NodeJS.Timeout | undefined;
  private samples: Array<[number, number]> = [];
  private drawn = false;

  constructor(private readonly options: ProgressOptions = {}) {
    this.out = options.out ?? process.stdout;
    this.now = options.now ?? Date.now;
  }

  onInit(): void {
    this.started = this.now();
    // No request before the start: the first line's rate is over the time since (not 0/s for want of a sample).
    this.samples = [[this.started, 0]];
    const tty = Boolean(this.out.isTTY);
    this.timer = setInterval(() => this.tick(), tty ? TTY_EVERY_MS : (this.options.plainEveryMs ?? 10_000));
    this.timer.unref();
  }

  onTestModuleCollected(module: TestModule): void {
    for (const test of module.children.allTests()) if (test.options.mode === "run") this.collected++;
  }

  onTestCaseResult(test: TestCase): void {
    const meta = test.meta().conformance;
    // A named operation without shapes is reported as a skipped test, not a check: out of the count.
    if (meta?.kind === "not-covered") this.collected--;
    if (meta?.kind === "not-covered" || (test.result().state === "skipped" && !meta)) return;
    this.done++;
    const outcome = meta?.outcome ?? (test.result().state === "failed" ? "failed" : "passed");
    if (outcome === "failed") this.failed++;
    if (outcome === "warning") this.warnings++;
  }

  /** Before vitest's own reporter prints a file's lines: the line in place is erased first (listed before it). */
  onTestModuleEnd(): void {
    this.erase();
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
    this.erase();
  }

  state(): ProgressState {
    const now = this.now();
    const requests = this.options.feedDir ? requestsReported(this.options.feedDir) : 0;
    // The last few seconds, or at least the previous sample (ticks are 10 s apart without a terminal).
    const previous = this.samples.at(-1);
    this.samples = [
      ...this.samples.filter(([t]) => now - t <= RATE_WINDOW_MS),
      ...(previous && now - previous[0] > RATE_WINDOW_MS ? [previous] : []),
    ];
    this.samples.sort((a, b) => a[0] - b[0]).push([now, requests]);
    const [t0, r0] = this.samples[0]!;
    const rate = now > t0 ? ((requests - r0) * 1000) / (now - t0) : 0;
    const total = Math.max(this.options.expected ?? this.collected, this.done);
    return {
      done: this.done,
      total,
      requests,
      rate,
      failed: this.failed,
      warnings: this.warnings,
      elapsedMs: now - this.started,
    };
  }

  tick(): void {
    const line = progressLine(this.state());
    if (this.out.isTTY) {
      this.out.write(`\r\x1b[2K${line}`);
      this.drawn = true;
    } else this.out.write(`${line}\n`);
  }

  private erase(): void {
    if (this.drawn) this.out.write("\r\x1b[2K");
    this.drawn = false;
  }
}
