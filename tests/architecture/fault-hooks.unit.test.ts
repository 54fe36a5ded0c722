/**
 * The sandbox's deliberate deviations live in one table (sandbox/fault-hooks.ts): every behaviour
 * fault has a row that changes something, and the reference code — handlers, payment rules, the
 * server — reads hooks, never a fault's name.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { FAULT_HOOKS, hooksOf } from "../../sandbox/fault-hooks.ts";
import { BEHAVIOUR_FAULTS, FaultSet, type BehaviourFaultName } from "../../sandbox/faults.ts";
import { ROOT } from "../support/root.ts";

const NAMES = Object.keys(BEHAVIOUR_FAULTS) as BehaviourFaultName[];

test.for(NAMES)("the fault %s changes at least one hook", (name) => {
  expect(Object.keys(FAULT_HOOKS[name]).length).toBeGreaterThan(0);
  const conforming = hooksOf(new FaultSet([]));
  const faulty = hooksOf(new FaultSet([{ kind: "behaviour", name }]));
  const changed = Object.keys(FAULT_HOOKS[name]).filter(
    (k) => faulty[k as keyof typeof faulty] !== conforming[k as keyof typeof conforming],
  );
  expect(changed.length).toBeGreaterThan(0);
});

test("two faults that answer some bodies with a 500 both apply", () => {
  const hooks = hooksOf(
    new FaultSet([
      { kind: "behaviour", name: "500-on-long-body" },
      { kind: "behaviour", name: "500-on-non-ascii" },
    ]),
  );
  expect([hooks.serverErrorFor("x".repeat(9000)), hooks.serverErrorFor("é"), hooks.serverErrorFor("ok")]).toEqual([
    "fault: long body",
    "fault: non-ASCII body",
    undefined,
  ]);
});

test("the sandbox's reference code names no fault: only faults.ts and fault-hooks.ts do", () => {
  const files = readdirSync(join(ROOT, "sandbox"), { recursive: true, encoding: "utf8" })
    .map((f) => `sandbox/${f.split("\\").join("/")}`)
    .filter((f) => f.endsWith(".ts") && !["sandbox/faults.ts", "sandbox/fault-hooks.ts"].includes(f));
  expect(files.length).toBeGreaterThan(10);
  const named = files.flatMap((f) => {
    const text = readFileSync(join(ROOT, f), "utf8");
    return NAMES.filter((n) => text.includes(`"${n}"`)).map((n) => `${f}: ${n}`);
  });
  expect(named).toEqual([]);
});
