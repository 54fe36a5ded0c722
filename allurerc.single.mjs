// The single-file variant of the report (one index.html, for e-mail): `npm run report -- --single-file`.
import base from "./allurerc.mjs";

export default {
  ...base,
  output: `${process.env.REPORTS_DIR || "reports"}/allure-report-single`,
  // A second generate in the same run would add a second history point: keep history to the main report.
  historyPath: undefined,
  plugins: { awesome: { options: { ...base.plugins.awesome.options, singleFile: true } } },
};
