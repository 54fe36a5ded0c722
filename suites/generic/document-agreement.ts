/**
 * The spec stays the oracle where it speaks: when a partner's OpenAPI document (OPENAPI_DOCUMENT)
 * describes an operation the spec documents (§4.1–§4.4), the spec's schemas are the ones checked,
 * and the document's are only compared with them. A field the spec shows that the document gives
 * another type, or leaves out, is an `info` observation naming both — never a weaker spec check.
 */
import type { Operation, Twin } from "../../lib/catalogue/index.ts";
import {
  defineCheck,
  defineModule,
  fail,
  type JsonSchema,
  type Module,
  type ValidatorRegistry,
} from "../../lib/checks/kit.ts";

interface Located {
  schema: JsonSchema;
  baseId: string;
}

const typesOf = (s: JsonSchema): string[] =>
  Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];

/** A node with its `$ref`s followed and the properties of its `allOf` branches joined (bounded depth). */
function flat(node: Located, registry: ValidatorRegistry, depth = 0): Located {
  let { schema, baseId } = node;
  for (let hops = 0; typeof schema.$ref === "string" && hops < 16; hops++)
    ({ schema, baseId } = registry.resolve(schema.$ref, baseId));
  if (!Array.isArray(schema.allOf) || depth > 8) return { schema, baseId };
  const branches = (schema.allOf as JsonSchema[]).map((b) => flat({ schema: b, baseId }, registry, depth + 1).schema);
  const properties = Object.assign({}, ...branches.map((b) => b.properties ?? {}), schema.properties ?? {});
  const type = schema.type ?? branches.find((b) => b.type)?.type;
  return { schema: { ...schema, ...(type ? { type } : {}), properties }, baseId };
}

/** Where the spec and the document disagree about a field the spec shows, as lines naming both. */
export function contradictions(
  spec: Located,
  declared: Located,
  registry: ValidatorRegistry,
  at = "",
  depth = 0,
): string[] {
  const s = flat(spec, registry).schema;
  const d = flat(declared, registry).schema;
  const field = at || "(root)";
  const [st, dt] = [typesOf(s), typesOf(d)];
  if (st.length && dt.length && !st.some((t) => dt.includes(t) || (t === "number" && dt.includes("integer"))))
    return [`${field}: the spec's type ${st.join("|")}, the document's ${dt.join("|")}`];
  if (depth > 12) return [];
  const out: string[] = [];
  const [sp, dp] = [
    (s.properties ?? {}) as Record<string, JsonSchema>,
    d.properties as Record<string, JsonSchema> | undefined,
  ];
  for (const [name, sub] of Object.entries(sp)) {
    const path = `${at}/${name}`;
    if (dp && !(name in dp)) out.push(`${path}: shown by the spec, missing from the document`);
    else if (dp)
      out.push(
        ...contradictions(
          { schema: sub, baseId: spec.baseId },
          { schema: dp[name]!, baseId: declared.baseId },
          registry,
          path,
          depth + 1,
        ),
      );
  }
  if (s.items && d.items && typeof s.items === "object" && typeof d.items === "object")
    out.push(
      ...contradictions(
        { schema: s.items as JsonSchema, baseId: spec.baseId },
        { schema: d.items as JsonSchema, baseId: declared.baseId },
        registry,
        `${at}/[]`,
        depth + 1,
      ),
    );
  return out;
}

const located = (registry: ValidatorRegistry, id: string): Located => registry.resolve(id);

function compare(documented: Operation, declared: Operation, registry: ValidatorRegistry): string[] {
  const pairs = [
    ["request", documented.requestSchema, declared.requestSchema, declared.source?.requestPointer],
    ["response", documented.responseSchema, declared.responseSchema, declared.source?.responsePointer],
  ] as const;
  return pairs.flatMap(([what, spec, doc, pointer]) =>
    spec && doc
      ? contradictions(located(registry, spec), located(registry, doc), registry).map(
          (line) =>
            `${what} ${line} (spec: ${spec.split("/schemas/")[1]}; document: ${declared.source?.file}${pointer})`,
        )
      : [],
  );
}

/** One module per documented operation per process (check ids are registered once), judging its latest twin. */
const modules = new Map<string, Module>();
const latest = new Map<string, Twin>();

export function agreementModule(twin: Twin): Module {
  const { documented } = twin;
  latest.set(documented.key, twin);
  let module = modules.get(documented.key);
  if (!module) {
    const check = defineCheck({
      // The id follows from the documented operation's code: it exists only when a document describes it.
      id: `${documented.code}-DOCUMENT-AGREES`,
      level: "info",
      spec: documented.spec,
      basis: "declared",
      reads: ["OPENAPI_DOCUMENT"],
      title: `${documented.title}: the partner's OpenAPI document agrees with the spec's shapes`,
      description:
        "OPENAPI_DOCUMENT describes an operation the spec documents: the spec's schemas are checked, the document's only compared. A field the spec shows that the document types otherwise or leaves out is observed here, naming both.",
      run(ctx) {
        const found = compare(documented, latest.get(documented.key)!.declared, ctx.validators);
        if (found.length) fail("schema", found.join("; "));
      },
    });
    module = defineModule({ operation: documented, touches: "read-only", scenarios: {}, checks: [check] });
    modules.set(documented.key, module);
  }
  return module;
}
