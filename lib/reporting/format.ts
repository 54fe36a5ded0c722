/** Small text helpers shared by summary.md and the console table. */
import type { OutcomeCounts } from "./coverage.ts";
import { REPORTED_OUTCOMES, type AnswerCounts, type ConformanceMeta, type ReportedOutcome } from "../checks/meta.ts";

export const ICON: Record<string, string> = {
  "passed": "✅",
  "failed": "❌",
  "flaky": "🔁",
  "warning": "⚠️",
  "skipped": "⏭️",
  "not judged": "❔",
};

/** "should", or "should; finding at info" when a finding rests only on the reference's choice: the check's level, the finding's apart. */
export function levelText(c: Pick<ConformanceMeta, "level" | "findingLevel">): string {
  const level = c.level ?? "must";
  return c.findingLevel && c.findingLevel !== level ? `${level}; finding at ${c.findingLevel}` : level;
}

/** A Markdown table cell: pipes escaped, line breaks folded. */
export function cell(text: string | undefined): string {
  return (text ?? "").replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ⏎ ");
}

export function firstLine(text: string | undefined): string {
  return text?.split("\n")[0] ?? "";
}

/** "2 warnings", "1 warning", "0 failed": the one wording of a count of an outcome. */
export function outcomeText(c: OutcomeCounts, outcome: ReportedOutcome): string {
  const n = c[outcome];
  return outcome === "warning" ? `${n} warning${n === 1 ? "" : "s"}` : `${n} ${outcome}`;
}

/**
 * "7 passed, 1 failed, 2 warnings, 1 not judged": the outcomes in `always` even at zero, the
 * others only when there are any (zeros left out by default); "no checks" when nothing is left.
 * A warning is a check whose outcome is `warning` — a should failure outside strict mode or an
 * info observation (docs/checks-and-levels.md#outcomes) — counted once, the same in every line.
 */
export function countsText(c: OutcomeCounts, always: readonly ReportedOutcome[] = []): string {
  const parts = REPORTED_OUTCOMES.filter((o) => c[o] || always.includes(o)).map((o) => outcomeText(c, o));
  return parts.length ? parts.join(", ") : "no checks";
}

/** "561 answers judged (281 success, 280 refused)", zeros left out; "" without a reading. */
export function answersText(a: AnswerCounts | undefined): string {
  if (!a) return "";
  const parts = [
    a.success && `${a.success} success`,
    a.refused && `${a.refused} refused`,
    a.other && `${a.other} other`,
    a.unanswered && `${a.unanswered} unanswered`,
  ].filter(Boolean);
  return `${a.success + a.refused + a.other} answers judged (${parts.join(", ") || "none"})`;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
