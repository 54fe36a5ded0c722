/** Copy-on-write edits of JSON values at a path of keys ("*" = the first array item). */
export type Path = readonly string[];

function step(node: unknown, key: string): unknown {
  if (node === null || typeof node !== "object") return undefined;
  return key === "*" ? (Array.isArray(node) ? node[0] : undefined) : (node as Record<string, unknown>)[key];
}

export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => step(node, key), value);
}

/** A copy with the value at path replaced (or removed when `remove`); undefined if the parent is absent. */
export function editAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  const parentPath = path.slice(0, -1);
  const last = path.at(-1)!;
  const copy = structuredClone(value);
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
