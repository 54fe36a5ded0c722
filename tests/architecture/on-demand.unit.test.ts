/**
 * Packages a run loads only when it needs them: each is imported (other than for its types) by one
 * loader alone, so that a run that never needs it never pays for it. jose — JWS, JWE and JWT — cost
 * about 70 ms of CPU in every thread of every run, though the default profile uses none of it: a
 * `--check` run took 0.3 s less once it was loaded on demand (lib/crypto/jose.ts). undici's index
 * loads all of undici (fetch, WebSocket, caches, mock agents): no file imports it for more than its
 * types, and lib/http/transport/undici.ts loads the dispatchers' own modules (0.25 s less per run).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { parseAllImports } from "./graph.ts";
import { PRODUCT_ROOTS, sourceFiles } from "./source.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Each package loaded on demand, and the one file that may import it. */
const ON_DEMAND: Record<string, string> = { jose: "lib/crypto/jose.ts" };

/** The product files that import `pkg` (or a path inside it) other than for its types. */
function importersOf(pkg: string, files: ReadonlyArray<{ file: string; text: string }>): string[] {
  const of = (spec: string) => spec === pkg || spec.startsWith(`${pkg}/`);
  return files.filter(({ text }) => parseAllImports(text).some((i) => !i.typeOnly && of(i.spec))).map((f) => f.file);
}

const product = sourceFiles(ROOT, PRODUCT_ROOTS).map((file) => ({
  file,
  text: readFileSync(join(ROOT, file), "utf8"),
}));

test.for(Object.entries(ON_DEMAND))("%s is imported by %s alone", ([pkg, loader]) => {
  expect(importersOf(pkg, product)).toEqual([loader]);
});

test("undici's index is imported by no file a run loads, other than for its types", () => {
  // The benchmark's own proxy and load tools are no part of a run.
  const run = product.filter(({ file }) => !file.startsWith("bench/"));
  expect(importersOf("undici", run)).toEqual([]);
});

test("a second importer is caught", () => {
  const extra = { file: "lib/x.ts", text: 'import { decodeJwt } from "jose";\nimport type { JWK } from "jose";' };
  expect(importersOf("jose", [...product, extra])).toEqual(["lib/crypto/jose.ts", "lib/x.ts"]);
});
