/**
 * The instrument's own proof: how many of the sandbox's seeded faults the
 * harness kills, by level — what a reader of the pack may trust it to catch. Computed from the
 * fault table (tests/checks/faults.cases.ts, which tests/checks/faults.sandbox.test.ts proves row by row)
 * into self-qualification.json beside this file: lib may not import tests, so the figures are a
 * generated, committed file that tests/certify/self-qualification.unit.test.ts keeps equal to the table.
 */
import { readFileSync } from "node:fs";

export type Level = "must" | "should" | "info";
const LEVELS: Level[] = ["must", "should", "info"];

export interface FaultRow {
  faults: unknown[];
  fails: string[];
  notJudged?: string[];
}

export interface SelfQualification {
  source: string;
  /** Seeded faults (rows of the table with at least one fault). */
  faults: number;
  /** Faults under which some check fails, or some must check is left not judged. */
  killed: number;
  /** Each killed fault counted once, at the highest level of a check it fails ("not judged" when it only leaves musts unjudged). */
  killedByLevel: Record<Level | "notJudged", number>;
  /** Checks of each level, and how many of them some fault makes fail. */
  checks: Record<Level, { total: number; provenToFail: number }>;
}

export function computeSelfQualification(rows: FaultRow[], levels: Map<string, Level>): SelfQualification {
  const seeded = rows.filter((r) => r.faults.length > 0);
  const killedByLevel = { must: 0, should: 0, info: 0, notJudged: 0 };
  for (const row of seeded) {
    const top = LEVELS.find((l) => row.fails.some((id) => levels.get(id) === l));
    if (top) killedByLevel[top]++;
    else if (row.notJudged?.length) killedByLevel.notJudged++;
  }
  const proven = new Set(seeded.flatMap((r) => r.fails));
  const checks = Object.fromEntries(
    LEVELS.map((l) => {
      const ids = [...levels].filter(([, level]) => level === l).map(([id]) => id);
      return [l, { total: ids.length, provenToFail: ids.filter((id) => proven.has(id)).length }];
    }),
  ) as SelfQualification["checks"];
  return {
    source: "tests/checks/faults.cases.ts",
    faults: seeded.length,
    killed: seeded.filter((r) => r.fails.length > 0 || (r.notJudged?.length ?? 0) > 0).length,
    killedByLevel,
    checks,
  };
}

export const SELF_QUALIFICATION_FILE = new URL("./self-qualification.json", import.meta.url);

/** The committed figures (see the file's test). */
export function loadSelfQualification(): SelfQualification {
  return JSON.parse(readFileSync(SELF_QUALIFICATION_FILE, "utf8")) as SelfQualification;
}

/** "kills 84 of 84 seeded faults (must 60, should 20, info 1, not judged 3)" */
export function describeSelfQualification(q: SelfQualification): string {
  const k = q.killedByLevel;
  return `kills ${q.killed} of ${q.faults} seeded faults (at must ${k.must}, should ${k.should}, info ${k.info}, leaving musts not judged ${k.notJudged})`;
}
