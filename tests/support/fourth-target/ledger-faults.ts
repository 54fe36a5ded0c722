/**
 * The staging behaviours of this platform's ledger, each alone or together: postings that show late
 * (in the statement and in usage, while limits hold them at once), and ledger bugs that a lag and
 * other clients' traffic must not hide. A bug hits every fifth debit of the payment card sent through
 * the API (never the background client's), so that it lands in more than one reading.
 */
export const LEDGER_FAULTS = {
  "loses-posting": "an accepted debit is never posted: not in the statement, not in usage",
  "posts-twice": "one request is posted twice: two lines in the statement, counted twice in usage",
  "usage-ignores-posting": "a posting shows in the statement but is never counted in usage",
  "statement-omits-posting": "a posting is counted in usage but never listed in the statement",
} as const;

export type LedgerFault = keyof typeof LEDGER_FAULTS;

export interface LedgerModes {
  /** A posting shows in the statement and in usage only this long after its answer. */
  lagMs?: number;
  ledgerFault?: LedgerFault;
  /** The limit day is this long, not a UTC day (its `dt` says nothing of it): usage resets every `limitDayMs`. */
  limitDayMs?: number;
}

/** Every fifth API debit of the payment card is the one a ledger bug hits. */
export const HIT_EVERY = 5;
