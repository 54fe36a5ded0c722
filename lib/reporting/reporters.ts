/** The reporters of a conformance run: console, JUnit, Allure results and the summary. */
import { join, resolve } from "node:path";
import AllureVitestReporter from "allure-vitest/reporter";
import type { Reporter } from "vitest/node";
import type { Config } from "../config/load.ts";
import { redactor } from "../redaction/redact.ts";
import { DEFAULT_SPEC_URL_TEMPLATE, SPEC_LINK_TYPE } from "./labels.ts";
import { ProgressReporter, type ProgressOptions } from "./progress.ts";
import { SummaryReporter, type SummaryReporterOptions } from "./summary-reporter.ts";

export type ReporterEntry = string | [string, Record<string, unknown>] | Reporter;

/** Environment shown on the report's front page; the target passes the redactor (it may carry a key). */
function environmentInfo(config: Config, info: SummaryReporterOptions["info"]): Record<string, string> {
  return {
    "target": redactor.text(info.target),
    "seed": String(info.seed),
    "strict": String(info.strict),
    "profile": config.partner.cryptoProfile,
    "property runs": String(config.run.propertyRuns),
    "request timeout ms": String(config.run.requestTimeoutMs),
    "harness": info.harnessVersion,
    "git commit": info.gitCommit ?? "unknown",
  };
}

/** @param info the run's description, derived from its plan (lib/runner/run-description.ts). */
export function conformanceReporters(
  config: Config,
  info: SummaryReporterOptions["info"],
  onSummary: SummaryReporterOptions["onSummary"],
  progress?: ProgressOptions,
  interruptedBy?: () => string | undefined,
  merge: Pick<SummaryReporterOptions, "contracts"> = {},
): ReporterEntry[] {
  const dir = config.run.reportsDir;
  // This process writes the summary and the console table: it needs the secrets too.
  redactor.addSecrets(config.secrets);
  const live = progress && new ProgressReporter(progress);
  return [
    // Before vitest's reporter, so the live line is erased before vitest prints; on a terminal
    // vitest's own live summary is off (two lines redrawn in place would fight).
    ...(live ? [live] : []),
    live && process.stdout.isTTY ? (["default", { summary: false }] as ReporterEntry) : "default",
    // Absolute: vitest resolves it against the checkout (its root), not the working folder.
    ["junit", { outputFile: resolve(dir, "junit.xml"), suiteName: "payment platform interface conformance" }],
    new AllureVitestReporter({
      resultsDir: join(dir, "allure-results"),
      reportMatchers: false,
      links: { [SPEC_LINK_TYPE]: { urlTemplate: DEFAULT_SPEC_URL_TEMPLATE, nameTemplate: "§%s" } },
      environmentInfo: environmentInfo(config, info),
    }) as unknown as Reporter,
    new SummaryReporter({
      reportsDir: dir,
      info,
      ...(onSummary ? { onSummary } : {}),
      ...(interruptedBy ? { interruptedBy } : {}),
      ...merge,
    }),
  ];
}
