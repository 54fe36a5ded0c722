/**
 * What the cases of one property run came to: how many answers were judged, and why the others
 * were not — a case the generators could not make meet the declared rules (not sent), a case the
 * guard kept off the target, an answer the verdict excused (a refusal of a request the target's
 * own rules refuse judges nothing). A property that judged no answer is never passed: it ends not
 * judged, naming why (or skipped, when the guard kept every case back).
 */
import type { CheckContext } from "./types.ts";

/** Why a case was not judged, and the variable to look at. */
export interface Unjudged {
  reason: string;
  variable: string;
}

/** What one case came to (property.ts's tryCase). */
export interface CaseCount {
  sent: boolean;
  transport?: boolean;
  unmet?: Unjudged;
  refused?: string;
  excused?: Unjudged;
}

interface Tallied extends Unjudged {
  count: number;
}

function add(map: Map<string, Tallied>, u: Unjudged): void {
  const seen = map.get(u.reason);
  map.set(u.reason, { ...u, count: (seen?.count ?? 0) + 1 });
}

export class Tally {
  sent = 0;
  judged = 0;
  private readonly unmet = new Map<string, Tallied>();
  private readonly excused = new Map<string, Tallied>();
  private readonly refused = new Map<string, Tallied>();

  count(c: CaseCount): void {
    if (c.unmet) add(this.unmet, c.unmet);
    if (c.refused) add(this.refused, { reason: c.refused, variable: "TARGET_ENV" });
    if (!c.sent) return;
    this.sent++;
    if (c.excused) add(this.excused, c.excused);
    else if (!c.transport) this.judged++;
  }

  /** One line per reason a case was not sent or an answer not judged, for the report. */
  note(ctx: Pick<CheckContext, "note">): void {
    for (const u of this.unmet.values()) ctx.note(`${u.count} generated case(s) not sent: ${u.reason}`);
    for (const u of this.refused.values()) ctx.note(`${u.count} generated case(s) not sent: ${u.reason}`);
    for (const u of this.excused.values()) ctx.note(`${u.count} answer(s) not judged: ${u.reason}`);
  }

  /** Ends the check when it judged no answer: not judged with the first reason, or not applicable by the guard's. */
  requireJudged(ctx: Pick<CheckContext, "notJudged" | "notApplicable">): void {
    if (this.judged > 0) return;
    const [unmet] = this.unmet.values();
    if (unmet)
      ctx.notJudged(
        `no generated request was judged: ${unmet.count} case(s) were filtered out, none met the declared rules — ${unmet.reason}`,
        unmet.variable,
      );
    const [excused] = this.excused.values();
    if (excused)
      ctx.notJudged(
        `no answer was judged: every one of the ${this.sent} answer(s) was a refusal that ${excused.reason}`,
        excused.variable,
      );
    const [refused] = this.refused.values();
    if (refused) ctx.notApplicable("production guard", refused.reason);
    ctx.notJudged("no generated request was sent", "PROPERTY_RUNS");
  }
}
