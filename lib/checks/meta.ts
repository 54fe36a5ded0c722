/** What each conformance test records in its task meta for the summary reporter. */
import type { CheckResult } from "./evaluate.ts";
import type { Level } from "./types.ts";
import type { Family } from "../catalogue/types.ts";

export type ReportedOutcome = "passed" | "failed" | "warning" | "skipped";

/**
 * The level rule: a must failure (and a harness error) fails; a should failure fails only in
 * strict mode and is otherwise a warning; an info failure is an observation (reported as a
 * warning), never a failure — not even in strict mode — so it never changes the verdict.
 */
export function reportedOutcome(result: Pick<CheckResult, "outcome" | "level" | "category">, strict: boolean): ReportedOutcome {
  if (result.outcome !== "failed") return result.outcome;
  if (result.category === "harness" || result.level === "must") return "failed";
  return result.level === "should" && strict ? "failed" : "warning";
}

export interface ConformanceMeta {
  kind: "check" | "not-covered";
  id: string;
  level?: Level;
  spec: string;
  title: string;
  family: Family;
  operation: string;
  outcome: ReportedOutcome;
  category?: string;
  message?: string;
  seed?: number;
  /** Requests the check sent. */
  requests?: number;
}

declare module "@vitest/runner" {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}
