/**
 * `editAt` copies the body it edits by hand rather than by structuredClone (generators/schema/pointer.ts):
 * the edited copy is the one structuredClone's would be — for any JSON value and path, and for the
 * corners of a copy (an object reached twice, an array's holes, a "__proto__" key, a Date) — and
 * the original is never touched.
 */
import fc from "fast-check";
import { expect, test } from "vitest";
import { editAt, getAt, type Path } from "../../generators/schema/pointer.ts";

/** The edit as it was made before: structuredClone, then the same assignment or delete. */
function editByStructuredClone(value: unknown, path: Path, replacement: unknown, remove: boolean): unknown {
  const copy = structuredClone(value);
  const parent = getAt(copy, path.slice(0, -1));
  if (parent === null || typeof parent !== "object") return undefined;
  const last = path.at(-1)!;
  const key = last === "*" ? "0" : last;
  if (Array.isArray(parent) && parent.length === 0) return undefined;
  if (remove) {
    if (!(key in parent)) return undefined;
    delete (parent as Record<string, unknown>)[key];
  } else {
    (parent as Record<string, unknown>)[key] = replacement;
  }
  return copy;
}

/** A path into the value when `into` picks one of its keys at each level, else a made-up one. */
const pathOf = (value: unknown, picks: number[]): Path => {
  const path: string[] = [];
  let node = value;
  for (const pick of picks) {
    if (node === null || typeof node !== "object") break;
    const keys = Array.isArray(node) ? ["*"] : Object.keys(node);
    const key = keys.length ? keys[pick % keys.length]! : "absent";
    path.push(key);
    node = getAt(node, [key]);
  }
  return path.length ? path : ["absent"];
};

test("for any JSON value and path: the copy structuredClone gave, the original untouched", () => {
  fc.assert(
    fc.property(
      fc.jsonValue(),
      fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
      fc.jsonValue(),
      fc.boolean(),
      (value, picks, replacement, remove) => {
        const before = structuredClone(value);
        const path = pathOf(value, picks);
        expect(editAt(value, path, replacement, remove)).toStrictEqual(
          editByStructuredClone(value, path, replacement, remove),
        );
        expect(value).toStrictEqual(before);
      },
    ),
    { numRuns: 300, seed: 20261128 },
  );
});

test("an object reached twice is copied once, holes stay holes, __proto__ stays a key, a Date is copied", () => {
  const shared = { limit: "10.00" };
  const holes: unknown[] = [1, , 3];
  const body = JSON.parse('{"__proto__": {"x": 1}, "a": 1}') as Record<string, unknown>;
  Object.assign(body, { first: shared, second: shared, holes, at: new Date(0) });
  const copy = editAt(body, ["a"], 2) as Record<string, unknown>;
  const copiedShared = copy.first as { limit: string };
  expect(copy.second).toBe(copiedShared);
  expect(copiedShared).not.toBe(shared);
  expect(1 in (copy.holes as unknown[])).toBe(false);
  expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  expect(Object.getOwnPropertyNames(copy)).toContain("__proto__");
  expect(copy.at).toEqual(new Date(0));
  expect(copy.at).not.toBe(body.at);
  expect(copy).toStrictEqual(editByStructuredClone(body, ["a"], 2, false));
});
