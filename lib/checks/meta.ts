/** What each conformance test records in its task meta for the summary reporter. */
import type { Basis, Level } from "./types.ts";
import type { Family } from "../catalogue/types.ts";

export type ReportedOutcome = "passed" | "failed" | "warning" | "skipped";

export interface ConformanceMeta {
  kind: "check" | "not-covered";
  id: string;
  level?: Level;
  /** What the judgement rests on: spec, declared or reference (docs/checks-and-levels.md). */
  basis?: Basis;
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
