/**
 * Money in one writer: every debit is built in minor units and written as the amount sent by
 * lib/payments/money.ts (`amountSent`; micro-units by `microOfMinor` / `minorOfMicro`), so no
 * product file outside lib/payments turns minor units into major ones by hand (`/ 100`) or into
 * micro-units (`* 10_000`). The sandbox is the other side of the wire, with its own arithmetic by
 * design (ARCHITECTURE.md), and is not held to it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { PRODUCT_ROOTS, sourceFiles } from "./source.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BY_HAND = /\/\s*100(?![\d._])|\*\s*10_?000(?![\d._])/;
const HELD = PRODUCT_ROOTS.filter((root) => root !== "sandbox");

test("no file outside lib/payments converts money by hand (/ 100, * 10_000)", () => {
  const found = sourceFiles(ROOT, HELD)
    .filter((file) => !file.startsWith("lib/payments/"))
    .flatMap((file) =>
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (BY_HAND.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
  expect(found).toEqual([]);
});

test("the guard finds a conversion by hand, and not a named scale or a larger number", () => {
  for (const line of ["{ amount: minor / 100 }", "const units = minor * 10_000;", "x*10000", "(a + b) /100"])
    expect(BY_HAND.test(line), line).toBe(true);
  for (const line of ["p / PERCENT", "minor / 1000", "n * 100_000", "amountSent(minor)", "x / 100.5"])
    expect(BY_HAND.test(line), line).toBe(false);
});
