/**
 * A partner installs the harness, never clones it. `npm pack` of the checkout,
 * installed into an empty folder from npm's cache alone (tests/support/package.ts), gives the
 * `payment-conformance` command; run from a folder of the partner's own — its `.env`, profile
 * module, client-data file, reports/ — it is green against the embedded sandbox, serves the
 * sandbox, is red against a sandbox with a fault (and `compare` with the green run names what
 * broke), and passes every check it runs against the foreign target configured only by that folder.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { LIMITS_LIST } from "../../lib/catalogue/index.ts";
import { startSandbox } from "../../sandbox/server.ts";
import { FAULT_CASES } from "../checks/faults.cases.ts";
import { runProcess, type CliResult } from "../support/cli.ts";
import { partnerFolder } from "../support/foreign-target/partner-folder.ts";
import { startForeignTarget } from "../support/foreign-target/server.ts";
import { COMMAND, installedCommand, installPacked, packHarness, type Packed } from "../support/package.ts";

let packed: Packed;
let installed: string;

beforeAll(async () => {
  const work = mkdtempSync(join(tmpdir(), "conformance-package-"));
  packed = await packHarness(work);
  installed = join(work, "installed");
  mkdirSync(installed);
  const install = await installPacked(installed, packed.tarball);
  expect(install.code, `npm ci --offline of the packed harness:\n${install.stderr}`).toBe(0);
}, 300_000);

/** A working folder of the partner's with this `.env` text, inside the folder the package is installed in. */
function workingFolder(name: string, envText: string): string {
  const dir = join(installed, name);
  mkdirSync(dir);
  writeFileSync(join(dir, ".env"), envText);
  return dir;
}

const run = (cwd: string, args: string[], timeoutMs = 180_000): Promise<CliResult> =>
  runProcess(installedCommand(installed), args, {}, timeoutMs, cwd);
const summaryIn = (dir: string) =>
  JSON.parse(readFileSync(join(dir, "reports", "summary.json"), "utf8")) as {
    verdict: string;
    seed: number;
    checks: Array<{ id: string; outcome: string }>;
  };
const shown = (r: CliResult) => `${r.stdout.slice(-3000)}\n${r.stderr}`;

/**
 * The whole green run from the partner's folder, as `npx payment-conformance` starts it: made once,
 * by whichever test reads it first (its own test, or the red run's comparison), in any order.
 */
let greenRun: Promise<{ dir: string; result: CliResult }> | undefined;
function green(): Promise<{ dir: string; result: CliResult }> {
  greenRun ??= (async () => {
    const dir = workingFolder("green", "SEED=4242\n");
    return { dir, result: await runProcess("npx", ["--offline", COMMAND], {}, 180_000, dir) };
  })();
  return greenRun;
}

