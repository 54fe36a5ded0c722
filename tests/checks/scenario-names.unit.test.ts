/**
 * Scenario names are typed (ScenarioName, lib/checks/types.ts): a module defines, and a check reads,
 * only names of that vocabulary, so a misspelt one fails the type-check (npm test runs tsc) rather
 * than a check at run time. Every module's scenarios keep to it.
 */
import { expect, test } from "vitest";
import type { ScenarioName } from "../../lib/checks/types.ts";
import { ALL_MODULES } from "../../suites/modules.ts";

const NAMES: readonly ScenarioName[] = ["success", "account", "client"];

test("a name outside the vocabulary is a type error", () => {
  // @ts-expect-error: "sucess" is no scenario name; tsc fails if this line ever type-checks.
  const misspelt: ScenarioName = "sucess";
  expect(NAMES).not.toContain(misspelt);
});

test("every module's scenarios and fixture descriptions are named from the vocabulary", () => {
  for (const module of ALL_MODULES) {
    for (const name of Object.keys(module.scenarios)) expect(NAMES, module.operation.key).toContain(name);
    for (const name of Object.keys(module.fixtures ?? {})) expect(NAMES, module.operation.key).toContain(name);
  }
});
