/**
 * The model of the payment card's ledger for the model-based checks: what was accepted in this
 * sequence, against a baseline read at its start. Invariants are asserted by the commands that
 * observe (statement and limits reads): each only when its check asks for it (it fails at once),
 * or all of them in the survey the five checks share (each breach is noted, the sequence goes on).
 */
import type { Faker } from "@faker-js/faker";
import { CREATE_TRANSACTION } from "../../../lib/catalogue/index.ts";
import {
  type CheckContext,
  CheckFailure,
  describeAnswer,
  type Exchange,
  type Intent,
  RequestRefused,
} from "../../../lib/checks/kit.ts";
import type { DebitRequest } from "../../../generators/card-api/transaction.ts";
import { fakerFor } from "../../../generators/faker.ts";
import { checkRemaining, checkWithin, type Invariant, type Observed } from "./observations.ts";
import { limitsObjectValue } from "../../../generators/card-api/limits.ts";
import { readLimits, readStatement, windowSince } from "./readback.ts";
import { OBJECT_KINDS, type ObjectKind, type StatementOperation } from "../../../lib/payments/kinds.ts";
import type { AmountLimit } from "../../../lib/payments/limits.ts";
import type { TerminalScope } from "../../../lib/payments/limit-vocabulary.ts";
import type { Period } from "../../../generators/card-api/period.ts";

export { OBJECT_KINDS };

export class LedgerReal implements Observed {
  readonly faker: Faker;
  readonly since = Date.now();
  baselineOperations: StatementOperation[] = [];
  baselineLimits = new Map<ObjectKind, AmountLimit[]>();
  /** When the target answered each object's baseline and its latest limits reading (its own clock, lib/time/period-boundary.ts). */
  readonly baselineAt = new Map<ObjectKind, number>();
  readonly readAt = new Map<ObjectKind, number>();
  /** Invariants this sequence could not judge, why, and what to look at (readings across the target's period boundary, others' activity). */
  readonly unjudged = new Map<Invariant, { reason: string; variable: string }>();
  /** When the last debit was answered (our clock): a wait for its posting counts from it. */
  lastDebitAt = Date.now();
  /** A wait for a posting ran out in this sequence: later readings do not wait again. */
  private waitedOut = false;
  /** Others' operations on the payment card: the most seen at one reading, and their total. */
  foreign = { count: 0, micro: 0 };
  /** The last exchange, attached as evidence when an invariant breaks. */
  last: Exchange | undefined;
  /** The first exchanges of the whole check (shared by its sequences), attached as evidence of what was sent. */
  static readonly TRAIL = 5;
  /** Debits sent, and the guard's refusal of the last one it kept off the target. */
  sent = 0;
  refusal: RequestRefused | undefined;
  /** Invariants this sequence had something to judge for (a check none judged is not judged, never passed). */
  readonly judged = new Set<Invariant>();
  /** In a survey ("all"): the first breach of each invariant in this sequence, with its last exchange. */
  readonly broken = new Map<Invariant, { detail: string; exchange: Exchange | undefined }>();

  constructor(
    readonly ctx: CheckContext,
    readonly invariant: Invariant | "all",
    seed: number,
    /** The test terminal the run's debit range was chosen for (DebitRange.terminal). */
    readonly terminal: TerminalScope,
    private readonly trail: Exchange[] = [],
  ) {
    this.faker = fakerFor(seed);
  }

  /** Notes an exchange of this sequence: the last one, and the check's first few. */
  observe(exchange: Exchange): Exchange {
    this.last = exchange;
    if (this.trail.length < LedgerReal.TRAIL) this.trail.push(exchange);
    return exchange;
  }

  /** Reads the statement and the limits the sequence starts from, and checks what they show already. */
  async open(): Promise<this> {
    // Readings side by side: nothing is debited between them (one round trip, not four, to a remote target).
    const [{ operations, sent }, ...limits] = await Promise.all([
      this.statement(windowSince(this.since)),
      ...OBJECT_KINDS.map((kind) => this.limits(kind)),
    ]);
    this.baselineOperations = operations;
    checkWithin(this, operations, sent);
    OBJECT_KINDS.forEach((kind, i) => {
      this.baselineLimits.set(kind, limits[i]!);
      this.baselineAt.set(kind, this.readAt.get(kind)!);
      checkRemaining(this, kind, limits[i]!);
    });
    return this;
  }

  objectValue(kind: ObjectKind): string {
    return limitsObjectValue(this.ctx.config, kind);
  }

  /** The payment card's statement, with the period as sent; unreadable, the check cannot judge (not judged). */
  async statement(period: Period): Promise<{ operations: StatementOperation[]; sent: Period }> {
    const read = await readStatement(this.ctx, this.ctx.config.fixtures.payment.cardId, period);
    this.observe(read.exchange);
    if (!read.operations)
      this.ctx.notJudged(
        `the statement of the payment card could not be read (${describeAnswer(read.exchange)})`,
        "PAYMENT_CARD_ID",
      );
    return { operations: read.operations, sent: read.sent };
  }

  async limits(kind: ObjectKind): Promise<AmountLimit[]> {
    const reading = await readLimits(this.ctx, kind, this.objectValue(kind));
    this.readAt.set(kind, reading.at);
    return reading.limits;
  }

  /** Sets an invariant aside for this sequence: its readings cannot be compared (the first reason is kept). */
  notJudged(invariant: Invariant, why: string, variable = "TARGET_UTC_OFFSET"): void {
    if (!this.unjudged.has(invariant)) this.unjudged.set(invariant, { reason: why, variable });
  }

  settleBound(): number | undefined {
    return this.waitedOut ? 0 : undefined;
  }

  ranOut(): void {
    this.waitedOut = true;
  }

  seenForeign(count: number, micro: number): void {
    if (count > this.foreign.count) this.foreign = { count, micro };
  }

  /**
   * Sends a debit; undefined when the guard keeps it off the target (then nothing is asserted).
   * `refusal`: a debit over a limit, meant to be refused (its answer is never held to the success contract).
   */
  async debit(body: DebitRequest, intent?: Intent): Promise<Exchange | undefined> {
    try {
      const exchange = this.observe(await this.ctx.send(CREATE_TRANSACTION, body, intent ? { intent } : {}));
      this.sent++;
      this.lastDebitAt = Date.now();
      return exchange;
    } catch (error) {
      if (!(error instanceof RequestRefused)) throw error;
      this.refusal = error;
      return undefined;
    }
  }

  /**
   * Judges one invariant: its failure (`fail()`, thrown by `body`) fails the check when this
   * sequence judges that invariant; a survey of all of them notes the first breach of each and goes on.
   */
  judge(invariant: Invariant, body: () => void): void {
    this.judged.add(invariant);
    try {
      body();
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
      if (this.invariant === "all" && !this.broken.has(invariant))
        this.broken.set(invariant, { detail: error.detail, exchange: this.last });
      if (invariant === this.invariant) {
        if (this.last) this.ctx.record(this.last);
        throw error;
      }
    }
  }
}
