/**
 * The modules a fault row of tests/checks/faults.cases.ts is judged on: those its fault can reach.
 * A response fault rewrites the answers of one operation only, and the two API families share
 * nothing: the partner module sends only partner requests and the card modules only card requests
 * (measured by tests/checks/faults.sandbox.test.ts), and the sandbox keeps no state that one
 * family writes and the other reads (a registration only adds a business client, which no card
 * handler reads). So under a response fault of one family the other family's modules see exactly
 * what they see on the conforming sandbox, where the conforming row judges them. A behaviour
 * fault, a timing or no fault at all reaches every module.
 */
import { CATALOGUE } from "../../lib/catalogue/index.ts";
import type { Module } from "../../lib/checks/types.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import type { FaultCase } from "../checks/faults.cases.ts";

export type Family = Module["operation"]["family"];

/** The families whose answers the row's faults change; undefined: every family (behaviour, timing, none). */
export function familiesReached(row: FaultCase): Set<Family> | undefined {
  if (row.timing || row.faults.length === 0) return undefined;
  const families = new Set<Family>();
  for (const fault of row.faults) {
    if (fault.kind === "behaviour") return undefined;
    const op = CATALOGUE.find((o) => o.key === fault.operation);
    if (!op) throw new Error(`fault row "${row.name}" names no operation of the catalogue: ${fault.operation}`);
    families.add(op.family);
  }
  return families;
}

/** The modules a row is judged on: those of the families its faults reach. */
export function modulesReached(row: FaultCase): Module[] {
  const families = familiesReached(row);
  return families ? ALL_MODULES.filter((m) => families.has(m.operation.family)) : ALL_MODULES;
}

/** The family of the operation at this path, or the path itself when no operation has it. */
export function familyAt(path: string): string {
  return CATALOGUE.find((o) => o.path === path)?.family ?? path;
}
