/**
 * The kinds of check are types: a check is one of `CheckKinds`, told apart by its `kind` alone.
 * Held at the type level (vitest's expectTypeOf, checked by tsc) and over every check the suites
 * define: the kinds are exhaustive, each has its evaluator, no optional member decides a kind, a
 * settled check's context cannot send, and the engine asserts no check member non-null.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, test } from "vitest";
import { decidedAtSettlement, KINDS } from "../../lib/checks/kinds/index.ts";
import type {
  Check,
  CheckContext,
  CheckHead,
  CheckKind,
  CheckKinds,
  ContractCheck,
  SendingCheck,
  SettleContext,
  SettledCheck,
} from "../../lib/checks/types.ts";
import { ALL_MODULES } from "../../suites/modules.ts";

/** The keys of T that are optional. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/** The optional members a kind adds to the head. */
type AddedOptional<K extends CheckKind> = Exclude<OptionalKeys<CheckKinds[K]>, OptionalKeys<CheckHead>>;

describe("the kinds of check, as types", () => {
  test("a check is exactly one of the three kinds, by its required `kind`", () => {
    expectTypeOf<CheckKind>().toEqualTypeOf<"sends" | "contract" | "settles">();
    expectTypeOf<Check>().toEqualTypeOf<SendingCheck | ContractCheck | SettledCheck>();
    // `kind` is required on every kind, and names it: narrowing on it alone yields the kind.
    expectTypeOf<OptionalKeys<Check>>().not.toEqualTypeOf<"kind">();
    expectTypeOf<Extract<Check, { kind: "sends" }>>().toEqualTypeOf<SendingCheck>();
    expectTypeOf<Extract<Check, { kind: "contract" }>>().toEqualTypeOf<ContractCheck>();
    expectTypeOf<Extract<Check, { kind: "settles" }>>().toEqualTypeOf<SettledCheck>();
  });

  test("no optional member decides a kind: only a contract check's last reading is optional, and only there", () => {
    expectTypeOf<AddedOptional<"sends">>().toBeNever();
    expectTypeOf<AddedOptional<"settles">>().toBeNever();
    expectTypeOf<AddedOptional<"contract">>().toEqualTypeOf<"readAgain">();
    // The contract a contract check is judged by is required of it, and of no other kind.
    expectTypeOf<ContractCheck["contract"]>().not.toBeUndefined();
    expectTypeOf<SendingCheck>().not.toHaveProperty("contract");
    expectTypeOf<SettledCheck>().not.toHaveProperty("contract");
  });

  test("a settled check's context cannot send; a sending check's cannot read the run's latency", () => {
    expectTypeOf<SettleContext>().not.toHaveProperty("send");
    expectTypeOf<SettleContext>().not.toHaveProperty("scenario");
    expectTypeOf<CheckContext>().not.toHaveProperty("latency");
  });
});

describe("every check the suites define", () => {
  const checks = ALL_MODULES.flatMap((m) => m.checks);

  test("has a kind the registry evaluates, and the registry evaluates only the kinds", () => {
    expect(Object.keys(KINDS).sort()).toEqual(["contract", "sends", "settles"]);
    for (const check of checks) expect(Object.keys(KINDS), check.id).toContain(check.kind);
  });

  test("is decided at settlement exactly when its kind is", () => {
    for (const check of checks) expect(decidedAtSettlement(check), check.id).toBe(check.kind !== "sends");
    // All three kinds occur: the union is not a formality.
    expect(new Set(checks.map((c) => c.kind))).toEqual(new Set(["sends", "contract", "settles"]));
  });
});

test("the engine asserts no check member non-null (lib/checks)", () => {
  const dir = join(import.meta.dirname, "../../lib/checks");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  const asserted = files.flatMap((f) =>
    readFileSync(join(dir, f), "utf8")
      .split("\n")
      .flatMap((line, i) => (/\bcheck\.\w+!/.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(asserted).toEqual([]);
});
