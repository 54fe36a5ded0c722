/**
 * Isolation lanes across every worker process and thread of a run (lanes.ts has the rules): the
 * same FIFO reader–writer lock per key, its state in a small file per key under the run's lanes
 * folder, changed under a file lock (file-lock.ts). A waiter polls, with a growing pause, until it
 * is first in line and compatible. A holder whose process died is dropped, so a crashed worker
 * never blocks the run; a wait is bounded (LANE_WAIT_MS) and ends in an error naming the lane.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { withFileLock } from "./file-lock.ts";
import { holdsLane, runHolding, type LaneLocks } from "./lanes.ts";

interface Ticket {
  id: string;
  exclusive: boolean;
  pid: number;
}

interface LaneState {
  queue: Ticket[];
  granted: Ticket[];
}

/** Longest wait for a lane: longer than any stateful check holds one, shorter than a hung run. */
export const LANE_WAIT_MS = 10 * 60_000;
const POLL_MS = [2, 5, 10, 20, 40];

let tickets = 0;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class FileLanes implements LaneLocks {
  constructor(readonly dir: string) {}

  async exclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
    if (holdsLane(key)) return fn();
    const ticket = await this.acquire(key, true);
    try {
      return await runHolding(key, fn);
    } finally {
      this.release(key, ticket);
    }
  }

  async shared<T>(key: string, fn: () => Promise<T>): Promise<T> {
    if (holdsLane(key)) return fn();
    const ticket = await this.acquire(key, false);
    try {
      return await fn();
    } finally {
      this.release(key, ticket);
    }
  }

  private file(key: string): string {
    return join(this.dir, `${key.replace(/[^\w.-]/g, "_")}.json`);
  }

  /** Reads, changes and writes the state of a lane under its lock; holders of dead processes dropped. */
  private change<T>(key: string, body: (state: LaneState) => T): T {
    const file = this.file(key);
    return withFileLock(`${file}.lock`, () => {
      const state: LaneState = existsSync(file)
        ? (JSON.parse(readFileSync(file, "utf8")) as LaneState)
        : { queue: [], granted: [] };
      state.queue = state.queue.filter((t) => alive(t.pid));
      state.granted = state.granted.filter((t) => alive(t.pid));
      const result = body(state);
      writeFileSync(file, JSON.stringify(state));
      return result;
    });
  }

  private async acquire(key: string, exclusive: boolean): Promise<Ticket> {
    const ticket: Ticket = { id: `${process.pid}.${threadId}.${++tickets}`, exclusive, pid: process.pid };
    this.change(key, (s) => void s.queue.push(ticket));
    const giveUp = Date.now() + LANE_WAIT_MS;
    for (let poll = 0; ; poll++) {
      if (this.change(key, (s) => grant(s, ticket))) return ticket;
      if (Date.now() > giveUp) {
        this.change(key, (s) => void (s.queue = s.queue.filter((t) => t.id !== ticket.id)));
        throw new Error(`the isolation lane ${key} stayed taken for ${LANE_WAIT_MS} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS[Math.min(poll, POLL_MS.length - 1)]));
    }
  }

  private release(key: string, ticket: Ticket): void {
    this.change(key, (s) => void (s.granted = s.granted.filter((t) => t.id !== ticket.id)));
  }
}

/** FIFO: the ticket is granted when it is first in line and compatible with the holders. */
function grant(state: LaneState, ticket: Ticket): boolean {
  if (state.queue[0]?.id !== ticket.id) return false;
  const compatible = ticket.exclusive ? state.granted.length === 0 : !state.granted.some((t) => t.exclusive);
  if (!compatible) return false;
  state.queue.shift();
  state.granted.push(ticket);
  return true;
}
