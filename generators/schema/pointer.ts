/** Copy-on-write edits of JSON values at a path of keys ("*" = the first array item). */
export type Path = readonly string[];

function step(node: unknown, key: string): unknown {
  if (node === null || typeof node !== "object") return undefined;
  return key === "*" ? (Array.isArray(node) ? node[0] : undefined) : (node as Record<string, unknown>)[key];
}

export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => step(node, key), value);
}

/**
 * A deep copy of a JSON value, as structuredClone makes it — an object reached twice is copied once,
 * an array keeps its holes — but of plain objects and arrays by hand: about four times faster, and
 * the cases copy a body for every variant. Anything else is left to structuredClone. The one way
 * the generators copy a body.
 */
export function copyJson(value: unknown, copies = new Map<object, unknown>()): unknown {
  if (value === null || typeof value !== "object") return value;
  if (copies.has(value)) return copies.get(value);
  if (Array.isArray(value)) {
    const array: unknown[] = new Array(value.length);
    copies.set(value, array);
    for (let i = 0; i < value.length; i++) if (i in value) array[i] = copyJson(value[i], copies);
    return array;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const object: Record<string, unknown> = {};
  copies.set(value, object);
  for (const key of Object.keys(value)) {
    const copied = copyJson((value as Record<string, unknown>)[key], copies);
    // A "__proto__" key of parsed JSON is an own property; assigned, it would set the prototype.
    if (key === "__proto__")
      Object.defineProperty(object, key, { value: copied, enumerable: true, writable: true, configurable: true });
    else object[key] = copied;
  }
  return object;
}

/** A copy with the value at path replaced (or removed when `remove`); undefined if the parent is absent. */
export function editAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  const parentPath = path.slice(0, -1);
  const last = path.at(-1)!;
  const copy = copyJson(value);
  const parent = getAt(copy, parentPath);
  if (parent === null || typeof parent !== "object") return undefined;
  const key = last === "*" ? "0" : last;
  if (Array.isArray(parent) && parent.length === 0) return undefined;
  if (remove) {
    if (!(key in (parent as object))) return undefined;
    delete (parent as Record<string, unknown>)[key];
  } else {
    (parent as Record<string, unknown>)[key] = replacement;
  }
  return copy;
}

export function pathText(path: Path): string {
  return path.length ? `/${path.join("/")}` : "(root)";
}
