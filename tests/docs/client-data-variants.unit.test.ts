/**
 * docs/client-data.md lists the invalid client-data variants the harness derives from its
 * example schema: the list is what the schema walker makes of that very schema.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import { ValidatorRegistry } from "../../lib/validation/registry.ts";
import { schemaMutations } from "../../generators/schema/mutations.ts";

const page = readFileSync(new URL("../../docs/client-data.md", import.meta.url), "utf8");

test("the variants named for the example schema are the ones derived from it", () => {
  const schema = JSON.parse(/```json\n(\{\n {2}"\$schema"[\s\S]*?)```/.exec(page)![1]!) as Record<string, unknown>;
  const registry = new ValidatorRegistry();
  const id = `${SCHEMA_BASE}docs/client-data-example.schema.json`;
  registry.addUserSchema({ ...schema, $id: id }, { variable: "CLIENT_DATA_FILE", file: "docs/client-data.md" });
  const named = /For this schema the variants are ([\s\S]*?):\n/.exec(page)![1]!.replace(/\s+/g, " ");
  const listed = [...named.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  expect(listed).toEqual(schemaMutations(id, registry).map((m) => m.name));
});
