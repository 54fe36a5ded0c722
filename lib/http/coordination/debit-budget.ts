/**
 * The cap on the total amount debited in one run (MAX_DEBIT_TOTAL). vitest runs test files in
 * parallel worker processes, so a counter in one process is not a run-wide cap. The CLI creates
 * one budget file per run; every worker reserves from it under a lock (an exclusive mkdir, atomic
 * on every local file system), so the sum of the reservations of all workers never exceeds the
 * cap. A reservation is made before the request is sent and never given back: a debit that timed
 * out may still have been booked by the target. Across shards (other machines) each shard gets
 * its share of the cap (run-limits.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { withFileLock } from "./file-lock.ts";

export type Reservation = { ok: true } | { ok: false; spentMinor: number; capMinor: number };

export interface DebitBudget {
  /** Reserves `minor` (hundredths of the currency) or says why not. */
  reserve(minor: number): Reservation;
}

interface BudgetState {
  capMinor: number;
  spentMinor: number;
}

function decide(state: BudgetState, minor: number): Reservation {
  if (state.spentMinor + minor > state.capMinor) return { ok: false, ...state };
  state.spentMinor += minor;
  return { ok: true };
}

/** One process only: the harness's own in-process runs. */
export class MemoryDebitBudget implements DebitBudget {
  private readonly state: BudgetState;

  constructor(capMinor: number) {
    this.state = { capMinor, spentMinor: 0 };
  }

  reserve(minor: number): Reservation {
    return decide(this.state, minor);
  }
}

/** Shared by every process of a run through a file; see the file comment. */
export class FileDebitBudget implements DebitBudget {
  constructor(readonly file: string) {}

  /** Starts the run's budget (the CLI does this once, before any worker starts). */
  static create(file: string, capMinor: number): FileDebitBudget {
    writeFileSync(file, JSON.stringify({ capMinor, spentMinor: 0 } satisfies BudgetState));
    return new FileDebitBudget(file);
  }

  reserve(minor: number): Reservation {
    return this.locked(() => {
      const state = JSON.parse(readFileSync(this.file, "utf8")) as BudgetState;
      const reservation = decide(state, minor);
      if (reservation.ok) writeFileSync(this.file, JSON.stringify(state));
      return reservation;
    });
  }

  spentMinor(): number {
    return (JSON.parse(readFileSync(this.file, "utf8")) as BudgetState).spentMinor;
  }

  private locked<T>(body: () => T): T {
    return withFileLock(`${this.file}.lock`, body);
  }
}
