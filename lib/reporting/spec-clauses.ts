/**
 * The clauses of the spec, read from its Markdown headings ("## 4. Endpoints", "### 4.2 Card
 * statement"), with the statements each clause marks "not shown" — the reason a clause without
 * checks has none. Pure: the caller reads the file (SPEC_DOCUMENT).
 */

/** A heading, with its clause number when it has one: [1] hashes, [2] "4.2", [3] title. */
export const SPEC_HEADING = /^(#{1,4}) (?:(\d+(?:\.\d+)*)\.? )?(.*)$/;

export interface SpecClause {
  /** "§4.2" */
  ref: string;
  title: string;
  /** The enclosing clause ("§4" for "§4.2"), if any. */
  parent?: string;
  /** Lines of the clause that say something is "not shown", verbatim. */
  notShown: string[];
}

export function parseSpecClauses(markdown: string): SpecClause[] {
  const clauses: SpecClause[] = [];
  let current: SpecClause | undefined;
  for (const line of markdown.split("\n")) {
    const heading = SPEC_HEADING.exec(line);
    if (heading) {
      current = heading[2] ? clauseOf(heading[2], heading[3]!.trim()) : undefined;
      if (current) clauses.push(current);
    } else if (current && /\bnot shown\b/i.test(line)) {
      current.notShown.push(line.replace(/^\s*(?:[-*]|\d+\.)\s+/, "").trim());
    }
  }
  return clauses;
}

function clauseOf(number: string, title: string): SpecClause {
  const parent = number.includes(".") ? `§${number.slice(0, number.lastIndexOf("."))}` : undefined;
  return { ref: `§${number}`, title, ...(parent ? { parent } : {}), notShown: [] };
}

/** Orders "§4.10" after "§4.9". */
export function compareClauses(a: string, b: string): number {
  const pa = a.replace(/^§/, "").split(".").map(Number);
  const pb = b.replace(/^§/, "").split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d) return d;
  }
  return 0;
}
