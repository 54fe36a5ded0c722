/**
 * JSON text of the sandbox's answers, reusing the text of parts that never change (a posted
 * operation): JSON.stringify of a 14-operation statement is most of the cost of answering it.
 * Remembered values are frozen, so their text cannot go stale; fault rewrites work on a clone.
 */
const texts = new WeakMap<object, string>();

export function remember<T extends object>(value: T): Readonly<T> {
  const frozen = Object.freeze(value);
  texts.set(frozen, JSON.stringify(frozen));
  return frozen;
}

export function toJsonText(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  const known = texts.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  const members: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (member !== undefined && typeof member !== "function")
      members.push(`${JSON.stringify(key)}:${toJsonText(member)}`);
  }
  return `{${members.join(",")}}`;
}
