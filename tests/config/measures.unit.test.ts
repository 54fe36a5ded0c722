/** The measure settings (lib/config/measures.ts): budgets one for all or per operation, and each bad value an exit 2 naming its variable. */
import { expect, test } from "vitest";
import { budgetOf, parseBudgets, readMeasures } from "../../lib/config/measures.ts";
import { createReader } from "../../lib/config/reader.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";

test("LATENCY_P95_MS: one number applies to every operation", () => {
  const settings = readMeasures(createReader({ LATENCY_P95_MS: "800" }));
  expect(budgetOf(settings, "card-api.statement")).toBe(800);
  expect(budgetOf(settings, "card-api.limits-list")).toBe(800);
});

test("LATENCY_P95_MS: per operation key, the others without a budget", () => {
  const settings = readMeasures(createReader({ LATENCY_P95_MS: "card-api.statement:800, card-api.limits-list:300" }));
  expect(budgetOf(settings, "card-api.statement")).toBe(800);
  expect(budgetOf(settings, "card-api.limits-list")).toBe(300);
  expect(budgetOf(settings, "card-api.transaction-create")).toBeUndefined();
});

test("defaults: no budget, slower than 1.5× and by 50 ms, no declared TLS policy, 30 days", () => {
  expect(readMeasures(createReader({}))).toEqual({
    latencyP95Ms: { byOperation: {} },
    slower: { factor: 1.5, floorMs: 50 },
    tls: { expiryWarnDays: 30 },
  });
});

test.for([
  ["LATENCY_P95_MS", "statement=800"],
  ["LATENCY_P95_MS", "card-api.statement:fast"],
  ["LATENCY_P95_MS", "0"],
  ["SLOWER_FACTOR", "1"],
  ["SLOWER_FACTOR", "twice"],
  ["SLOWER_FLOOR_MS", "-5"],
  ["TLS_MIN_VERSION", "1.1"],
  ["TLS_EXPIRY_WARN_DAYS", "soon"],
])("%s=%s is refused naming the variable", ([name, value]) => {
  const read = () => readMeasures(createReader({ [name!]: value }));
  expect(read).toThrow(ConfigError);
  expect(read).toThrow(name!);
});

test("parseBudgets: unset is no budget", () => {
  expect(parseBudgets("")).toEqual({ byOperation: {} });
});
