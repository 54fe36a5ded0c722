/**
 * The import rules of ARCHITECTURE.md, as data: which unit (a top folder, or a folder of lib/) may
 * import which. imports.unit.test.ts applies them to the real graph and to synthetic ones.
 */
import type { Edge } from "./graph.ts";

/** The foundation of lib/: may import each other (without a cycle), never anything above. */
export const FOUNDATION = [
  "config",
  "catalogue",
  "validation",
  "crypto",
  "time",
  "redaction",
  "test-data",
  "payments",
  "errors",
].map((f) => `lib/${f}`);
/** A neutral leaf of the foundation: it imports nothing, so anything may throw its errors (ConfigError) without a cycle. */
export const LEAF = "lib/errors";
/**
 * The independently written correct targets of the harness's own tests — every folder
 * `tests/support/<name>-target/` (foreign, third, and any later one): each imports nothing outside
 * itself, and nothing but the tests imports it. A shared helper would make their agreement with the
 * harness a tautology.
 */
export const TEST_TARGET = /^tests\/support\/[^/]+-target(?=\/)/;
const isTestTarget = (unit: string) => /^tests\/support\/[^/]+-target$/.test(unit);
/**
 * The `import(…)` calls whose path only the run knows (graph.ts cannot follow them), each with what
 * it loads and why that is no hole in the rules. Any other such call fails the import test.
 */
export const RUNTIME_IMPORTS: Readonly<Record<string, { loads: string; why: string }>> = {
  "lib/vitest/describe-module.ts": {
    loads: "suites/modules.ts",
    why: "the run plan's module index: a worker that runs every suite file starts every module's checks at its first test; the CLI names the file (cli/conformance.ts, `moduleIndex` of its run parts) and hands it over in the plan, so no file under lib/ imports a suite",
  },
  "lib/crypto/module-profile.ts": {
    loads: "a partner's profile module (CRYPTO_PROFILE), outside the repository",
    why: "a crypto profile the partner writes and configures by its path; it is not harness code",
  },
  "tests/support/bundle-launcher.mjs": {
    loads:
      "the command modules of cli/launcher.mjs's table, from the cli tier's bundle of the current sources (tests/support/cli-bundle.ts)",
    why: "the harness's own tests only: a command loaded natively rather than file by file through tsx's hooks; the installed launcher's imports of the same table are followed (cli/launcher.mjs)",
  },
};

/** What the sandbox may reach, through any chain of imports: the published data, the clock, the crypto profiles (and the leaf ConfigError they throw). */
export const SANDBOX_REACH = ["sandbox", "lib/test-data", "lib/time", "lib/crypto", LEAF];

/** The layers of lib/, top to bottom: a unit imports only units below it (and the foundation). */
export const LIB_LAYERS: Record<string, readonly string[]> = {
  "lib/runner": ["lib/vitest", "lib/openapi", "lib/reporting", "lib/checks", "lib/http"],
  "lib/vitest": ["lib/reporting", "lib/checks", "lib/http"],
  "lib/openapi": ["lib/reporting", "lib/checks", "lib/http"],
  "lib/reporting": ["lib/checks", "lib/http"],
  "lib/checks": ["lib/http"],
  "lib/http": [],
};

/**
 * lib/http by concern: what each folder may import inside lib/http. Coordination (pace, lanes, locks,
 * stop, budgets) is the bottom: the client waits on it before it sends. Transport (the client, its
 * dispatchers, TLS sessions, content coding, classification) may use coordination; auth (tokens, the
 * broker, the client-certificate probe) fetches over transport. Every folder may name the exchange
 * record (lib/http/exchange.ts); the other files of lib/http's root (target.ts, guard.ts, evidence.ts,
 * curl.ts) compose the three and are imported by none of them.
 */
export const HTTP_CONCERNS: Readonly<Record<string, readonly string[]>> = {
  "lib/http/coordination": [],
  "lib/http/transport": ["lib/http/coordination"],
  "lib/http/auth": ["lib/http/transport", "lib/http/coordination"],
};
const EXCHANGE_RECORD = "lib/http/exchange.ts";

/** `lib/http/<folder>` for a file in one of HTTP_CONCERNS' folders, else undefined. */
function httpConcernOf(path: string): string | undefined {
  const folder = /^lib\/http\/[^/]+(?=\/)/.exec(path)?.[0];
  return folder && folder in HTTP_CONCERNS ? folder : undefined;
}

/** Why an edge inside lib/http breaks HTTP_CONCERNS, or undefined. */
function httpRuleBroken(edge: Edge): string | undefined {
  const from = httpConcernOf(edge.from);
  const to = httpConcernOf(edge.to);
  if (!from || from === to || edge.to === EXCHANGE_RECORD) return undefined;
  if (to && HTTP_CONCERNS[from]!.includes(to)) return undefined;
  return `${from} may not import ${to ?? edge.to}`;
}

