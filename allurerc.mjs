// Allure 3 configuration for `npm run report` (and `npx allure generate`).
// Categories sort failures by cause: they match the fixed failure titles of lib/checks/failure.ts
// (a harness test keeps the two in step).
import { defineConfig } from "allure";

// cli/report.ts passes the validated REPORTS_DIR to this process; `npx allure generate` run from
// the repository root without it writes under reports/.
const reportsDir = process.env.REPORTS_DIR || "reports";

const failure = (name, title) => ({
  name,
  matchers: { statuses: ["failed", "broken"], message: new RegExp(`^${title}`) },
});

export default defineConfig({
  name: "Payment platform interface conformance",
  output: `${reportsDir}/allure-report`,
  // One line per generate; CI keeps this file between runs to show a trend (docs/reports.md › History).
  historyPath: `${reportsDir}/history/allure-history.jsonl`,
  plugins: {
    awesome: {
      options: {
        reportName: "Payment platform interface conformance",
        groupBy: ["epic", "feature"],
        reportLanguage: "en",
      },
    },
  },
  categories: {
    rules: [
      failure("Schema violation", "Response violates schema"),
      failure("Wrong status code", "Unexpected status code"),
      failure("Server error", "Server error"),
      failure("Transport (timeout, reset, not JSON)", "Transport error"),
      failure("Not declared as JSON", "Response is not declared as JSON"),
      failure("Auth or signature", "Authentication or signature problem"),
      failure("Unexpected value", "Unexpected value"),
      failure("Accepted invalid request", "API accepted invalid request"),
      failure("Rejected valid request", "API rejected valid request"),
      failure("Broken invariant", "Financial invariant broken"),
      failure("Slower than the declared budget", "Slower than the declared budget"),
      failure("Harness error", "Harness error"),
    ],
  },
});
