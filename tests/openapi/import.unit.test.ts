/**
 * A partner's OpenAPI document read into catalogue operations: YAML with $refs across files, the
 * facts from x- extensions or derived, examples as valid requests, what is refused (exit 2 naming
 * OPENAPI_DOCUMENT), and the harness's own export read back into its own catalogue.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { DOCUMENTED_OPERATIONS, type Operation } from "../../lib/catalogue/index.ts";
import { readOpenApiDocument } from "../../lib/catalogue/openapi-import.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";

const MERCHANT = fileURLToPath(new URL("../support/merchant-target/merchant-api.openapi.yaml", import.meta.url));
const EXPORT = fileURLToPath(new URL("../../openapi/openapi.json", import.meta.url));

/** A one-operation 3.0 document in a folder of its own, with this operation object. */
function docWith(operation: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "openapi-"));
  const file = join(dir, "doc.json");
  const body = { content: { "application/json": { schema: { type: "object" } } } };
  const op = { requestBody: body, responses: { "200": { description: "ok", ...body } }, ...operation };
  writeFileSync(
    file,
    JSON.stringify({ openapi: "3.0.3", info: { title: "t", version: "1" }, paths: { "/x/y": { post: op } }, ...extra }),
  );
  return file;
}

async function refusal(file: string): Promise<string> {
  const error = await readOpenApiDocument(file).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).variable).toBe("OPENAPI_DOCUMENT");
  return (error as Error).message;
}

describe("the merchant target's document (3.0 YAML, $refs into a second file)", async () => {
  const imported = await readOpenApiDocument(MERCHANT);
  const byKey = Object.fromEntries(imported.operations.map((op) => [op.key, op]));

  test("each POST with a JSON body and a 200 schema is an operation; facts derived", () => {
    expect(
      imported.operations.map(({ key, code, family, path, spec, mutates }) => ({
        key,
        code,
        family,
        path,
        spec,
        mutates,
      })),
    ).toEqual([
      {
        key: "merchant-api.create-payment",
        code: "MER-CREATE-PAYMENT",
        family: "merchant-api",
        path: "/init_payment",
        spec: "§4.5",
        mutates: true,
      },
      {
        key: "merchant-api.payment-status",
        code: "MER-PAYMENT-STATUS",
        family: "merchant-api",
        path: "/get_status3.php",
        spec: "§4.5",
        mutates: false,
      },
      {
        key: "merchant-api.refund-payment",
        code: "MER-REFUND-PAYMENT",
        family: "merchant-api",
        path: "/revoke",
        spec: "§4.5",
        mutates: true,
      },
    ]);
  });

  test("schemas converted, refs across files resolved, examples of the media type are the valid requests", () => {
    const request = imported.schemas.find((s) => s.$id === byKey["merchant-api.create-payment"]!.requestSchema)!;
    const props = request.properties as Record<string, Record<string, unknown>>;
    expect(props.merchant_id).toEqual({ type: "string", pattern: "^M[0-9]{4}$", examples: ["M0042"] });
    expect(props.amount_minor).toEqual({ type: "integer", exclusiveMinimum: 0, maximum: 10000000 });
    expect(props.description).toEqual({ type: ["string", "null"], maxLength: 140 });
    expect(request.examples).toEqual([expect.objectContaining({ merchant_id: "M0042", amount_minor: 1500 })]);
    const status = imported.schemas.find((s) => s.$id === byKey["merchant-api.payment-status"]!.requestSchema)!;
    expect(status.examples).toEqual([{ merchant_id: "M0042", payment_id: "6f1c2a7e-93b4-4d0a-8e5f-0c1d2e3f4a5b" }]);
  });

  test("its security scheme is an API key in a header; where each schema is, as a pointer", () => {
    const source = byKey["merchant-api.create-payment"]!.source!;
    expect(source.security).toEqual([[{ name: "merchantKey", kind: "header", header: "X-Merchant-Key" }]]);
    expect(source.requestPointer).toBe("#/paths/~1init_payment/post/requestBody/content/application~1json/schema");
  });
});

test("export → import: the harness's own OpenAPI document gives back its documented operations", async () => {
  const { operations, skipped } = await readOpenApiDocument(EXPORT);
  const facts = (ops: typeof operations) =>
    ops.map(({ key, code, family, title, path, spec, mutates, documented }) => ({
      key,
      code,
      family,
      title,
      path,
      spec,
      mutates,
      documented,
    }));
  expect(facts(operations)).toEqual(facts(DOCUMENTED_OPERATIONS));
  // The merchant paths have no shapes in the spec: not imported, each said why.
  expect(skipped).toHaveLength(7);
  expect(skipped[0]).toMatch(/^\/paths\/~1init_payment\/post: no JSON request body schema/);
});

describe("what stops the run: exit 2 naming OPENAPI_DOCUMENT, the file and where", () => {
  test.for([
    ["a missing file", "/nonexistent/doc.yaml", /\/nonexistent\/doc\.yaml does not exist/],
    ["not OpenAPI", docWith({ bogus: 1 }), /not a valid OpenAPI document/],
    [
      "no family",
      docWith({ operationId: "doIt" }),
      /doc\.json#\/paths\/~1x~1y\/post: no family: name one in "x-family"/,
    ],
    [
      "a bad x-check-prefix",
      docWith({ "tags": ["card-api"], "x-check-prefix": "lower" }),
      /"x-check-prefix" must look like/,
    ],
    [
      "an API key in a query",

      docWith(
        { tags: ["merchant-api"], security: [{ q: [] }] },
        { components: { securitySchemes: { q: { type: "apiKey", in: "query", name: "k" } } } },
      ),
      /securitySchemes\/q: apiKey in query is not sent by the harness/,
    ],
  ] as const)("%s", async ([, file, message]) => {
    expect(await refusal(file)).toMatch(message);
  });

  test("Swagger 2.0 is not read", async () => {
    const dir = mkdtempSync(join(tmpdir(), "openapi-"));
    const file = join(dir, "swagger.json");
    writeFileSync(file, JSON.stringify({ swagger: "2.0", info: { title: "t", version: "1" }, paths: {} }));
    expect(await refusal(file)).toMatch(/OpenAPI 2\.0: only 3\.0\.x and 3\.1\.x are read|not a valid OpenAPI document/);
  });
});

test("mutating when unsure: only a read-only word first or last makes an operation read-only", async () => {
  const op = async (operationId: string): Promise<Operation> =>
    (await readOpenApiDocument(docWith({ operationId, tags: ["card-api"] }))).operations[0]!;
  expect((await op("getCardInfo")).mutates).toBe(false);
  expect((await op("cardBalance")).mutates).toBe(false);
  expect((await op("activateCard")).mutates).toBe(true);
  expect((await op("frobnicate")).mutates).toBe(true);
  expect((await op("cardApiSetLimits")).key).toBe("card-api.set-limits");
});

test("the docs' example document (docs/examples/openapi/merchant-api.yaml) is read as the page says", async () => {
  const example = fileURLToPath(new URL("../../docs/examples/openapi/merchant-api.yaml", import.meta.url));
  const { operations, skipped } = await readOpenApiDocument(example);
  expect(operations.map((op) => [op.key, op.code, op.mutates])).toEqual([
    ["merchant-api.create-payment", "MER-CREATE-PAYMENT", true],
    ["merchant-api.payment-status", "MER-PAYMENT-STATUS", false],
  ]);
  expect(skipped).toEqual([]);
});
