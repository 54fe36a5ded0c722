/**
 * The evidence policy of the check engine. Every exchange a check makes goes through its context
 * and is counted, but a property check may send thousands of requests, so only a bounded sample
 * is kept (attached to the Allure report and written to the exchange log): its first EVIDENCE_HEAD
 * exchanges and, when the check failed, also its last EVIDENCE_TAIL (the failing, shrunk case is
 * recorded again at the end, so it comes last).
 */
import type { Exchange } from "../http/exchange.ts";

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

  /** `own`: whether the check sent an exchange itself (rather than a scenario or sequence it shares). */
  constructor(private readonly own: (exchange: Exchange) => boolean = () => true) {}

  /**
   * The exchanges the check judged: every one it recorded — its own and those of shared scenarios
   * and sequences it read — and any it sent without recording (`sent`: what it sent itself).
   */
  judged(sent: number): number {
    return this.count + Math.max(0, sent - this.ownCount);
  }

  /** Records an exchange (again: it moves to the end of the tail); true the first time it is seen. */
  add(exchange: Exchange): boolean {
    const first = !this.seen.has(exchange);
    if (first) {
      this.seen.add(exchange);
      this.count++;
      if (this.own(exchange)) this.ownCount++;
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
