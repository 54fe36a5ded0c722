/**
 * The leak scan: the suites run with canary card data, tokens and keys in the configuration
 * (checks may fail: the sandbox does not know these values) through a target that echoes every
 * value it receives, in every form a careless real API does (echo-target.ts), the report and the
 * certification pack are built, and every file under REPORTS_DIR — zips and base64 payloads
 * opened — and all console output must be free of every canary. (A plain target's run was a third
 * run: the echoing target passes its answers through, with the echoes added, so its outputs hold
 * everything a plain run writes and more.) The same scan, on a run with redaction switched off by
 * the test-only switch, must find them: proof that the scanner can see a leak.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UNSAFE_REDACTION_SWITCH, UNSAFE_REDACTION_VALUE } from "../../lib/redaction/redact.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";
import { startCountingProxy } from "../support/targets.ts";
import { echoRequests } from "./echo-target.ts";
import { CANARY, CANARY_ENV, CANARY_PATTERNS, scanForCanaries, type Hit } from "./canaries.ts";
import { folderTexts, type FileText } from "./texts.ts";

type Canary = keyof typeof CANARY;
const ALL = Object.keys(CANARY) as Canary[];
/** What the suites put on the wire, so a run without redaction must show it. */
const SENT: Canary[] = ["pan", "cvc", "accessToken", "apiKey", "headerSecret"];

// The canaries are not the target's credentials, so the preflight would stop each run (exit 2)
// before any check: the runs skip it, and what the preflight itself prints is scanned with the
// command's main in-process (tests/cli/endings.sandbox.test.ts: that ending comes before any check).

async function runAll(
  dir: string,
  env: Record<string, string>,
  commands: Array<[string, string[]]>,
): Promise<FileText[]> {
  const console: FileText[] = [];
  for (const [script, args] of commands) {
    const { code, stdout, stderr } = await runCli(script, args, {
      REPORTS_DIR: dir,
      SEED: "17",
      ...CANARY_ENV,
      ...env,
    });
    expect(code, `${script} ${args.join(" ")}: ${stderr}`).not.toBe(2);
    console.push({ file: `console of ${script} ${args.join(" ")}`, text: stdout + stderr });
  }
  return [...console, ...folderTexts(dir)];
}

