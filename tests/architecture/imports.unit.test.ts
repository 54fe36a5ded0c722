/**
 * The import graph keeps the layers of ARCHITECTURE.md: every import (static, `import type`, and
 * dynamic where its path resolves statically: dynamic-imports.unit.test.ts) of every .ts, .mts and
 * .mjs under lib/, suites/, generators/, sandbox/, cli/, bench/ and tests/ is read from the source,
 * and the rules, the absence of folder-level and of file-level cycles are asserted; every test
 * target (tests/support/<name>-target/) is held independent. The synthetic graphs below prove the
 * assertions fail on a back-edge, a cycle and a target that leans on the harness.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { importGraph, parseImports, type Edge } from "./graph.ts";
import { cycles, ruleBroken, sandboxReachBroken, SUITE_KIT, unitOf } from "./rules.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const graph = importGraph(ROOT);
/** Every independent test target on disk: each folder tests/support/<name>-target/. */
const TARGETS = readdirSync(join(ROOT, "tests/support"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name.endsWith("-target"))
  .map((d) => `tests/support/${d.name}`);

const broken = (edges: readonly Edge[]) =>
  edges.flatMap((e) => (ruleBroken(e) ? [`${e.from} → ${e.to}: ${ruleBroken(e)}`] : []));
const folderCycles = (edges: readonly Edge[]) => cycles(edges.map((e) => [unitOf(e.from), unitOf(e.to)] as const));
const fileCycles = (edges: readonly Edge[]) => cycles(edges.map((e) => [e.from, e.to] as const));

describe("the harness's import graph", () => {
  test("is read from every layer (the parser finds the imports at all)", () => {
    for (const root of [
      "lib/",
      "suites/",
      "generators/",
      "sandbox/",
      "cli/",
      "bench/",
      "tests/",
      ...TARGETS.map((t) => `${t}/`),
    ]) {
      expect(
        graph.some((e) => e.from.startsWith(root)),
        root,
      ).toBe(true);
    }
    expect(graph.some((e) => e.typeOnly)).toBe(true);
  });

  test("holds every test target on disk as its own unit, independent of the rest (foreign, third and any later one)", () => {
    expect(TARGETS.length).toBeGreaterThanOrEqual(2);
    for (const target of TARGETS) {
      expect(unitOf(`${target}/server.ts`)).toBe(target);
      expect(
        ruleBroken({ from: `${target}/server.ts`, to: "lib/payments/money.ts", typeOnly: true }),
        target,
      ).toBeDefined();
    }
  });

  test("keeps the import rules", () => {
    expect(broken(graph)).toEqual([]);
  });

  test("suites import one module of lib/checks, the kit, and none of lib/http or lib/runner", () => {
    const fromSuites = graph.filter((e) => e.from.startsWith("suites/"));
    const engine = new Set(fromSuites.filter((e) => e.to.startsWith("lib/checks/")).map((e) => e.to));
    expect([...engine]).toEqual([SUITE_KIT]);
    expect(fromSuites.filter((e) => /^lib\/(http|runner)\//.test(e.to))).toEqual([]);
  });

  test("has no folder-level cycle", () => {
    expect(folderCycles(graph)).toEqual([]);
  });

  test("the sandbox loads, through any chain of imports, only the published data, the clock and the crypto", () => {
    expect(sandboxReachBroken(graph)).toEqual([]);
  });

  test("has no file-level cycle, type-only imports included", () => {
    expect(fileCycles(graph)).toEqual([]);
  });
});

describe("the rules fail where they should (synthetic graphs)", () => {
  const edge = (from: string, to: string, typeOnly = false): Edge => ({ from, to, typeOnly });

  test.for([
    ["lib imports a suite", edge("lib/checks/x.ts", "suites/generic/module.ts")],
    ["lib imports the generators (type only, too)", edge("lib/runner/x.ts", "generators/card-api/limits.ts", true)],
    ["lib imports the sandbox", edge("lib/config/load.ts", "sandbox/test-data.ts")],
    ["reporting imports vitest", edge("lib/reporting/summary.ts", "lib/vitest/meta.ts", true)],
    ["reporting imports the runner", edge("lib/reporting/summary.ts", "lib/runner/version.ts")],
    ["the check engine imports reporting", edge("lib/checks/property.ts", "lib/reporting/exchange-log.ts")],
    ["vitest imports the runner", edge("lib/vitest/describe-module.ts", "lib/runner/context.ts")],
    ["a foundation folder imports the check engine", edge("lib/validation/x.ts", "lib/checks/types.ts", true)],
    ["crypto imports the configuration", edge("lib/crypto/index.ts", "lib/config/reader.ts")],
    ["the sandbox imports the harness's catalogue", edge("sandbox/routes.ts", "lib/catalogue/index.ts")],
    ["the sandbox imports the harness's validation", edge("sandbox/env.ts", "lib/validation/registry.ts", true)],
    ["a generator runs the check engine", edge("generators/x.ts", "lib/checks/answers.ts")],
    ["a generator imports a suite", edge("generators/x.ts", "suites/modules.ts", true)],
    ["a suite imports the sandbox", edge("suites/x.ts", "sandbox/server.ts")],
    ["a suite imports the client", edge("suites/card-api/x.checks.ts", "lib/http/exchange.ts", true)],
    ["a suite imports the runner", edge("suites/preflight-requests.ts", "lib/runner/preflight-probes.ts", true)],
    ["a suite imports the engine past its kit", edge("suites/generic/x.ts", "lib/checks/define.ts")],
    ["a suite imports the configuration past its kit", edge("suites/x.checks.ts", "lib/config/load.ts", true)],
    ["a suite's check (no entry file) imports vitest", edge("suites/x.checks.ts", "lib/vitest/describe-module.ts")],
    ["anything imports the tests", edge("bench/x.ts", "tests/support/cli.ts")],
    [
      "the foreign target imports the harness",
      edge("tests/support/foreign-target/validate.ts", "lib/validation/money.ts"),
    ],
    [
      "the foreign target imports the sandbox",
      edge("tests/support/foreign-target/ledger.ts", "sandbox/limits.ts", true),
    ],
    [
      "the foreign target imports a test helper",
      edge("tests/support/foreign-target/server.ts", "tests/support/harness.ts"),
    ],
    ["the cli imports the foreign target", edge("cli/x.ts", "tests/support/foreign-target/server.ts")],
    [
      "the third target imports the harness (type only, too)",
      edge("tests/support/third-target/money.ts", "lib/payments/money.ts", true),
    ],
    ["the third target imports the sandbox", edge("tests/support/third-target/server.ts", "sandbox/limits.ts")],
    ["a later target imports a test helper", edge("tests/support/fourth-target/server.ts", "tests/support/root.ts")],
    [
      "one target imports another",
      edge("tests/support/third-target/http.ts", "tests/support/foreign-target/validate.ts"),
    ],
    ["the sandbox imports a later target", edge("sandbox/x.ts", "tests/support/fourth-target/data.ts")],
    // lib/http by concern (HTTP_CONCERNS): coordination at the bottom, auth above transport.
    ["coordination imports transport", edge("lib/http/coordination/pace.ts", "lib/http/transport/client.ts")],
    ["transport imports auth", edge("lib/http/transport/client.ts", "lib/http/auth/access-tokens.ts")],
    ["coordination imports auth", edge("lib/http/coordination/x.ts", "lib/http/auth/token-fetch.ts", true)],
    ["a concern imports the composing target", edge("lib/http/auth/token-fetch.ts", "lib/http/target.ts")],
  ] as const)("%s is reported", ([, e]) => {
    expect(broken([e])).toHaveLength(1);
  });

  test("allowed edges are not reported", () => {
    const fine = [
      edge("lib/runner/x.ts", "lib/vitest/y.ts"),
      edge("lib/checks/x.ts", "lib/http/y.ts"),
      edge("lib/crypto/index.ts", "lib/errors/config-error.ts"),
      edge("sandbox/x.ts", "lib/test-data/published.ts"),
      edge("generators/x.ts", "lib/http/target.ts", true),
      edge("cli/x.ts", "sandbox/server.ts"),
      edge("tests/checks/x.test.ts", "sandbox/faults.ts"),
      edge("tests/foreign/x.test.ts", "tests/support/foreign-target/server.ts"),
      edge("tests/support/foreign-target/server.ts", "tests/support/foreign-target/data.ts"),
      edge("tests/third/x.test.ts", "tests/support/third-target/server.ts"),
      edge("tests/support/fourth-target/server.ts", "tests/support/fourth-target/limits.ts"),
      edge("lib/http/transport/client.ts", "lib/http/coordination/pace.ts"),
      edge("lib/http/auth/token-fetch.ts", "lib/http/transport/client.ts"),
      edge("lib/http/coordination/lanes.ts", "lib/http/exchange.ts", true),
      edge("lib/http/target.ts", "lib/http/auth/access-tokens.ts"),
      edge("lib/http/transport/client.ts", "lib/http/transport/dispatchers.ts"),
    ];
    expect(broken(fine)).toEqual([]);
  });

  test("a folder-level cycle is found, also through type-only imports", () => {
    const g = [
      edge("lib/config/load.ts", "lib/crypto/index.ts"),
      edge("lib/crypto/profile.ts", "lib/config/load.ts", true),
    ];
    expect(folderCycles(g)).toEqual([["lib/config", "lib/crypto"]]);
  });

  test("ConfigError lives in a neutral leaf: the configuration and the crypto both throw it, no folder cycle", () => {
    const g = [
      edge("lib/config/load.ts", "lib/crypto/index.ts"),
      edge("lib/crypto/index.ts", "lib/errors/config-error.ts"),
      edge("lib/config/reader.ts", "lib/errors/config-error.ts"),
    ];
    expect(folderCycles(g)).toEqual([]);
    expect(broken(g)).toEqual([]);
    expect(broken([edge("lib/errors/config-error.ts", "lib/time/iso.ts", true)])).toHaveLength(1);
  });

  test("the sandbox regaining the harness's schemas through the crypto profiles is found, with the chain", () => {
    const g = [
      edge("sandbox/env.ts", "lib/crypto/index.ts"),
      edge("lib/crypto/index.ts", "lib/errors/config-error.ts"),
      edge("lib/crypto/index.ts", "lib/validation/registry.ts"),
      edge("lib/crypto/profile.ts", "lib/catalogue/types.ts", true),
    ];
    expect(sandboxReachBroken(g)).toEqual(["sandbox/env.ts → lib/crypto/index.ts → lib/validation/registry.ts"]);
  });

  test("a file-level cycle is found", () => {
    const g = [
      edge("sandbox/ledger.ts", "sandbox/limits.ts", true),
      edge("sandbox/limits.ts", "sandbox/ledger.ts", true),
    ];
    expect(fileCycles(g)).toEqual([["sandbox/ledger.ts", "sandbox/limits.ts"]]);
  });

  test("the parser reads static, type-only, re-export, side-effect and dynamic imports", () => {
    const source = [
      'import { a } from "./a.ts";',
      'import type { B } from "../b.ts";',
      'import { type C, type D } from "./c.ts";',
      'export { e } from "./e.ts";',
      'import "./f.ts";',
      'const g = await import("./g.ts");',
      'import fc from "fast-check";',
      "import {\n  h,\n  type H,\n} from './h.ts';",
    ].join("\n");
    expect(parseImports(source)).toEqual([
      { spec: "./a.ts", typeOnly: false },
      { spec: "../b.ts", typeOnly: true },
      { spec: "./c.ts", typeOnly: true },
      { spec: "./e.ts", typeOnly: false },
      { spec: "./h.ts", typeOnly: false },
      { spec: "./f.ts", typeOnly: false },
      { spec: "./g.ts", typeOnly: false },
    ]);
  });
});
