/**
 * Statement periods on the wire. The form of start_date/end_date is not shown (§2.2), so the
 * target declares it (STATEMENT_DATE_FORMAT, lib/time/date-form.ts); the harness writes every
 * period in that form and reads back what it sent in the same form: a day form covers whole days
 * at TARGET_UTC_OFFSET, a form with time that instant to its precision.
 */
import type { Config } from "../../lib/config/load.ts";
import { readDate, writeDate, type DateForm } from "../../lib/time/date-form.ts";

export interface Period {
  start: number;
  end: number;
}

/** One bound in the declared form (the one writer: generators, negatives, ledger readings, the preflight). */
export function formatBound(epochMs: number, form: DateForm, offset: string): string {
  return writeDate(epochMs, form, offset);
}

export function formatPeriod(period: Period, config: Config): { start_date: string; end_date: string } {
  const { dateFormat } = config.cardApi;
  const offset = config.target.utcOffset;
  return {
    start_date: formatBound(period.start, dateFormat, offset),
    end_date: formatBound(period.end, dateFormat, offset),
  };
}

/**
 * The instants a sent period covers, as the declared form says: from the start of the start
 * bound to the end of the end bound (a day form: 00:00 of the first day to 23:59:59.999 of the
 * last); undefined when a bound is not in the form.
 */
export function sentPeriod(request: { start_date: string; end_date: string }, config: Config): Period | undefined {
  const { dateFormat } = config.cardApi;
  const offset = config.target.utcOffset;
  const start = readDate(request.start_date, dateFormat, offset);
  const end = readDate(request.end_date, dateFormat, offset);
  return start === undefined || end === undefined ? undefined : { start: start.start, end: end.end };
}
