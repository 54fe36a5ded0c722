/**
 * The evidence policy of the check engine. Every exchange a check makes goes through its context
 * and is counted, but a property check may send thousands of requests, so only a bounded sample
 * is kept (attached to the Allure report and written to the exchange log): its first EVIDENCE_HEAD
 * exchanges and, when the check failed, also its last EVIDENCE_TAIL (the failing, shrunk case is
 * recorded again at the end, so it comes last).
 */
import { keptForReports } from "../http/evidence.ts";
import type { Exchange } from "../http/exchange.ts";
import { redactor } from "../redaction/redact.ts";

export const EVIDENCE_HEAD = 5;
export const EVIDENCE_TAIL = 5;

export interface EvidenceSample<T> {
  sample: T[];
  /** Exchanges of the check left out of the sample. */
  omitted: number;
}

/** The exchanges of one check, as they are made: all counted, the first and the last few kept. */
export class EvidenceRecorder {
  private readonly head: Exchange[] = [];
  private tail: Exchange[] = [];
  private readonly seen = new WeakSet<Exchange>();
  private count = 0;
  private ownCount = 0;
  /** The seq of each exchange recorded that another check sent (few: shared scenarios, a shared sequence's trail). */
  private readonly othersSeqs = new Set<number>();
  /** Exchanges of shared values the check read, sent by another check (check-context.ts `judgedToo`). */
  private readonly shared: ReadonlySet<number>[] = [];

  /** `own`: whether the check sent an exchange itself (rather than a scenario or sequence it shares). */
  constructor(private readonly own: (exchange: Exchange) => boolean = () => true) {}

  /** Exchanges another check sent to make a shared value this check read and judged. */
  judgedToo(sent: ReadonlySet<number>): void {
    if (!this.shared.includes(sent)) this.shared.push(sent);
  }

  /**
   * The exchanges the check judged: every one it recorded — its own and those of shared scenarios
   * and sequences it read —, those of shared values it read, and any it sent without recording
   * (`sent`: what it sent itself), each once.
   */
  judged(sent: number): number {
    const unrecorded = new Set<number>();
    for (const set of this.shared) for (const seq of set) if (!this.othersSeqs.has(seq)) unrecorded.add(seq);
    return this.count + unrecorded.size + Math.max(0, sent - this.ownCount);
  }

  /**
   * Records an exchange (again: it moves to the end of the tail); true the first time it is seen.
   * A long answer is recorded as the reports keep it (keptForReports, the same copy each time):
   * the checks of a module run at once, and ten answers of megabytes kept whole by each were more
   * than a worker's heap.
   */
  add(original: Exchange): boolean {
    const exchange = keptForReports(original, redactor);
    const first = !this.seen.has(exchange);
    if (first) {
      this.seen.add(exchange);
      this.count++;
      if (this.own(exchange)) this.ownCount++;
      else this.othersSeqs.add(exchange.seq);
    }
    if (this.head.includes(exchange)) return first;
    if (this.head.length < EVIDENCE_HEAD) {
      this.head.push(exchange);
      return first;
    }
    this.tail = [...this.tail.filter((e) => e !== exchange), exchange].slice(-EVIDENCE_TAIL);
    return first;
  }

  /** The sample the reports keep: the head, and the tail of a failed check. */
  sample(failed: boolean): EvidenceSample<Exchange> {
    const sample = failed ? [...this.head, ...this.tail] : [...this.head];
    return { sample, omitted: this.count - sample.length };
  }
}
