/**
 * The bundled components mean what the registry's schemas mean. The schema case tables
 * (tests/schemas/cases) are run against components/schemas with a fresh ajv that knows nothing
 * of the remote $ids — only `#/components/schemas/…` — and reads `x-format: iso-date-time` as the
 * harness's format: every row gets the registry's verdict.
 */
import { readdirSync, readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { bundleSchemas, componentForRef } from "../../lib/openapi/components.ts";
import { buildOpenApi } from "../../lib/openapi/document.ts";
import { isIsoDateTime } from "../../lib/time/iso.ts";
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import { REFERENCE_ONLY_KEYWORD } from "../../lib/validation/reference-only.ts";

interface CaseGroup {
  description: string;
  schema: string;
  tests: Array<{ description: string; data: unknown; valid: boolean }>;
}

const EXPORT_ID = "urn:conformance:openapi";

function exportValidator() {
  const ajv = new Ajv2020.default({ allErrors: true, strict: true });
  addFormats.default(ajv);
  ajv.addKeyword({ keyword: "components" });
  // The reference sandbox's assumptions stay marked in the export (an annotation, lib/validation/reference-only.ts).
  ajv.addKeyword({ ...REFERENCE_ONLY_KEYWORD, metaSchema: { ...REFERENCE_ONLY_KEYWORD.metaSchema } });
  ajv.addKeyword({
    keyword: "x-format",
    type: "string",
    schemaType: "string",
    validate: (format: string, data: string) => format !== "iso-date-time" || isIsoDateTime(data),
  });
  const components = (buildOpenApi(loadConfig({})) as { components: { schemas: unknown } }).components;
  ajv.addSchema({ $id: EXPORT_ID, components: { schemas: components.schemas } });
  return (name: string) => ajv.getSchema(`${EXPORT_ID}#/components/schemas/${name}`)!;
}

const validatorOf = exportValidator();
const dir = new URL("../schemas/cases/", import.meta.url);
const groups: CaseGroup[] = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), "utf8")) as CaseGroup[]);

describe.for(groups.map((g) => [`${g.description} → ${componentForRef(SCHEMA_BASE + g.schema)}`, g] as const))(
  "%s",
  ([, group]) => {
    test.for(group.tests.map((t) => [`${t.valid ? "valid" : "invalid"}: ${t.description}`, t] as const))(
      "%s",
      ([, row]) => {
        const validate = validatorOf(componentForRef(SCHEMA_BASE + group.schema));
        expect(validate(row.data), JSON.stringify(validate.errors)).toBe(row.valid);
      },
    );
  },
);

test("a reference the bundler cannot express fails the export loudly", () => {
  const schema = {
    $id: `${SCHEMA_BASE}x/a.schema.json`,
    type: "object",
    properties: { b: { $ref: "b.schema.json#/properties/c" } },
  };
  expect(() => bundleSchemas([schema])).toThrow(/only whole schemas and \$defs entries/);
});
