/**
 * The client data a registration sends (§2.1: fields not shown): the partner's records from
 * CLIENT_DATA_FILE (lib/config/client-data.ts), one per registration by the seed, with every
 * {{fresh:…}} placeholder filled with a new value — new on every run too, like request_id, so a
 * rerun never repeats an identity — or, without a file, the sandbox's client data.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { Faker } from "@faker-js/faker";
import { PLACEHOLDER } from "../../lib/config/client-data.ts";
import type { Config } from "../../lib/config/load.ts";
import { luhnCheckDigit } from "../../lib/test-data/luhn.ts";
import { businessClientData } from "./business-client.ts";

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join("");

function fresh(kind: string, n: number): string {
  if (kind === "uuid") return randomUUID();
  if (kind === "hex") return Array.from({ length: n }, () => randomInt(16).toString(16)).join("");
  if (kind === "luhn") {
    const body = digits(n - 1);
    return body + luhnCheckDigit(body);
  }
  return digits(n);
}

/** A copy of a record with every placeholder replaced by a fresh value. */
export function fillFresh<T>(value: T): T {
  if (typeof value === "string")
    return value.replace(PLACEHOLDER, (_m, kind: string, n?: string) => fresh(kind, Number(n ?? 0))) as T;
  if (Array.isArray(value)) return value.map(fillFresh) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillFresh(v)])) as T;
  return value;
}

/** The configured client records (placeholders still in), or undefined for the sandbox's data. */
export function configuredRecords(config: Config): Array<Record<string, unknown>> | undefined {
  const source = config.fixtures.clientData;
  return source.kind === "records" ? source.records : source.kind === "schema" ? source.examples : undefined;
}

/** One registration's client data: a configured record chosen by the seed and filled, or the sandbox's. */
export function clientDataFor(config: Config, f: Faker, latinOnly = false): Record<string, unknown> {
  const records = configuredRecords(config);
  return records ? fillFresh(f.helpers.arrayElement(records)) : businessClientData(f, latinOnly);
}
