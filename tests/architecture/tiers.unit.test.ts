/**
 * The unit tier keeps its promise: a file of it starts no process and no server — neither itself
 * nor through the test helpers it loads — so `npm run test:unit` stays in-process and fast. What
 * would start one is read from the source (a child process, a listening server, a sandbox or
 * another target started), and the synthetic sources below prove the reading finds each.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { UNIT_TESTS } from "../../vitest.config.ts";
import { importGraph } from "./graph.ts";
import { reachableFrom } from "./rules.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const graph = importGraph(ROOT);

/** What starts a process or a server, in a test or a helper. */
const STARTS = [
  /["']node:child_process["']/,
  /\.listen\(/,
  /\bcreateServer\(/,
  /\bstart\w*(Sandbox|Target|Server|Proxy)\(/,
  /\brunCli\(/,
] as const;

export function startsSomething(source: string): string | undefined {
  return STARTS.find((re) => re.test(source))?.source;
}

/** "tests/config/**\/*.test.ts" as a regular expression over repository paths. */
function globRegex(glob: string): RegExp {
  const body = glob
    .split("**/")
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))
    .join("(?:.*/)?");
  return new RegExp(`^${body}$`);
}

const testFiles = readdirSync(join(ROOT, "tests"), { recursive: true, encoding: "utf8" })
  .map((f) => `tests/${f.split("\\").join("/")}`)
  .filter((f) => f.endsWith(".test.ts"));
// This file is the reader: its patterns would read as what they look for.
const unitFiles = testFiles.filter(
  (f) => UNIT_TESTS.some((g) => globRegex(g).test(f)) && f !== "tests/architecture/tiers.unit.test.ts",
);

test("the unit tier lists files that exist", () => {
  expect(unitFiles.length).toBeGreaterThan(20);
});

test.for(unitFiles)("%s starts no process or server, nor do the test helpers it loads", (file) => {
  // The test-side files it loads (a harness module may hold a server it never starts: the calls are read here).
  const loaded = [...reachableFrom(graph, file).keys()].filter(
    (f) => f !== file && f.startsWith("tests/") && existsSync(join(ROOT, f)),
  );
  const starters = [file, ...loaded].flatMap((f) => {
    const found = startsSomething(readFileSync(join(ROOT, f), "utf8"));
    return found ? [`${f}: ${found}`] : [];
  });
  expect(starters).toEqual([]);
});

test.for([
  ['import { spawn } from "node:child_process";', true],
  ["server.listen(0, '127.0.0.1');", true],
  ["const s = createServer(handler);", true],
  ["const sandbox = await startSandbox({ faults });", true],
  ["const target = await startMisbehavingTarget('hang');", true],
  ["const r = await runCli('conformance.ts', []);", true],
  ['import { readFileSync } from "node:fs";', false],
  ["expect(listener).toBeDefined();", false],
] as const)("the reading finds what starts something: %s", ([source, starts]) => {
  expect(startsSomething(source) !== undefined).toBe(starts);
});
