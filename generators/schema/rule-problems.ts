/**
 * What makes a declared schema unusable before any value is drawn, each with the JSON pointer of
 * the rule: a keyword or format the generators cannot build valid requests or negative rows by,
 * and bounds no value can meet (a minimum above the maximum, a minLength above the maxLength, …).
 * Rules a fixture or a date form cannot meet are found by drawing (obey.ts).
 */
import { subschemas } from "../../lib/validation/user-schemas.ts";
import { SUPPORTED_FORMATS, SUPPORTED_KEYWORDS } from "./walk.ts";

export interface RuleProblem {
  /** JSON pointer of the rule in its schema ("#/properties/amount/minimum"). */
  pointer: string;
  problem: string;
}

const num = (node: Record<string, unknown>, key: string) =>
  typeof node[key] === "number" ? (node[key] as number) : undefined;

/** Bounds of one node that no value meets. */
function contradictions(node: Record<string, unknown>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const [min, max, exMin, exMax] = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].map((k) =>
    num(node, k),
  );
  if (min !== undefined && max !== undefined && min > max)
    out.push(["minimum", `minimum ${min} is above maximum ${max}`]);
  if (exMin !== undefined && max !== undefined && exMin >= max)
    out.push(["exclusiveMinimum", `exclusiveMinimum ${exMin} leaves nothing up to maximum ${max}`]);
  if (min !== undefined && exMax !== undefined && min >= exMax)
    out.push(["minimum", `minimum ${min} leaves nothing below exclusiveMaximum ${exMax}`]);
  if (exMin !== undefined && exMax !== undefined && exMin >= exMax)
    out.push(["exclusiveMinimum", `exclusiveMinimum ${exMin} leaves nothing below exclusiveMaximum ${exMax}`]);
  for (const [lo, hi] of [
    ["minLength", "maxLength"],
    ["minItems", "maxItems"],
  ]) {
    const [a, b] = [num(node, lo!), num(node, hi!)];
    if (a !== undefined && b !== undefined && a > b) out.push([lo!, `${lo} ${a} is above ${hi} ${b}`]);
  }
  if (Array.isArray(node.enum) && node.enum.length === 0) out.push(["enum", "an empty enum allows no value"]);
  return out;
}

/** Every problem of the schema, in document order. */
export function ruleProblems(schema: unknown): RuleProblem[] {
  const out: RuleProblem[] = [];
  for (const [pointer, node] of subschemas(schema)) {
    for (const key of Object.keys(node).filter((k) => !SUPPORTED_KEYWORDS.has(k)))
      out.push({
        pointer: `${pointer}/${key}`,
        problem: `"${key}" is JSON Schema, but the generators build and break requests by a subset of it (docs/request-rules.md)`,
      });
    if (typeof node.format === "string" && !SUPPORTED_FORMATS.has(node.format))
      out.push({
        pointer: `${pointer}/format`,
        problem: `format "${node.format}" is one the generators cannot make values of (${[...SUPPORTED_FORMATS].join(", ")})`,
      });
    for (const [key, problem] of contradictions(node)) out.push({ pointer: `${pointer}/${key}`, problem });
  }
  return out;
}
