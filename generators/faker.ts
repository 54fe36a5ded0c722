/**
 * Seeded faker instances and the realistic values this interface needs: Luhn-valid test PANs,
 * KZT amounts in tiyn precision, +7 7xx phones, Kazakh and Latin names, order ids.
 */
import { randomUUID } from "node:crypto";
import type { Faker } from "@faker-js/faker";
// The English entry only: the package root loads every locale (about 30 MB more per worker thread).
import { faker as english } from "@faker-js/faker/locale/en";
import { luhnCheckDigit } from "../lib/test-data/luhn.ts";
import { amountSent, minorUnitsOf } from "../lib/payments/money.ts";

const FakerClass = english.constructor as new (options: { locale: Faker["rawDefinitions"] }) => Faker;

/** An independent faker (English and base definitions) seeded for one scenario or check. */
export function fakerFor(seed: number): Faker {
  const faker = new FakerClass({ locale: english.rawDefinitions });
  faker.seed(seed);
  return faker;
}

/** The one faker that `seededBuild` reseeds. */
const REUSED = new FakerClass({ locale: english.rawDefinitions });

/**
 * What `build` makes with a faker seeded with `seed` — the same as with `fakerFor(seed)` — from one
 * instance seeded again for each build. The cases build a full request for every mutation row of
 * every check, and a faker takes longer to construct than the request to build (about 10,000 in
 * the fault table's file, 9% of its CPU). The build is synchronous, so nothing else draws from
 * the instance meanwhile; a promise is refused by its type.
 */
export function seededBuild<T>(seed: number, build: (f: Faker) => T extends PromiseLike<unknown> ? never : T): T {
  REUSED.seed(seed);
  return build(REUSED);
}

const KAZAKH_FIRST = ["Әсел", "Нұрлан", "Қайрат", "Ұлжан", "Ғалым", "Айгүл", "Ерлан", "Жанар", "Мұрат", "Дәулет"];
const KAZAKH_LAST = ["Нұрланов", "Әбілқасымова", "Сәрсенбаев", "Қасымов", "Жұмабаева", "Төлеуов"];

/** A person's name, Kazakh (Cyrillic with Kazakh letters) or Latin, about half each (or Latin only). */
export function personName(f: Faker, latinOnly = false): { first: string; last: string } {
  return !latinOnly && f.datatype.boolean()
    ? { first: f.helpers.arrayElement(KAZAKH_FIRST), last: f.helpers.arrayElement(KAZAKH_LAST) }
    : { first: f.person.firstName(), last: f.person.lastName() };
}

/** A Kazakh mobile number: +7 7xx xxx xx xx, written without spaces. */
export function kzMobile(f: Faker): string {
  return `+77${f.helpers.arrayElement(["00", "01", "02", "05", "07", "47", "71", "75", "77"])}${f.string.numeric(7)}`;
}

/** A Luhn-valid test PAN (never a real card: the BIN is the sandbox's test range by default). */
export function testPan(f: Faker, bin = "440043", length = 16): string {
  const body = bin + f.string.numeric(length - bin.length - 1);
  return body + luhnCheckDigit(body);
}

/** A KZT amount in tiyn precision (two decimals), min ≤ amount ≤ max. */
export function kztAmount(f: Faker, min = 1, max = 99.99): number {
  return amountSent(f.number.int({ min: tiyn(min), max: tiyn(max) }));
}

/** A bound in major units as tiyn, read exactly (lib/payments); a finer or negative bound is a harness error. */
export function tiyn(major: number): number {
  const minor = minorUnitsOf(major);
  if (minor === undefined) throw new RangeError(`${major} is not an amount in tiyn`);
  return minor;
}

/**
 * An order id that is new on every request, like request_id: a target may refuse a repeated
 * order id (the spec is silent), which would turn parallel debits into one and fail a rerun.
 */
export function freshOrderId(): string {
  return `ORD-${randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}`;
}

/**
 * A request_id that is new on every run, whatever the SEED: a repeated run must post new
 * transactions, not replay the previous run's (which idempotency would turn into no-ops).
 */
export function freshRequestId(): string {
  return randomUUID();
}
