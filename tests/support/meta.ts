/** A check's reported row (the summary's input), for tests of the verdict, the baseline and the reports. */
import type { ConformanceMeta } from "../../lib/checks/meta.ts";

export function checkRow(
  id: string,
  outcome: ConformanceMeta["outcome"],
  extra: Partial<ConformanceMeta> = {},
): ConformanceMeta {
  return {
    kind: "check",
    id,
    level: "must",
    spec: "§4",
    title: id,
    family: "card-api",
    operation: "card-api.statement",
    outcome,
    ...extra,
  };
}
