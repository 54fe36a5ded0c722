/** Small text helpers shared by summary.md and the console table. */
import type { OutcomeCounts } from "./coverage.ts";
import type { AnswerCounts } from "../checks/meta.ts";

export const ICON: Record<string, string> = {
  "passed": "✅",
  "failed": "❌",
  "flaky": "🔁",
  "warning": "⚠️",
  "skipped": "⏭️",
  "not judged": "❔",
};

/** A Markdown table cell: pipes escaped, line breaks folded. */
export function cell(text: string | undefined): string {
  return (text ?? "").replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ⏎ ");
}

export function firstLine(text: string | undefined): string {
  return text?.split("\n")[0] ?? "";
}

/** "7 passed, 1 failed, 2 warnings, 1 not judged" (zeros left out), or "no checks". */
export function countsText(c: OutcomeCounts): string {
  const parts = [
    c.passed && `${c.passed} passed`,
    c.failed && `${c.failed} failed`,
    c.flaky && `${c.flaky} flaky`,
    c.warning && `${c.warning} warning${c.warning > 1 ? "s" : ""}`,
    c.skipped && `${c.skipped} skipped`,
    c["not judged"] && `${c["not judged"]} not judged`,
  ].filter(Boolean);
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