/** The unit an import edge belongs to: `lib/<folder>`, a test target, or a top folder. */
export function unitOf(path: string): string {
  const target = TEST_TARGET.exec(path);
  if (target) return target[0];
  const parts = path.split("/");
  return parts[0] === "lib" && parts.length > 2 ? `lib/${parts[1]}` : parts[0]!;
}

const ANYWHERE_BUT_TESTS = (to: string) => to !== "tests" && !isTestTarget(to);

/** The one module of the engine a suite imports: the authors' kit (ARCHITECTURE.md, "The kit"). */
export const SUITE_KIT = "lib/checks/kit.ts";
/** The vocabulary a suite names directly: operations, money and limits, days, the published test data. */
export const SUITE_VOCABULARY = ["lib/catalogue", "lib/payments", "lib/time", "lib/test-data"];

/**
 * A suite imports of lib/ only the kit and the vocabulary — never lib/http, lib/runner or another
 * module of the engine; a vitest entry file (`*.test.ts`) also lib/vitest, which runs its module.
 */
function suiteRuleBroken(edge: Edge, to: string): string | undefined {
  if (!to.startsWith("lib/") || edge.to === SUITE_KIT || SUITE_VOCABULARY.includes(to)) return undefined;
  if (to === "lib/vitest" && edge.from.endsWith(".test.ts")) return undefined;
  return `suites may import of lib/ only ${SUITE_KIT} and the vocabulary (${SUITE_VOCABULARY.join(", ")}), not ${edge.to}`;
}

/** Why an edge breaks the rules, or undefined when it keeps them. */
export function ruleBroken(edge: Edge): string | undefined {
  const from = unitOf(edge.from);
  const to = unitOf(edge.to);
  if (from === "lib/http" && to === "lib/http") return httpRuleBroken(edge);
  if (from === to) return undefined;
  if (from === "suites" && to.startsWith("lib/")) return suiteRuleBroken(edge, to);
  // Independent by construction: a shared helper would make its agreement with the harness a tautology.
  if (isTestTarget(from)) return `${from} may import nothing outside itself`;
  const allowed = allowedTargets(from, edge.typeOnly);
  return allowed(to) ? undefined : `${from} may not import ${to}`;
}

function allowedTargets(from: string, typeOnly: boolean): (to: string) => boolean {
  const foundation = (to: string) => FOUNDATION.includes(to);
  switch (from) {
    // The harness's own tests reach everything they test.
    case "tests":
      return () => true;
    // The composition roots: they start the sandbox, the suites and the engine.
    case "cli":
      return (to) => ANYWHERE_BUT_TESTS(to) && to !== "bench";
    case "bench":
      return ANYWHERE_BUT_TESTS;
    case "suites":
      return (to) => to.startsWith("lib/") || to === "generators" || to === "schemas";
    // Generators build values from the catalogue, the configuration and the schemas. They may name
    // the shapes the engine sends (RequestVariant, Case, Scenario) as types, never run its code.
    case "generators":
      return (to) => foundation(to) || (typeOnly && (to === "lib/checks" || to === "lib/http"));
    // The sandbox is the other side: its own routes and validation, only the published data, the clock and the crypto.
    case "sandbox":
      return (to) => ["lib/test-data", "lib/time", "lib/crypto"].includes(to);
    case LEAF:
      return () => false;
    case "lib/crypto":
      return (to) => foundation(to) && to !== "lib/config";
  }
  if (FOUNDATION.includes(from)) return foundation;
  const below = LIB_LAYERS[from];
  if (below) return (to) => below.includes(to) || foundation(to);
  return () => false;
}

/**
 * Every file that `root` (a file, or the files under a folder) loads at run time, through any chain of imports, with the chain.
 * Type-only imports are erased (a type names a shape, it ships no schema or table): the direct
 * rules above hold them.
 */
export function reachableFrom(edges: readonly Edge[], root: string): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const e of edges.filter((e) => !e.typeOnly)) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const seen = new Map<string, string[]>();
  const starts = edges.map((e) => e.from).filter((f) => f === root || f.startsWith(`${root}/`));
  const queue = [...new Set(starts)].map((f) => [f]);
  for (const path of queue) {
    const file = path.at(-1)!;
    if (seen.has(file)) continue;
    seen.set(file, path);
    for (const to of next.get(file) ?? []) if (!seen.has(to)) queue.push([...path, to]);
  }
  return seen;
}

/** The files the sandbox reaches outside SANDBOX_REACH, each with the chain of imports that reaches it. */
export function sandboxReachBroken(edges: readonly Edge[]): string[] {
  return [...reachableFrom(edges, "sandbox")]
    .filter(([file]) => !SANDBOX_REACH.includes(unitOf(file)))
    .map(([, chain]) => chain.join(" → "));
}

/** Strongly connected components with more than one node (Tarjan): every cycle of the graph. */
export function cycles(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) if (a !== b) next.set(a, [...(next.get(a) ?? []), b]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do component.push((w = stack.pop()!));
      while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}
