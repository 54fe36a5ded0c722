/**
 * What stops a run with an OpenAPI document at start (exit 2): a keyword the generators cannot
 * honour or an example its schema refuses, named with the document's JSON pointer; auth the
 * configuration does not send; a key taken. A documented operation the document describes again
 * is a twin, never added.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { DOCUMENTED_OPERATIONS, notCoveredAmong, type Operation } from "../../lib/catalogue/index.ts";
import type { DeclaredScheme } from "../../lib/catalogue/types.ts";
import { NAMED_ONLY_OPERATIONS } from "../../lib/catalogue/named-only.ts";
import { importedOperations } from "../../lib/catalogue/imported.ts";
import { readOpenApiDocument } from "../../lib/catalogue/openapi-import.ts";
import { checkDeclaredAuth } from "../../lib/config/declared-auth.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { loadSchemas, ValidatorRegistry } from "../../lib/validation/registry.ts";
import { checkAddedOperations } from "../../generators/cases/schema-cases.ts";

const MERCHANT = fileURLToPath(new URL("../support/merchant-target/merchant-api.openapi.yaml", import.meta.url));
const EXPORT = fileURLToPath(new URL("../../openapi/openapi.json", import.meta.url));

/** A merchant document of one operation whose request schema is this. */
function withRequest(schema: Record<string, unknown>, example?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "openapi-"));
  const file = join(dir, "doc.json");
  const media = (s: unknown, ex?: unknown) => ({ "application/json": { schema: s, ...(ex ? { example: ex } : {}) } });
  const post = {
    operationId: "paymentStatus",
    requestBody: { content: media(schema, example) },
    responses: { "200": { description: "ok", content: media({ type: "object" }) } },
  };
  const doc = { openapi: "3.0.3", info: { title: "t", version: "1" }, paths: { "/get_status3.php": { post } } };
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

async function startProblem(file: string): Promise<ConfigError> {
  const { operations, schemas } = await readOpenApiDocument(file);
  const registry = new ValidatorRegistry([...loadSchemas(), ...schemas]);
  try {
    checkAddedOperations(operations, registry);
  } catch (error) {
    return error as ConfigError;
  }
  throw new Error("no problem");
}

describe("a request schema the generators cannot honour: exit 2 naming the keyword and its pointer in the document", () => {
  test("an unsupported keyword", async () => {
    const file = withRequest({ type: "object", properties: { id: { type: "string", not: { enum: ["x"] } } } });
    const error = await startProblem(file);
    expect(error.variable).toBe("OPENAPI_DOCUMENT");
    expect(error.message).toContain(
      `unsupported keyword "not" at ${file}#/paths/~1get_status3.php/post/requestBody/content/application~1json/schema/properties/id`,
    );
  });

  test("an example its own schema refuses", async () => {
    const file = withRequest({ type: "object", properties: { id: { type: "integer" } } }, { id: "seven" });
    const error = await startProblem(file);
    expect(error.variable).toBe("OPENAPI_DOCUMENT");
    expect(error.message).toMatch(
      /merchant-api\.payment-status: example 0 of .*doc\.json#\/paths\/.* does not match its schema: \/id must be integer/,
    );
  });

  test("the merchant target's document is fit: nothing stops it", async () => {
    const { operations, schemas } = await readOpenApiDocument(MERCHANT);
    expect(() => checkAddedOperations(operations, new ValidatorRegistry([...loadSchemas(), ...schemas]))).not.toThrow();
  });
});

