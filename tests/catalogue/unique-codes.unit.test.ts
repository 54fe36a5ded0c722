/**
 * One operation per key and per check code (lib/catalogue/unique.ts): a catalogue entry or a
 * document's operation that takes the key or code of the spec's operations, of a named one it does
 * not give shapes to, or of one before it is refused with exit 2 naming its variable and the
 * holder — before, a taken code stopped the run on "check id … is defined twice", or mixed two
 * operations' checks under one code in the reports. Taking the code of the named operation it
 * covers is its right: that one leaves the "not covered" list.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadAddedOperationsSafely } from "../../lib/catalogue/added.ts";
import { importedOperations } from "../../lib/catalogue/imported.ts";
import { DOCUMENTED_OPERATIONS } from "../../lib/catalogue/index.ts";

const BLOCK_CARD = fileURLToPath(
  new URL("../../docs/examples/catalogue/block-card/block-card.operation.json", import.meta.url),
);
const entry = JSON.parse(readFileSync(BLOCK_CARD, "utf8")) as Record<string, unknown>;

/** A catalogue folder of these entries (the example's, each changed so), loaded as the run loads it. */
function folderOf(...changes: Record<string, unknown>[]) {
  const dir = mkdtempSync(join(tmpdir(), "catalogue-unique-"));
  changes.forEach((c, i) => writeFileSync(join(dir, `e${i}.operation.json`), JSON.stringify({ ...entry, ...c })));
  return loadAddedOperationsSafely(dir, true, DOCUMENTED_OPERATIONS);
}

describe("the catalogue folder (CATALOGUE_DIR)", () => {
  test.for([
    [
      "the code of a documented operation",
      [{ code: "CARD-STMT" }],
      /e0\.operation\.json: "code" CARD-STMT is taken by card-api\.statement/,
    ],
    [
      "the key of a documented operation",
      [{ key: "card-api.statement" }],
      /"key" card-api\.statement is taken by card-api\.statement/,
    ],
    [
      "the code of a named operation it does not cover",
      [{ code: "MER-01" }],
      /"code" MER-01 is taken by merchant-api\.create-payment/,
    ],
    [
      "the code of the entry before it",
      [{}, { key: "card-api.unblock-card", path: "/v5/card-api/card/unblock" }],
      /e1\.operation\.json: "code" CARD-BLOCK is taken by card-api\.block-card/,
    ],
  ] as const)("%s: refused, naming the entry and the holder", ([, changes, message]) => {
    const { operations, problem } = folderOf(...changes);
    expect(operations).toEqual([]);
    expect(problem?.variable).toBe("CATALOGUE_DIR");
    expect(problem?.message).toMatch(message);
  });

  test("the code of the named operation it gives shapes to (its key): taken rightly", () => {
    const { operations, problem } = folderOf({
      key: "merchant-api.create-payment",
      family: "merchant-api",
      code: "MER-01",
    });
    expect(problem).toBeUndefined();
    expect(operations.map((op) => op.code)).toEqual(["MER-01"]);
  });
});

/** A merchant document of one operation at `path` with this x-check-prefix. */
function documentAt(path: string, prefix: string): string {
  const media = { "application/json": { schema: { type: "object" } } };
  const post = {
    "operationId": "thing",
    "tags": ["merchant-api"],
    "x-check-prefix": prefix,
    "requestBody": { content: media },
    "responses": { "200": { description: "ok", content: media } },
  };
  const file = join(mkdtempSync(join(tmpdir(), "openapi-unique-")), "doc.json");
  writeFileSync(
    file,
    JSON.stringify({ openapi: "3.0.3", info: { title: "t", version: "1" }, paths: { [path]: { post } } }),
  );
  return file;
}

describe("a partner's document (OPENAPI_DOCUMENT)", () => {
  test("an x-check-prefix of a named operation at another path: refused, naming the operation's pointer", async () => {
    const { operations, problem } = await importedOperations(documentAt("/thing", "MER-01"), DOCUMENTED_OPERATIONS, []);
    expect(operations).toEqual([]);
    expect(problem?.variable).toBe("OPENAPI_DOCUMENT");
    expect(problem?.message).toMatch(
      /#\/paths\/~1thing\/post: the check prefix MER-01 is taken by merchant-api\.create-payment/,
    );
  });

  test("the x-check-prefix of the named operation at its own path: taken rightly", async () => {
    const { operations, problem } = await importedOperations(
      documentAt("/init_payment", "MER-01"),
      DOCUMENTED_OPERATIONS,
      [],
    );
    expect(problem).toBeUndefined();
    expect(operations.map((op) => op.code)).toEqual(["MER-01"]);
  });

  test("the code of a catalogue folder's operation: refused", async () => {
    const added = folderOf({ key: "merchant-api.other", family: "merchant-api", code: "MER-OTHER", path: "/other" });
    const { problem } = await importedOperations(
      documentAt("/thing", "MER-OTHER"),
      DOCUMENTED_OPERATIONS,
      added.operations,
    );
    expect(problem?.message).toMatch(/the check prefix MER-OTHER is taken by merchant-api\.other/);
  });
});
