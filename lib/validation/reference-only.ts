/**
 * The annotation that marks, inside schemas/, the keywords the spec does not state: an assumed
 * required field, bound or pattern — the reference sandbox's choice (§2.3: "Which fields are
 * required … not shown"). Its value lists the keywords of the same schema node it covers, e.g.
 * `"x-reference-only": ["required"]`. It never changes validation; the generators read it so that
 * a request breaking only such a keyword is judged at most `info` (docs/checks-and-levels.md).
 */
export const REFERENCE_ONLY = "x-reference-only";

/** The keyword's definition for ajv (strict mode refuses unknown keywords): an annotation, a list of keyword names. */
export const REFERENCE_ONLY_KEYWORD = {
  keyword: REFERENCE_ONLY,
  schemaType: "array",
  metaSchema: { type: "array", items: { type: "string" }, uniqueItems: true },
  valid: true,
} as const;
