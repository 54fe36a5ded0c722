/**
 * Statement periods on the wire. The format of start_date/end_date is not shown (§2.2), so it is
 * configurable (STATEMENT_DATE_FORMAT); the harness reads back what it sent with periodBound.
 */
import type { Config, StatementDateFormat } from "../../lib/config/load.ts";
import { formatWithOffset, periodBound } from "../../lib/time/iso.ts";

export interface Period {
  start: number;
  end: number;
}

export function formatBound(epochMs: number, format: StatementDateFormat, offset: string): string {
  if (format === "datetime-utc") return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, "Z");
  const local = formatWithOffset(epochMs, offset);
  if (format === "date") return local.slice(0, 10);
  return local.replace(/\.\d{3}/, "");
}

export function formatPeriod(period: Period, config: Config): { start_date: string; end_date: string } {
  const { dateFormat } = config.cardApi;
  const offset = config.target.utcOffset;
  return {
    start_date: formatBound(period.start, dateFormat, offset),
    end_date: formatBound(period.end, dateFormat, offset),
  };
}

/** The instants a sent period covers, read as generously as a target may read them. */
export function sentPeriod(request: { start_date: string; end_date: string }, config: Config): Period | undefined {
  const start = periodBound(request.start_date, "start", config.target.utcOffset);
  const end = periodBound(request.end_date, "end", config.target.utcOffset);
  return start === undefined || end === undefined ? undefined : { start, end };
}
