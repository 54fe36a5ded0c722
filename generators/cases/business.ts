/**
 * Generated business registrations (§2.1, §4.1): client data sealed into the signed envelope by
 * the configured profile. The client data is the partner's (CLIENT_DATA_FILE: its records or its
 * schema's examples, placeholders filled fresh) or, without a file, the sandbox's — generated from
 * its schema with realistic, never blank, values. Envelope mutations apply to the sealed request,
 * as a target receives it; with a client-data schema, its invalid variants apply before sealing.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import type { Config } from "../../lib/config/load.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { sealRequest } from "../../lib/crypto/envelope.ts";
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import { describeIssues, type ValidatorRegistry } from "../../lib/validation/registry.ts";
import { seededBuild } from "../faker.ts";
import { businessClientData } from "../partner-transfer-api/business-client.ts";
import { configuredRecords, fillFresh } from "../partner-transfer-api/client-data.ts";
import { schemaArbitrary } from "../schema/arbitrary.ts";
import { schemaMutations, TRANSPORT_MUTATIONS, type Mutation } from "../schema/mutations.ts";
import { ruleProblems } from "../schema/rule-problems.ts";
import { UnsupportedSchemaError } from "../schema/walk.ts";
import { NON_ASCII_TEXT } from "../shared-arbitraries.ts";
import type { Case, OperationCases } from "./types.ts";
import { copyJson } from "../schema/pointer.ts";

const KAZAKH = fc.constantFrom("Әсел", "Нұрлан", "Қайрат", "Ұлжан", "Ғалым");
/** The $id the CLIENT_DATA_FILE schema is registered under (its own $id is replaced; two different schemas never share one). */
export function clientDataSchemaId(schema: unknown): string {
  const hash = createHash("sha256").update(JSON.stringify(schema)).digest("hex").slice(0, 12);
  return `${SCHEMA_BASE}partner-transfer/client-data-file/${hash}.schema.json`;
}

function sealed(label: string, data: unknown): Case {
  return { label, request: async (ctx) => ({ body: await sealRequest(ctx.profile, data) }) };
}

/** The configured schema in the one registry, or undefined when CLIENT_DATA_FILE holds none. */
function clientDataSchema(config: Config, registry: ValidatorRegistry): string | undefined {
  const source = config.fixtures.clientData;
  if (source.kind !== "schema") return undefined;
  const id = clientDataSchemaId(source.schema);
  // Compiled as users write JSON Schema: a schema that does not compile is exit 2 naming CLIENT_DATA_FILE.
  registry.addUserSchema({ ...source.schema, $id: id }, { variable: "CLIENT_DATA_FILE", file: source.file });
  return id;
}

/**
 * At start (exit 2 naming CLIENT_DATA_FILE): the schema compiles, every example — placeholders
 * filled — matches it, and invalid variants can be derived from it.
 */
export function checkClientData(config: Config, registry: ValidatorRegistry): void {
  const source = config.fixtures.clientData;
  const id = clientDataSchema(config, registry);
  if (!id || source.kind !== "schema") return;
  const problem = (what: string) => new ConfigError("CLIENT_DATA_FILE", `${source.file}: ${what}`);
  const [unusable] = ruleProblems(source.schema);
  if (unusable) throw problem(`${unusable.pointer}: ${unusable.problem}`);
  try {
    source.examples.forEach((example, i) => {
      const { valid, issues } = registry.validate(id, fillFresh(example));
      if (!valid)
        throw problem(`example ${i} (placeholders filled) does not match the schema: ${describeIssues(issues)}`);
    });
    schemaMutations(id, registry);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw problem(
      error instanceof UnsupportedSchemaError
        ? error.message
        : `not a usable JSON Schema 2020-12 (${(error as Error).message})`,
    );
  }
}

/** A Kazakh mobile number, built once (fast-check compiles the expression). */
const PHONE = fc.stringMatching(/^\+77[0-9]{9}$/);

