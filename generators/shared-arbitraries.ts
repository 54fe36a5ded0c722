/** Arbitraries of realistic values shared by the operations' case generators. */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { tiyn } from "./faker.ts";
import { amountSent } from "../lib/payments/money.ts";

/**
 * A request_id in UUID form that is new on every run (so a repeated run posts new transactions),
 * while its presence and position in a case follow the seed.
 */
export const freshUuid: fc.Arbitrary<string> = fc.constant(null).map(() => randomUUID());

/** A KZT amount in tiyn precision between min and max (major units). */
export function kzt(min: number, max: number): fc.Arbitrary<number> {
  return fc.integer({ min: tiyn(min), max: tiyn(max) }).map(amountSent);
}

export const NON_ASCII_TEXT = "Әсел Нұрланқызы — «Қазақстан» ✓ 💳 中文";
export const LONG_TEXT = "x".repeat(10_000);
