/**
 * The OpenAPI 3.1 export: up to date, valid for a well-kept parser (@readme/openapi-parser),
 * self-contained (every $ref local), complete over the catalogue, and inventing nothing the spec
 * does not show.
 */
import { readFileSync } from "node:fs";
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, test } from "vitest";
import { CATALOGUE, DOCUMENTED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { buildOpenApi, DEFAULT_SERVER, renderOpenApi } from "../../lib/openapi/document.ts";
import { RESPONSE_EXAMPLES } from "../../lib/openapi/examples.ts";
import { operationId } from "../../lib/openapi/operations.ts";
import { describeIssues, validators } from "../../lib/validation/registry.ts";

type Json = Record<string, any>;
const COMMITTED = new URL("../../openapi/openapi.json", import.meta.url);
/** The export, read loosely by path: each test states the shape it expects. */
const doc = buildOpenApi(loadConfig({})) as Json;

function collect(node: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) node.forEach((n) => collect(n, key, out));
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) k === key ? out.push(v) : collect(v, key, out);
  }
  return out;
}

test("the committed openapi/openapi.json is the export of the default configuration", () => {
  const committed = readFileSync(COMMITTED, "utf8");
  expect(committed, 'stale: run `env -i PATH="$PATH" npm run openapi` and commit the result').toBe(
    renderOpenApi(loadConfig({})),
  );
});

test("@readme/openapi-parser validates it as OpenAPI 3.1 without errors or warnings", async () => {
  const result = await validate(structuredClone(doc) as never);
  expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  expect(result.warnings).toEqual([]);
  expect(doc.openapi).toBe("3.1.0");
  // The parser is really looking: a dangling $ref is an error.
  const broken = structuredClone(doc);
  broken.paths["/v5/card-api/card/statement"].post.requestBody.content["application/json"].schema.$ref =
    "#/components/schemas/Nope";
  expect((await validate(broken as never)).valid).toBe(false);
});

test("it is self-contained: every $ref points into components/schemas and resolves; no $id or custom format is left", () => {
  const refs = collect(doc, "$ref") as string[];
  expect(refs.length).toBeGreaterThan(20);
  const names = Object.keys(doc.components.schemas);
  expect(refs.filter((r) => !names.includes(r.replace("#/components/schemas/", "")))).toEqual([]);
  expect(collect(doc, "$id")).toEqual([]);
  expect(collect(doc, "format")).not.toContain("iso-date-time");
  expect(collect(doc, "x-format").every((f) => f === "iso-date-time")).toBe(true);
  expect(doc.components.schemas.CommonTimestampUtcMillis.pattern).toBe(
    "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$",
  );
});

describe("every catalogue operation appears exactly once, where the spec puts it", () => {
  const operations = [
    ...Object.values(doc.paths as Record<string, Json>).map((item) => item.post),
    ...Object.values(doc.webhooks as Record<string, Json>).map((item) => item.post),
    ...doc["x-named-operations"],
  ] as Json[];
  test.for(CATALOGUE.map((op) => [`${op.key} (${op.spec})`, op] as const))("%s", ([, op]) => {
    const found = operations.filter((o) => o.operationId === operationId(op));
    expect(found).toHaveLength(1);
    expect(found[0]!["x-spec"]).toBe(op.spec);
    if (op.path && op.spec !== "§6") expect(doc.paths[op.path].post.operationId).toBe(operationId(op));
  });
  test("no path exists that the catalogue does not give", () => {
    expect(Object.keys(doc.paths).sort()).toEqual(
      CATALOGUE.filter((o) => o.path)
        .map((o) => o.path)
        .sort(),
    );
  });
});

describe("documented operations carry request and response bodies and an example answer", () => {
  test.for(DOCUMENTED_OPERATIONS.map((op) => [op.key, op] as const))("%s", ([, op]) => {
    const post = doc.paths[op.path!].post;
    expect(post.requestBody.content["application/json"].schema.$ref).toMatch(/^#\/components\/schemas\//);
    const ok = post.responses["200"].content["application/json"];
    expect(ok.schema.$ref).toMatch(/^#\/components\/schemas\//);
    const { valid, issues } = validators().validate(op.responseSchema!, ok.example);
    expect(valid, describeIssues(issues)).toBe(true);
    expect(ok.example).toBe(RESPONSE_EXAMPLES[op.key]);
  });
});

test("the partner transfer operation requires the bearer scheme (§5); card API operations declare none (not shown)", () => {
  expect(doc.components.securitySchemes.partnerBearer).toMatchObject({ type: "http", scheme: "bearer" });
  expect(doc.paths["/v5/partner/transfer/business/create"].post.security).toEqual([{ partnerBearer: [] }]);
  expect(doc.security).toBeUndefined();
  expect(doc.paths["/v5/card-api/card/statement"].post.security).toBeUndefined();
});

test("named-only operations carry a description and no shapes", () => {
  const post = doc.paths["/init_payment"].post;
  expect(post.description).toMatch(/§4\.5/);
  expect(post.requestBody).toBeUndefined();
  expect(post["x-documented"]).toBe(false);
  expect(doc["x-named-operations"].every((o: Json) => /§/.test(o.reason) && !("path" in o))).toBe(true);
});

test("servers come from configuration: {base_url} defaults to TARGET_BASE_URL; per-family URLs become path servers", () => {
  expect(doc.servers[0].variables.base_url.default).toBe(DEFAULT_SERVER);
  const configured = buildOpenApi(
    loadConfig({
      TARGET_BASE_URL: "https://staging.example",
      CARD_API_BASE_URL: "https://cards.staging.example",
    }),
  ) as Json;
  expect(configured.servers[0]).toMatchObject({
    url: "{base_url}",
    variables: { base_url: { default: "https://staging.example" } },
  });
  expect(configured.paths["/v5/card-api/card/statement"].servers).toEqual([
    expect.objectContaining({ url: "https://cards.staging.example" }),
  ]);
  expect(configured.paths["/v5/partner/transfer/business/create"].servers).toBeUndefined();
});
