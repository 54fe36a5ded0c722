/**
 * The generated requests of one operation: valid ones for the seeded fixtures, boundary values
 * (whose answer the spec does not fix, so only "no server error" is asserted), and the invalid
 * mutations of a valid request, one named row each.
 */
import type fc from "fast-check";
import type { Case } from "../../lib/checks/property.ts";
import type { CaseContext } from "../../lib/checks/types.ts";
import type { Mutation } from "../schema/mutations.ts";
import type { Unsatisfiable } from "../schema/obey.ts";
import { copyJson } from "../schema/pointer.ts";

export type { Case } from "../../lib/checks/property.ts";
export type { Mutation, RequestVariant } from "../schema/mutations.ts";

export interface OperationCases {
  /** Valid requests for the configured fixtures (a conforming target accepts every one). */
  valid: fc.Arbitrary<Case>;
  /** Valid rows always tried (extremes of the valid range). */
  validExamples: Case[];
  /** Named boundary rows; any answer but a 5xx is acceptable. */
  boundaries: Case[];
  /** A complete valid request (every optional field present) that mutations apply to. */
  fullRequest: () => unknown;
  /** Valid bodies to mutate, for generated negative cases. */
  validBodies: fc.Arbitrary<unknown>;
  /** Invalid variants, one named row each. */
  mutations: Mutation[];
  /** What the report should say about these cases (e.g. the debit amounts chosen and why). */
  note?: string;
  /** Turns a body into what is sent (the partner envelope seals and signs it). */
  seal?: (ctx: CaseContext, body: unknown) => Promise<unknown>;
}

export function plainCase(label: string, body: unknown): Case {
  return { label, body, request: () => ({ body }) };
}

/** A case the declared rules could not be met for: counted, never sent (a property of only these is not judged). */
export function unmetCase(label: string, why: Pick<Unsatisfiable, "message" | "variable">): Case {
  return {
    label,
    unmet: { reason: why.message, variable: why.variable ?? "REQUEST_RULES_FILE" },
    request: () => {
      throw new Error(`"${label}" does not meet the declared rules and is never sent`);
    },
  };
}

/** A boundary row that replaces one field of a full valid request. */
export function boundary(label: string, full: () => unknown, edit: (body: Record<string, unknown>) => void): Case {
  return {
    label,
    request: () => {
      const body = copyJson(full()) as Record<string, unknown>;
      edit(body);
      return { body };
    },
  };
}
