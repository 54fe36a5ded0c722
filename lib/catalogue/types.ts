/** The base of every schema $id (schemas/, and the schemas of operations added in a catalogue folder). */
export const SCHEMA_BASE = "https://conformance.example/schemas/";

/** The API families of the spec (§1); each has its own base URL and error envelope. */
export const FAMILIES = ["card-api", "partner-transfer-api", "merchant-api", "gateway-api", "partner-api"] as const;
export type Family = (typeof FAMILIES)[number];

export interface Operation {
  /** Stable key, e.g. "card-api.statement". */
  key: string;
  /** Prefix of the ids of this operation's checks, e.g. "CARD-STMT". */
  code: string;
  family: Family;
  title: string;
  method: "POST";
  /** Path below {base_url}, where the spec gives one. */
  path?: string;
  /** The clause that names or documents the operation. */
  spec: string;
  /** True when the spec shows request and response shapes. */
  documented: boolean;
  requestSchema?: string;
  responseSchema?: string;
  /** Moves money or creates a profile: guarded on production targets. */
  mutates: boolean;
  /** Why the harness does not check it, for operations it cannot check. */
  notCoveredReason?: string;
  /** Where a partner's OpenAPI document (OPENAPI_DOCUMENT) declares it, for an imported operation. */
  source?: DeclaredSource;
}

/** How an imported operation authenticates: one of its document's security schemes. */
export interface DeclaredScheme {
  name: string;
  /** HTTP bearer (and OAuth 2.0 / OpenID Connect, which send one), HTTP basic, or an API key in a header. */
  kind: "bearer" | "basic" | "header";
  /** The header it is sent in. */
  header: string;
}

/** The OpenAPI document an imported operation comes from, and where in it. */
export interface DeclaredSource {
  /** The document as the user named it. */
  file: string;
  /** JSON pointers (with "#") of its request and success response schemas. */
  requestPointer: string;
  responsePointer: string;
  /** Its security requirement: any one alternative will do, each needing all its schemes; [] none. */
  security: DeclaredScheme[][];
}
