/**
 * The most common idiom of a declared schema: an object whose `anyOf` (or `oneOf`) branches only
 * require fields defined beside them — `"anyOf": [{ "required": ["card_id"] }, { "required":
 * ["card_pan", "card_month", "card_year"] }]`. Its negative row drops one field of every set, so
 * that no branch holds: the one rule broken is the anyOf itself.
 */
import type { JsonSchema } from "../../lib/validation/registry.ts";
import { editAt, getAt, pathText, type Path } from "./pointer.ts";

const ANNOTATIONS = ["title", "description", "$comment"];

/** The branches' required sets, when every branch only requires fields. */
export function requiredSets(branches: unknown): string[][] | undefined {
  if (!Array.isArray(branches) || !branches.length) return undefined;
  const sets = branches.map((b) => {
    const keys = b && typeof b === "object" ? Object.keys(b).filter((k) => !ANNOTATIONS.includes(k)) : [];
    const required = (b as JsonSchema)?.required;
    return keys.length === 1 && Array.isArray(required) && required.length ? (required as string[]) : undefined;
  });
  return sets.every(Boolean) ? (sets as string[][]) : undefined;
}

/** The row that leaves no required set whole, or undefined when the branches are not of the idiom. */
export function noRequiredSet(
  path: Path,
  keyword: "anyOf" | "oneOf",
  branches: unknown,
): { name: string; apply: (valid: unknown) => unknown } | undefined {
  const sets = requiredSets(branches);
  if (!sets) return undefined;
  return {
    name: `${pathText(path)} with none of its ${keyword} required sets (${sets.map((s) => s.join(" + ")).join(" | ")})`,
    apply: (valid) => {
      const object = path.length ? getAt(valid, path) : valid;
      if (!object || typeof object !== "object" || Array.isArray(object)) return undefined;
      const narrowed = { ...(object as Record<string, unknown>) };
      for (const set of sets) {
        if (set.every((k) => k in narrowed)) delete narrowed[set.find((k) => k in narrowed)!];
      }
      return path.length ? editAt(valid, path, narrowed) : narrowed;
    },
  };
}
