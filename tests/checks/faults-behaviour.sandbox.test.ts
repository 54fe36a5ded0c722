/**
 * The fault table's behaviour faults, each failing exactly its checks for the reason named — the
 * other rows, and what the table as a whole proves, are in faults.sandbox.test.ts (two files, so
 * that two workers judge the table side by side: tests/support/fault-rows.ts).
 */
import { describeFaultRows, isBehaviourRow } from "../support/fault-rows.ts";

describeFaultRows(
  "each sandbox fault fails exactly its checks, for the reason named: behaviour faults",
  isBehaviourRow,
);
