/**
 * The sandbox reads the spec on its own: its own route table (sandbox/routes.ts); it validates
 * requests by the harness's request schemas, read as files in an ajv of its own
 * (sandbox/validation.ts). These tests notice when the two sides part: the same paths and families
 * as the harness's catalogue, the same verdict on every request row of the schema tables — and a
 * known-answer vector pins the `default` crypto profile on both sides.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { loadProfile } from "../../lib/crypto/index.ts";
import { DOCUMENTED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { SANDBOX_PARTNER } from "../../lib/test-data/published.ts";
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import { validators } from "../../lib/validation/registry.ts";
import { ROUTES } from "../../sandbox/routes.ts";
import { SANDBOX_PROFILE_KEYS, startSandbox } from "../../sandbox/server.ts";
import { requestProblems, SANDBOX_REQUEST_SCHEMAS } from "../../sandbox/validation.ts";

describe("the sandbox's route table agrees with the harness's catalogue", () => {
  const served = [...ROUTES.values()].map((r) => r.operation);
  test.for(served.map((op) => [op.key, op] as const))("%s: same path and family", ([key, op]) => {
    const documented = DOCUMENTED_OPERATIONS.find((o) => o.key === key);
    expect(documented, `the harness has no operation ${key}`).toBeDefined();
    expect({ path: op.path, family: op.family }).toEqual({ path: documented!.path, family: documented!.family });
  });
});

interface CaseGroup {
  schema: string;
  tests: Array<{ description: string; data: unknown; valid: boolean }>;
}
const CASES = new URL("../schemas/cases/", import.meta.url);
const sandboxSchemas = new Set<string>(SANDBOX_REQUEST_SCHEMAS);
const requestRows = readdirSync(CASES)
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, CASES), "utf8")) as CaseGroup[])
  .filter((g) => sandboxSchemas.has(g.schema))
  .flatMap((g) =>
    g.tests.map((t) => [`${g.schema}: ${t.valid ? "valid" : "invalid"}: ${t.description}`, g.schema, t] as const),
  );

test("every schema the sandbox validates by compiles in its ajv (an unknown one is an error)", () => {
  for (const schema of SANDBOX_REQUEST_SCHEMAS.filter((f) => f.includes("request")))
    expect(requestProblems(schema, {}), schema).toBeDefined();
  expect(() => requestProblems("card-api/no-such-request.schema.json", {})).toThrow(/no request schema/);
});

describe("the sandbox's request validation agrees with the harness's schemas on every request row", () => {
  test("there are rows of every request schema the sandbox validates", () => {
    const withRows = new Set(requestRows.map(([, schema]) => schema));
    expect([...withRows].sort()).toEqual(
      expect.arrayContaining([
        "card-api/limits-request.schema.json",
        "card-api/transaction-request.schema.json",
        "partner-transfer/signed-request.schema.json",
      ]),
    );
  });
  test.for(requestRows)("%s", ([, schema, row]) => {
    const harness = validators().validate(`${SCHEMA_BASE}${schema}`, row.data).valid;
    const sandbox = requestProblems(schema, row.data) === undefined;
    expect({ harness, sandbox }).toEqual({ harness: row.valid, sandbox: row.valid });
  });
});

/** A known-answer vector of the `default` profile: fixed keys (the published ones), body, IV. */
const KNOWN = {
  clientData: { company_name: "Known Answer LLP", bin: "123456789012", phone: "+77010000000" },
  /** base64 of IV 000102…0b ‖ AES-256-GCM(JSON of clientData) ‖ tag, with SANDBOX_PARTNER.encryptionKey. */
  encryptedData:
    "AAECAwQFBgcICQoLQNuDmBVgI6DSaPcVGFoycEp9zhmt5iDfMOg0xfyGT9uVl8lOcVr533x3b7PS29agGyjgzn8OxZdE9iCzl/WUpPP5DpPStRwGvcbx3eZ0ZTid3aRw798olOcZZQfdqwU=",
  /** HMAC-SHA256 (hex) of the JCS form of { payload: { encrypted_data } } with SANDBOX_PARTNER.signingKey. */
  requestSignature: "dae138b83102537e30144109a78c626b95e65488647979fa106e7a2012fb3559",
  response: {
    state: true,
    response_time: "2026-01-01T00:00:00.000Z",
    payload: { client_uuid: "00000000-0000-4000-8000-000000000000", status: "new" },
  },
  /** HMAC-SHA256 (hex) of the JCS form of `response` with SANDBOX_PARTNER.platformSigningKey. */
  responseSignature: "ab3424556afe2d551eb956a27cd567f37d8c297f66269eef770e5bde1d76d0f9",
};

describe("a known-answer vector pins the default profile", () => {
  const harnessKeys = {
    partnerSigningKey: SANDBOX_PARTNER.signingKey,
    platformSigningKey: SANDBOX_PARTNER.platformSigningKey,
    encryptionKey: SANDBOX_PARTNER.encryptionKey,
  };

  test("the harness's side signs the known request, decrypts the known ciphertext and verifies the known response", async () => {
    const profile = await loadProfile("default", harnessKeys);
    expect(await profile.sign({ payload: { encrypted_data: KNOWN.encryptedData } }, "partner")).toBe(
      KNOWN.requestSignature,
    );
    expect(await profile.decrypt(KNOWN.encryptedData)).toEqual(KNOWN.clientData);
    expect(await profile.verify(KNOWN.response, KNOWN.responseSignature, "platform")).toBe(true);
  });

  test("the sandbox's side signs the known response and accepts the known request", async () => {
    const profile = await loadProfile("default", SANDBOX_PROFILE_KEYS);
    expect(await profile.sign(KNOWN.response, "platform")).toBe(KNOWN.responseSignature);
    const sandbox = await startSandbox();
    try {
      const path = [...ROUTES.values()].find((r) => r.operation.family === "partner-transfer-api")!.operation.path;
      const response = await fetch(`${sandbox.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "authorization": `Bearer ${SANDBOX_PARTNER.accessToken}` },
        body: JSON.stringify({ payload: { encrypted_data: KNOWN.encryptedData }, signature: KNOWN.requestSignature }),
      });
      const body = (await response.json()) as { state?: boolean; payload?: { status?: string } };
      expect({ status: response.status, state: body.state, client: body.payload?.status }).toEqual({
        status: 200,
        state: true,
        client: "new",
      });
    } finally {
      await sandbox.close();
    }
  });

  test("a one-digit change of the known signature is refused by the sandbox (the vector is not accepted by accident)", async () => {
    const sandbox = await startSandbox();
    try {
      const path = [...ROUTES.values()].find((r) => r.operation.family === "partner-transfer-api")!.operation.path;
      const wrong = `${KNOWN.requestSignature.slice(0, -1)}${KNOWN.requestSignature.endsWith("0") ? "1" : "0"}`;
      const response = await fetch(`${sandbox.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "authorization": `Bearer ${SANDBOX_PARTNER.accessToken}` },
        body: JSON.stringify({ payload: { encrypted_data: KNOWN.encryptedData }, signature: wrong }),
      });
      expect(response.status).toBe(401);
    } finally {
      await sandbox.close();
    }
  });
});