describe("with redaction on, against a target that echoes what it receives: no canary in any file or console output", () => {
  const dir = tempReportsDir();
  let texts: FileText[] = [];
  let hits: Hit[] = [];
  beforeAll(async () => {
    await withSandbox({}, async (sandbox) => {
      const echo = await startCountingProxy(sandbox.url, { rewrite: echoRequests });
      try {
        texts = await runAll(dir, { TARGET_BASE_URL: echo.url }, [
          ["conformance.ts", ["--no-preflight"]],
          ["report.ts", []],
          ["report.ts", ["--single-file"]],
          ["certify.ts", []],
        ]);
      } finally {
        await echo.close();
      }
    });
    hits = scanForCanaries(texts);
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("the scan covered the run's outputs, the report, the pack and its zip", () => {
    const files = texts.map((t) => t.file);
    for (const expected of [
      /^summary\.json$/,
      /^junit\.xml$/,
      /^allure-results\/.*-attachment\.json$/,
      /^exchanges\/.*\.jsonl$/,
      /^allure-report\/data\/attachments\//,
      /^allure-report-single\/index\.html#base64-/,
      /^certification\/exchanges\.har$/,
      /^certification\.zip!certification\/manifest\.json$/,
      /^console of conformance\.ts/,
    ]) {
      expect(
        files.some((f) => expected.test(f)),
        String(expected),
      ).toBe(true);
    }
  });

  test("the canaries were sent and redacted: masked PAN and placeholders in the evidence", () => {
    const evidence = texts
      .filter((t) => t.file.startsWith("allure-results/"))
      .map((t) => t.text)
      .join("\n");
    expect(evidence).toContain(`${CANARY.pan.slice(0, 6)}******${CANARY.pan.slice(-4)}`);
    expect(evidence).toContain("Bearer <PARTNER_ACCESS_TOKEN>");
    expect(evidence).toContain("<CARD_API_HEADERS.X-Client-Tag>");
  });

  test("the echoes reached the evidence and the failure messages, redacted", () => {
    const evidence = texts
      .filter((t) => t.file.startsWith("allure-results/"))
      .map((t) => t.text)
      .join("\n");
    expect(evidence).toContain("echo_text");
    // The card number the target sent back as a JSON number is masked like any other.
    expect(evidence).toMatch(/rejected\W{1,8}<PAYMENT_CARD_PAN>/);
    // Failure messages quote bodies (a 500's, a text answer's): the echoes are in them too.
    expect(
      texts
        .filter((t) => /^(summary\.json|junit\.xml)$/.test(t.file))
        .map((t) => t.text)
        .join("\n"),
    ).toMatch(/echo/);
  });

  test.for(ALL.map((canary) => [canary, canary] as const))("no %s anywhere", ([, canary]) => {
    expect(hits.filter((h) => h.canary === canary)).toEqual([]);
  });
});

describe(`with redaction off (${UNSAFE_REDACTION_SWITCH}, test-only): the same scan finds the canaries`, () => {
  const dir = tempReportsDir();
  let texts: FileText[] = [];
  beforeAll(async () => {
    // Two checks carry every canary the suites send: the card API's headers, card number and CVC in
    // a debit, the partner token on a registration.
    const checks = ["CARD-TXN-HTTP-200", "PT-BIZ-HTTP-200"].flatMap((id) => ["--check", id]);
    texts = await runAll(dir, { [UNSAFE_REDACTION_SWITCH]: UNSAFE_REDACTION_VALUE }, [
      ["conformance.ts", ["--no-preflight", ...checks]],
    ]);
  }, 240_000);
  // Canaries in clear: not left behind in /tmp.
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test.for(SENT.map((canary) => [canary, canary] as const))("finds the %s", ([, canary]) => {
    expect(scanForCanaries(texts).filter((h) => h.canary === canary).length).toBeGreaterThan(0);
  });

  test("every process that honours the switch says so on stderr", () => {
    expect(texts[0]!.text).toMatch(/WARNING: HARNESS_UNSAFE_DISABLE_REDACTION is set: REDACTION IS OFF/);
  });
});

describe("the scanner", () => {
  const spaced = CANARY.pan.replace(/(\d{4})(?=\d)/g, "$1 ");
  const dashed = CANARY.pan.replace(/(\d{4})(?=\d)/g, "$1-");
  const ROWS: Array<[string, string, Canary | undefined]> = [
    ["a plain PAN", `pan ${CANARY.pan}.`, "pan"],
    ["a PAN with spaces", `"${spaced}"`, "pan"],
    ["a PAN with dashes", `card ${dashed}`, "pan"],
    ["a masked PAN is no hit", `${CANARY.pan.slice(0, 6)}******${CANARY.pan.slice(-4)}`, undefined],
    ["a longer number that contains the PAN is no hit", `9${CANARY.pan}9`, undefined],
    ["a PAN with dots", `card ${CANARY.pan.replace(/(\d{4})(?=\d)/g, "$1.")}`, "pan"],
    ["a PAN as a JSON number", `{"rejected":${CANARY.pan}}`, "pan"],
    [
      "a PAN whose last digit was changed (no longer Luhn-valid)",
      `card ${CANARY.pan.slice(0, -1)}${(Number(CANARY.pan.at(-1)) + 1) % 10}`,
      "pan",
    ],
    ["a CVC JSON field", `{"card_cvc":"${CANARY.cvc}"}`, "cvc"],
    ["a CVC field in escaped JSON", `{\\"card_cvc\\":\\"${CANARY.cvc}\\"}`, "cvc"],
    ["a CVC field in XML-escaped JSON", `&quot;card_cvc&quot;:&quot;${CANARY.cvc}&quot;`, "cvc"],
    ["a CVC as key=value", `cvv2=${CANARY.cvc}`, "cvc"],
    ["a CVC in words", `cvc ${CANARY.cvc} does not match`, "cvc"],
    ["a CVC as a whole quoted value", `{"value":"${CANARY.cvc}"}`, "cvc"],
    ["the CVC digits inside a longer quoted number are no hit", `{"rrn":"5${CANARY.cvc}"}`, undefined],
    ["the CVC digits in an amount are no hit", `"amount":${CANARY.cvc}.00`, undefined],
    ["a token", `Bearer ${CANARY.accessToken}`, "accessToken"],
  ];
  test.for(ROWS)("%s", ([, text, canary]) => {
    expect(scanForCanaries([{ file: "sample", text }]).map((h) => h.canary)).toEqual(canary ? [canary] : []);
  });

  test("every canary has a pattern", () => {
    expect(Object.keys(CANARY_PATTERNS).sort()).toEqual(ALL.sort());
  });
});
