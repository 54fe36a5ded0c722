/**
 * The latency budget the harness's own test runs declare (LATENCY_P95_MS), as a partner would: a
 * minute, which no answer of a test target approaches (REQUEST_TIMEOUT_MS cuts them sooner). With
 * it the <CODE>-LATENCY-BUDGET checks are judged, and pass, in every run that expects each check to
 * pass; without a declaration they would be skipped (not applicable). The tests of the budget itself
 * declare their own (tests/checks/latency-budget.sandbox.test.ts, the fault table's row).
 */
export const TEST_LATENCY_BUDGET = { LATENCY_P95_MS: "60000" } as const;