/** The sandbox's client data, generated from its schema with realistic text (no blank name or address). */
function sandboxClients(registry: ValidatorRegistry): fc.Arbitrary<unknown> {
  const words = fc.constantFrom("Altyn", "Dala", "Steppe", "Nomad", "Tengri", "Samal", "Orda", "Kazyna");
  return schemaArbitrary("partner-transfer/business-client-data.schema.json", registry, {
    "/company_name": fc.tuple(words, words).map(([a, b]) => `${a} ${b} LLP`),
    "/legal_address": fc.integer({ min: 1, max: 200 }).map((n) => `${n} Abay Avenue, Almaty`),
    "/phone": PHONE,
    "/director/first_name": fc.oneof(KAZAKH, fc.constantFrom("Aigerim", "John")),
    "/director/last_name": fc.oneof(KAZAKH, fc.constantFrom("Seitkali", "Smith")),
  });
}

/** Mutations of the client data itself, applied before sealing (only with a client-data schema). */
function clientDataMutations(id: string | undefined, registry: ValidatorRegistry): Mutation[] {
  return id
    ? // The partner's own schema: every rule of it is declared (CLIENT_DATA_FILE).
      schemaMutations(id, registry, "declared").map((m) => ({
        ...m,
        name: `client data: ${m.name}`,
        rule: `CLIENT_DATA_FILE: ${m.rule}`,
        beforeSeal: true,
      }))
    : [];
}

export function businessCases(config: Config, registry: ValidatorRegistry): OperationCases {
  const records = configuredRecords(config);
  const schemaId = clientDataSchema(config, registry);
  const data = records ? fc.constantFrom(...records).map((r) => fillFresh(r)) : sandboxClients(registry);
  const full = () =>
    records
      ? fillFresh(records.reduce((a, b) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a)))
      : seededBuild(1, businessClientData);
  const edited = (label: string, edit: (d: Record<string, unknown>) => void): Case => {
    const d = copyJson(full()) as Record<string, unknown>;
    edit(d);
    return sealed(label, d);
  };
  const sandboxRows = records
    ? []
    : [
        edited("company name of 200 characters", (d) => (d.company_name = "Ж".repeat(200))),
        edited("non-ASCII company name", (d) => (d.company_name = NON_ASCII_TEXT)),
        edited("legal address of 300 characters", (d) => (d.legal_address = "a".repeat(300))),
        edited("no optional fields", (d) => {
          delete d.email;
          delete d.legal_address;
          delete d.director;
        }),
      ];
  return {
    valid: data.map((d) => sealed(records ? "a configured client record" : "generated client data", d)),
    validExamples: records
      ? records.slice(0, 5).map((r, i) => sealed(`configured client record ${i}`, fillFresh(r)))
      : [
          edited(
            "a director with a Kazakh name",
            (d) => (d.director = { first_name: "Әсел", last_name: "Нұрланқызы" }),
          ),
        ],
    fullRequest: full,
    validBodies: data,
    seal: (ctx, body) => sealRequest(ctx.profile, body),
    boundaries: [
      ...sandboxRows,
      {
        label: "a 100 kB encrypted_data",
        request: async (ctx) => {
          const body = await sealRequest(ctx.profile, full());
          return { body: { ...body, payload: { encrypted_data: "QUJD".repeat(25_000) } } };
        },
      },
      {
        label: "a very long signature",
        request: async (ctx) => ({
          body: { ...(await sealRequest(ctx.profile, full())), signature: "ab".repeat(5_000) },
        }),
      },
    ],
    mutations: [
      ...schemaMutations("partner-transfer/signed-request.schema.json", registry),
      ...TRANSPORT_MUTATIONS,
      ...clientDataMutations(schemaId, registry),
    ],
    ...(records
      ? {
          note: `client data: ${records.length} record(s) from CLIENT_DATA_FILE, {{fresh:…}} placeholders filled per registration`,
        }
      : {}),
  };
}
