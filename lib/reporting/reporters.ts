/** The reporters of a conformance run: console, JUnit, Allure results and the summary. */
import { join } from "node:path";
import AllureVitestReporter from "allure-vitest/reporter";
import type { Reporter } from "vitest/node";
import type { Config } from "../config/load.ts";
import { DEFAULT_SPEC_URL_TEMPLATE, SPEC_LINK_TYPE } from "./labels.ts";
import { SummaryReporter, type SummaryReporterOptions } from "./summary-reporter.ts";

export type ReporterEntry = string | [string, Record<string, unknown>] | Reporter;

export function conformanceReporters(config: Config, info: SummaryReporterOptions["info"], onSummary: SummaryReporterOptions["onSummary"]): ReporterEntry[] {
  const dir = config.run.reportsDir;
  return [
    "default",
    ["junit", { outputFile: join(dir, "junit.xml"), suiteName: "payment platform interface conformance" }],
    new AllureVitestReporter({
      resultsDir: join(dir, "allure-results"),
      reportMatchers: false,
      links: { [SPEC_LINK_TYPE]: { urlTemplate: DEFAULT_SPEC_URL_TEMPLATE, nameTemplate: "§%s" } },
      environmentInfo: {
        target: info.target,
        seed: String(info.seed),
        strict: String(info.strict),
        profile: config.partner.cryptoProfile,
        harness: info.harnessVersion,
      },
    }) as unknown as Reporter,
    new SummaryReporter({ reportsDir: dir, info, ...(onSummary ? { onSummary } : {}) }),
  ];
}