describe("the auth the document declares, sent by the family's variables", async () => {
  const { operations } = await readOpenApiDocument(MERCHANT);
  const problem = (env: Record<string, string>) => {
    try {
      checkDeclaredAuth(loadConfig(env), operations);
    } catch (error) {
      return error as ConfigError;
    }
    return undefined;
  };

  test("an API key header not set: exit 2 naming MERCHANT_API_HEADERS and the header", () => {
    const error = problem({});
    expect(error?.variable).toBe("MERCHANT_API_HEADERS");
    expect(error?.message).toMatch(
      /merchant-api\.create-payment needs its security scheme merchantKey \(header in X-Merchant-Key.*MERCHANT_API_HEADERS=\{"X-Merchant-Key":"…"\}/,
    );
  });

  test("set (in any case): nothing to say", () => {
    expect(problem({ MERCHANT_API_HEADERS: '{"x-merchant-key":"k"}' })).toBeUndefined();
  });
});

describe("the spec stays the oracle: a documented operation in the document is a twin, never added", () => {
  test("the harness's own export adds nothing: four twins", async () => {
    const imported = await importedOperations(EXPORT, DOCUMENTED_OPERATIONS, []);
    expect(imported.problem).toBeUndefined();
    expect(imported.operations).toEqual([]);
    expect(imported.twins.map((t) => [t.documented.key, t.declared.key])).toEqual(
      DOCUMENTED_OPERATIONS.map((op) => [op.key, op.key]),
    );
  });

  test("a key the catalogue folder has is taken: exit 2 naming both", async () => {
    const [first] = (await readOpenApiDocument(MERCHANT)).operations;
    const imported = await importedOperations(MERCHANT, DOCUMENTED_OPERATIONS, [{ ...first!, source: undefined }]);
    expect(imported.problem?.variable).toBe("OPENAPI_DOCUMENT");
    expect(imported.problem?.message).toMatch(
      /#\/paths\/~1init_payment\/post: the key merchant-api\.create-payment is taken/,
    );
  });
});

test("a named-only operation whose path a document gives leaves the not-covered list, whatever its key", async () => {
  const [capture] = (await readOpenApiDocument(withRequest({ type: "object" }))).operations;
  const atCapture = { ...capture!, key: "merchant-api.do-capture", code: "MER-DO-CAPTURE", path: "/do_capture.php" };
  const left = notCoveredAmong(NAMED_ONLY_OPERATIONS, [atCapture]).map((op) => op.key);
  expect(left).not.toContain("merchant-api.clearing");
  expect(left).toContain("merchant-api.cancel-payment");
  expect(notCoveredAmong(NAMED_ONLY_OPERATIONS, [])).toEqual(NAMED_ONLY_OPERATIONS);
});

test("the docs' example document is fit: nothing stops it", async () => {
  const example = fileURLToPath(new URL("../../docs/examples/openapi/merchant-api.yaml", import.meta.url));
  const { operations, schemas } = await readOpenApiDocument(example);
  expect(() => checkAddedOperations(operations, new ValidatorRegistry([...loadSchemas(), ...schemas]))).not.toThrow();
});

describe("each scheme mapped to its family's variables", () => {
  const op = (family: Operation["family"], kind: DeclaredScheme["kind"], header = "Authorization"): Operation => ({
    key: `${family}.x`,
    code: "X-Y",
    family,
    title: "x",
    method: "POST",
    spec: "§4.6",
    documented: true,
    mutates: true,
    source: {
      file: "d.yaml",
      requestPointer: "#/a",
      responsePointer: "#/b",
      security: [[{ name: "s", kind, header }]],
    },
  });
  const variable = (o: Operation, env: Record<string, string> = {}) => {
    try {
      checkDeclaredAuth(loadConfig(env), [o]);
      return "sent";
    } catch (error) {
      return (error as ConfigError).variable;
    }
  };

  test.for([
    ["card API bearer, CARD_API_AUTH=bearer", op("card-api", "bearer"), { CARD_API_AUTH: "bearer" }, "sent"],
    ["card API bearer, nothing set", op("card-api", "bearer"), {}, "CARD_API_HEADERS"],
    [
      "card API API key, in CARD_API_HEADERS",
      op("card-api", "header", "X-Key"),
      { CARD_API_HEADERS: '{"X-Key":"k"}' },
      "sent",
    ],
    ["merchant API basic, nothing set", op("merchant-api", "basic"), {}, "MERCHANT_API_HEADERS"],
    [
      "merchant API basic, Authorization set",
      op("merchant-api", "basic"),
      { MERCHANT_API_HEADERS: '{"Authorization":"Basic eDp5"}' },
      "sent",
    ],
    ["partner transfer bearer: the run's token", op("partner-transfer-api", "bearer"), {}, "sent"],
    ["gateway API key, nothing set", op("gateway-api", "header", "X-Key"), {}, "GATEWAY_API_HEADERS"],
    [
      "gateway API key, in GATEWAY_API_HEADERS",
      op("gateway-api", "header", "X-Key"),
      { GATEWAY_API_HEADERS: '{"x-key":"k"}' },
      "sent",
    ],
    ["partner API's other areas, basic, nothing set", op("partner-api", "basic"), {}, "OTHER_PARTNER_API_HEADERS"],
    [
      "partner transfer API key: its auth is the spec's, no variable sends it",
      op("partner-transfer-api", "header", "X-Key"),
      {},
      "OPENAPI_DOCUMENT",
    ],
  ] as const)("%s", ([, o, env, expected]) => {
    expect(variable(o, env)).toBe(expected);
  });
});
