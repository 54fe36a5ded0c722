/**
 * Validation of a large document. ajv's every-error mode is superlinear in the errors it collects:
 * a statement of 8,000 empty operations (64,000 errors) took 3 s, 49,000 took 106 s — a target
 * that answers with one is then a run that hangs, not a failed check. So a document past
 * ALL_ERRORS_VALUES values is validated to its first error only, by a second compilation of the
 * same schemas without allErrors (made on first need: a correct target's answers never need it),
 * and its message says so. Validity is the same either way; only the list of errors is shorter.
 */
import type { ErrorObject, ValidateFunction } from "ajv";

/** Past this many values (containers included), a document's errors are not all listed. */
export const ALL_ERRORS_VALUES = 10_000;

/** Values counted as a document was read (its JSON text scanned once already), by the document. */
const COUNTED = new WeakMap<object, number>();

/** Records how many values a document read from JSON text holds (lib/http/transport/json-body.ts counts them). */
export function noteValueCount(data: unknown, values: number): void {
  if (data !== null && typeof data === "object") COUNTED.set(data, values);
}

/** True when `data` holds more than `limit` values; stops counting there, and never recurses. */
export function holdsMoreThan(data: unknown, limit: number): boolean {
  const counted = data !== null && typeof data === "object" ? COUNTED.get(data) : undefined;
  if (counted !== undefined) return counted > limit;
  const stack: unknown[] = [data];
  let count = 0;
  while (stack.length) {
    const value = stack.pop();
    if (++count > limit) return true;
    if (value !== null && typeof value === "object")
      for (const v of Array.isArray(value) ? value : Object.values(value)) stack.push(v);
  }
  return false;
}

/** What a first-error validator is compiled by: one per ajv of the registry (the harness's, the users'). */
export interface LeanAjv {
  getSchema(ref: string): ValidateFunction | undefined;
}

export class FirstErrorValidators {
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly ajvs = new Map<string, LeanAjv>();

  /** @param make the lean ajv of a kind ("shipped", "user"), with that kind's schemas added */
  constructor(private readonly make: (kind: string) => LeanAjv) {}

  validator(ref: string, kind: string): ValidateFunction {
    let fn = this.compiled.get(ref);
    if (!fn) {
      const ajv = this.ajvs.get(kind) ?? this.ajvs.set(kind, this.make(kind)).get(kind)!;
      fn = ajv.getSchema(ref);
      if (!fn) throw new Error(`no schema ${ref}`);
      this.compiled.set(ref, fn);
    }
    return fn;
  }
}

/** The note on a large document's one listed error. */
export const FIRST_ERROR_NOTE = `only the first error is listed: the document holds more than ${ALL_ERRORS_VALUES} values`;

/** A large document's validity, and its first error with the note (`issueOf`: the registry's reading of an ajv error). */
export function firstErrorOf<Issue extends { path: string; message: string }>(
  fn: ValidateFunction,
  data: unknown,
  issueOf: (error: ErrorObject) => Issue,
): { valid: boolean; issues: Array<{ path: string; message: string }> } {
  if (fn(data)) return { valid: true, issues: [] };
  const first = fn.errors?.[0] ? issueOf(fn.errors[0]) : undefined;
  return {
    valid: false,
    issues: [{ path: first?.path ?? "", message: `${first?.message ?? "invalid"} (${FIRST_ERROR_NOTE})` }],
  };
}
