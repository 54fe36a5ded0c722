/** The names of the payment objects, each with one name across the harness. */

/** The objects a limits list is asked for (§2.4: `object.type`; the target's own words: LIMIT_OBJECT_TYPES). */
export const OBJECT_KINDS = ["card", "account", "client"] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];

/**
 * One record of a statement's `operations` (§4.2), as the target sent it. Not an `Operation` of
 * the catalogue (lib/catalogue: a named API operation): the spec uses the word for both.
 */
export type StatementOperation = Record<string, unknown>;
