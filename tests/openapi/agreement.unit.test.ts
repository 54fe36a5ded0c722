/**
 * A partner's document that describes a documented operation again (§4.1–§4.4) is compared with
 * the spec's schemas, never used in their place: the harness's own export agrees; a document that
 * types a field the spec shows otherwise, or leaves one out, is an info observation naming both.
 */
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { DOCUMENTED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { importedOperations } from "../../lib/catalogue/imported.ts";
import { CheckFailure } from "../../lib/checks/failure.ts";
import type { CheckContext } from "../../lib/checks/types.ts";
import { loadSchemas, ValidatorRegistry } from "../../lib/validation/registry.ts";
import { agreementModule } from "../../suites/generic/document-agreement.ts";

const EXPORT = fileURLToPath(new URL("../../openapi/openapi.json", import.meta.url));

/** The agreement checks' failures over a document, by check id ("" when it agrees). */
async function observations(file: string): Promise<Record<string, string>> {
  const imported = await importedOperations(file, DOCUMENTED_OPERATIONS, []);
  const registry = new ValidatorRegistry([...loadSchemas(), ...imported.schemas]);
  const out: Record<string, string> = {};
  for (const twin of imported.twins) {
    const [check] = agreementModule(twin).checks;
    expect(check).toMatchObject({ kind: "sends", level: "info", basis: "declared" });
    if (check?.kind !== "sends") throw new Error("an agreement check sends and reads");
    try {
      await check.run({ validators: registry } as unknown as CheckContext);
      out[check.id] = "";
    } catch (error) {
      expect(error).toBeInstanceOf(CheckFailure);
      out[check.id] = (error as Error).message;
    }
  }
  return out;
}

test("the harness's own export agrees with the spec, operation by operation", async () => {
  expect(await observations(EXPORT)).toEqual({
    "PT-BIZ-DOCUMENT-AGREES": "",
    "CARD-STMT-DOCUMENT-AGREES": "",
    "CARD-TXN-DOCUMENT-AGREES": "",
    "CARD-LIM-DOCUMENT-AGREES": "",
  });
});

test("another type for a field the spec shows, and a documented field missing: observed, naming both", async () => {
  const doc = JSON.parse(readFileSync(EXPORT, "utf8"));
  const response = doc.components.schemas.CardApiLimitsResponse;
  response.properties.dt = { type: "integer" };
  delete response.properties.status;
  response.required = response.required.filter((f: string) => f !== "status");
  const file = join(mkdtempSync(join(tmpdir(), "openapi-")), "partner.json");
  writeFileSync(file, JSON.stringify(doc));
  const found = await observations(file);
  expect(found["CARD-STMT-DOCUMENT-AGREES"]).toBe("");
  expect(found["CARD-LIM-DOCUMENT-AGREES"]).toMatch(
    /response \/status: shown by the spec, missing from the document \(spec: card-api\/limits-response\.schema\.json; document: .*partner\.json#\/paths\/~1v5~1card-api~1limits~1list\/post\/responses\/200\/content\/application~1json\/schema\)/,
  );
  expect(found["CARD-LIM-DOCUMENT-AGREES"]).toMatch(/response \/dt: the spec's type string, the document's integer/);
});
