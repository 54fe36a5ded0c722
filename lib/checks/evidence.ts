/**
 * The evidence policy of the check engine. A property check may send thousands of requests, so
 * only a bounded sample of each check's evidence is kept (attached to the Allure report and
 * written to the exchange log): its first EVIDENCE_HEAD exchanges and, when the check failed, also
 * its last EVIDENCE_TAIL (the failing, shrunk case comes last).
 */
export const EVIDENCE_HEAD = 5;
export const EVIDENCE_TAIL = 5;

export interface EvidenceSample<T> {
  sample: T[];
  /** Exchanges of the check left out of the sample. */
  omitted: number;
}

/** The bounded sample of a check's evidence: first EVIDENCE_HEAD, and last EVIDENCE_TAIL of a failed check. */
export function sampleEvidence<T>(evidence: readonly T[], failed: boolean): EvidenceSample<T> {
  const head = evidence.slice(0, EVIDENCE_HEAD);
  const tail = failed ? evidence.slice(Math.max(EVIDENCE_HEAD, evidence.length - EVIDENCE_TAIL)) : [];
  const sample = [...head, ...tail];
  return { sample, omitted: evidence.length - sample.length };
}
