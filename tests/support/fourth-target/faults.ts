/** The broken builds of the fourth target: each departs from the correct one in one way. */
export const FAULTS = {
  "start-at-local-offset": "reads start_date at +05:00, not UTC: the evening before the period leaks in",
  "end-day-exclusive": "reads end_date as exclusive: the last day's operations are left out",
  "signs-with-other-key": "signs partner responses with a key the partner was never given",
  "txn-dt-without-offset": "writes the transaction answer's dt as a date-time without an offset",
  "accepts-over-maximum": "does not enforce the per-debit maximum",
  "refuses-at-maximum": "declines a debit of exactly the per-debit maximum",
  "scoped-limit-everywhere": "counts and enforces the 7995-only limit on every debit",
  "scoped-limit-unmarked": "lists the 7995-only limit with the every-MCC mcc 9999, yet enforces it only on 7995",
  "conflict-replays-first": "answers a reused request_id with another body by replaying the first answer",
  "defaults-credit-account": "fills in a missing credit.account that its declared rules require",
} as const;

export type Fault = keyof typeof FAULTS;