test("the tarball holds what runs, and nothing of the harness's own tests, docs or reports", () => {
  for (const needed of [
    "cli/payment-conformance.mjs",
    "cli/conformance.ts",
    "vitest.conformance.ts",
    "allurerc.mjs",
    "docs/spec/payment-platform-interface.md",
    ".env.example",
  ]) {
    expect(packed.files).toContain(needed);
  }
  for (const folder of ["lib/", "suites/", "schemas/", "sandbox/", "generators/"]) {
    expect(
      packed.files.some((f) => f.startsWith(folder)),
      folder,
    ).toBe(true);
  }
  const stray = packed.files.filter((f) => /^(tests|reports|bench|node_modules|\.github)\//.test(f));
  expect(stray).toEqual([]);
  expect(packed.files.filter((f) => f.startsWith("docs/"))).toEqual(["docs/spec/payment-platform-interface.md"]);
  // Only the conformance project's configuration: the test tiers' is the checkout's own.
  expect(packed.files).not.toContain("vitest.config.ts");
});

describe("the installed command", () => {
  // `run` reaches the run's own options through the launcher: the `run --check` runs below (its
  // --help, --strict listed: tests/cli/conformance.test.ts).
  test("--version, --help, and an unknown command is exit 2 with one line", async () => {
    const dir = workingFolder("usage", "");
    const version = await runProcess("npx", ["--offline", COMMAND, "--version"], {}, 60_000, dir);
    expect(version.code, shown(version)).toBe(0);
    const { version: expected } = JSON.parse(
      readFileSync(join(installed, "node_modules", "payment-platform-conformance", "package.json"), "utf8"),
    ) as { version: string };
    expect(version.stdout.trim()).toBe(`${COMMAND} ${expected}`);
    const help = await run(dir, ["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["run", "sandbox", "report", "certify", "compare", "ci"])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    const unknown = await run(dir, ["certfy"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split("\n")).toEqual([expect.stringContaining('no such command "certfy"')]);
  });

  test("green against the embedded sandbox from the partner's folder: its .env read, reports written there; report and certify after it", async () => {
    const { dir, result } = await green();
    expect(result.code, shown(result)).toBe(0);
    const summary = summaryIn(dir);
    expect(summary.verdict).toBe("conformant");
    expect(summary.seed).toBe(4242);
    expect(summary.checks.length).toBeGreaterThan(50);
    expect(existsSync(join(dir, "reports", "junit.xml"))).toBe(true);
    const report = await run(dir, ["report"]);
    expect(report.code, shown(report)).toBe(0);
    expect(existsSync(join(dir, "reports", "allure-report", "index.html"))).toBe(true);
    const certify = await run(dir, ["certify"]);
    expect(certify.code, shown(certify)).toBe(0);
    expect(existsSync(join(dir, "reports", "certification.zip"))).toBe(true);
  });

  test("sandbox serves the reference sandbox from the package: it answers the API, SIGTERM stops it with 0", async () => {
    let answered: Promise<Response> | undefined;
    const sandbox = await runProcess(
      installedCommand(installed),
      ["sandbox", "--port", "0"],
      {},
      180_000,
      workingFolder("separate-sandbox", ""),
      (out, child) => {
        const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
        if (!url || answered) return;
        // A documented operation, for a card the sandbox does not hold: its answer, not a stray 404.
        const body = { request_id: "6f1c9a57-3c1e-4d49-9f1a-2b7a3f0c9d10", object: { type: "card", value: "nope" } };
        answered = fetch(`${url}${LIMITS_LIST.path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).finally(() => child.kill("SIGTERM"));
      },
    );
    expect(sandbox.code, shown(sandbox)).toBe(0);
    const answer = await answered!;
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await answer.json()).toMatchObject({ request_status: "failed", error: { code: "OBJECT_NOT_FOUND" } });
  });

  // The green side of the comparison is the whole green run: the checks that fail against a sandbox
  // with a fault all passed there, and `compare` names them. (A run against a URL from the folder's
  // .env: this one and the partner's below.)
  test("red against a sandbox with a fault; compare with the green run names the new failures", async () => {
    const fault = FAULT_CASES.find((c) => c.name === "statement answered with 201")!;
    const checks = [...Object.keys(fault.fails), "CARD-STMT-SCHEMA", "CARD-LIM-HTTP-200"];
    const args = ["run", ...checks.flatMap((id) => ["--check", id])];
    const faulty = await startSandbox({ faults: fault.faults });
    try {
      const dir = workingFolder("red", `TARGET_BASE_URL=${faulty.url}\nSEED=4243\n`);
      const red = await run(dir, args);
      // Selected checks only: never conformant; here, not conformant.
      expect(red.code, shown(red)).toBe(1);
      expect(red.stdout).toMatch(/target http:\/\/127\.0\.0\.1:\d+/);
      const summary = summaryIn(dir);
      expect(summary.verdict).toBe("not conformant");
      expect(
        summary.checks
          .filter((c) => c.outcome === "failed")
          .map((c) => c.id)
          .sort(),
      ).toEqual(Object.keys(fault.fails).sort());
      expect(summary.checks.map((c) => c.id).sort()).toEqual([...checks].sort());
      const before = await green();
      expect(before.result.code, shown(before.result)).toBe(0);
      const compare = await run(dir, [
        "compare",
        join(before.dir, "reports"),
        join(dir, "reports"),
        "--fail-on",
        "new",
      ]);
      expect(compare.code, shown(compare)).toBe(1);
      expect(compare.stdout).toContain(`compare: new failures: ${Object.keys(fault.fails).sort().join(", ")}`);
      expect(existsSync(join(dir, "reports", "compare.json"))).toBe(true);
    } finally {
      await faulty.close();
    }
  });

  test("the partner's own profile module and client-data file, named relative to its folder in its .env", async () => {
    const target = await startForeignTarget({});
    try {
      const dir = partnerFolder(target.url, { SEED: "20261123" });
      const checks = ["PT-BIZ-SIGNATURE", "PT-BIZ-UNIQUE-CLIENT", "CARD-STMT-PERIOD"];
      const foreign = await run(
        dir,
        checks.flatMap((id) => ["--check", id]),
      );
      // Selected checks only: incomplete (exit 1), never conformant; each passed (below).
      expect(foreign.code, shown(foreign)).toBe(1);
      expect(foreign.stdout).toMatch(/Conformance verdict: INCOMPLETE — selected checks only/);
      expect(foreign.stdout).toContain("profile ./foreign-profile.mts");
      const summary = summaryIn(dir);
      expect(summary.checks.map((c) => `${c.id} ${c.outcome}`).sort()).toEqual(
        checks.map((id) => `${id} passed`).sort(),
      );
    } finally {
      await target.close();
    }
  });
});
