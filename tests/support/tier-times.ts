/**
 * A vitest reporter for `npm run test:tiers`: each tier's wall time inside one whole `npm test`
 * (its first file's start to its last file's end: the tiers run one after another) and the
 * machine's CPU time in that window, read from /proc/stat (Linux; elsewhere wall time only). The
 * machine's, not the tier's: the static checks run beside the tiers (scripts/test.sh), and a tier's
 * own processes start and end throughout. Measured so, the tiers add up to the run as CI runs it;
 * a tier run alone (its own vitest, its own global setup) is another measurement.
 */
import { readFileSync } from "node:fs";

interface Snapshot {
  ms: number;
  /** CPU seconds of every core, busy and idle; undefined where /proc/stat is not readable. */
  cpu?: { busy: number; idle: number };
}

/** The machine's CPU seconds so far (user, nice, system, irq, softirq as busy), from /proc/stat. */
export function procStatCpu(): Snapshot["cpu"] {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    // cpu  user nice system idle iowait irq softirq steal …, in hundredths of a second
    const field = (i: number) => Number(line.trim().split(/\s+/)[i + 1] ?? 0);
    const [user = 0, nice = 0, system = 0, idle = 0, irq = 0, softirq = 0] = [0, 1, 2, 3, 5, 6].map(field);
    return { busy: (user + nice + system + irq + softirq) / 100, idle: idle / 100 };
  } catch {
    return undefined;
  }
}

interface Window {
  first: Snapshot;
  last: Snapshot;
}

/** One line per tier, in the order they started, and one for the whole run. */
export function tierLines(windows: ReadonlyMap<string, Window>, start: Snapshot, end: Snapshot): string[] {
  const span = (a: Snapshot, b: Snapshot) => {
    const wall = `wall ${((b.ms - a.ms) / 1000).toFixed(1)} s`;
    if (!a.cpu || !b.cpu) return wall;
    return `${wall}, CPU ${(b.cpu.busy - a.cpu.busy).toFixed(0)} s, idle ${(b.cpu.idle - a.cpu.idle).toFixed(1)} s`;
  };
  return [
    ...[...windows].map(
      ([tier, w]) => `${tier}: ${span(w.first, w.last)} (from ${((w.first.ms - start.ms) / 1000).toFixed(1)} s)`,
    ),
    `whole run: ${span(start, end)}`,
  ];
}

export default class TierTimes {
  private readonly windows = new Map<string, Window>();
  private readonly start: Snapshot;
  private readonly now: () => Snapshot;
  private readonly print: (text: string) => void;

  /** vitest constructs a reporter with its options (none here); a test hands in a clock and a printer. */
  constructor(options: { now?: () => Snapshot; print?: (text: string) => void } = {}) {
    this.now = options.now ?? (() => ({ ms: Date.now(), cpu: procStatCpu() }));
    this.print = options.print ?? ((text) => process.stdout.write(text));
    this.start = this.now();
  }

  onTestModuleStart(module: { project: { name: string } }): void {
    const tier = module.project.name;
    if (!this.windows.has(tier)) {
      const at = this.now();
      this.windows.set(tier, { first: at, last: at });
    }
  }

  onTestModuleEnd(module: { project: { name: string } }): void {
    const window = this.windows.get(module.project.name);
    if (window) window.last = this.now();
  }

  onTestRunEnd(): void {
    const lines = tierLines(this.windows, this.start, this.now());
    this.print(`\ntier times (CPU of the whole machine in each window):\n${lines.map((l) => `  ${l}`).join("\n")}\n`);
  }
}
