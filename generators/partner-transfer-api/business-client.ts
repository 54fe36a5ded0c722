/**
 * Business client data for §4.1. The fields inside encrypted_data are not shown (§2.1); these are
 * the ones the sandbox's default profile expects (schemas/partner-transfer/business-client-data).
 */
import type { Faker } from "@faker-js/faker";
import { kzMobile, personName } from "../faker.ts";

/** Realistic client data; `latinOnly` keeps it ASCII (scenarios that test something else than text). */
export function businessClientData(f: Faker, latinOnly = false) {
  const director = personName(f, latinOnly);
  return {
    company_name: `${f.company.name()} LLP`,
    bin: f.string.numeric(12),
    legal_address: `${f.location.streetAddress()}, Almaty`,
    phone: kzMobile(f),
    email: f.internet.email({ provider: "example.kz" }).toLowerCase(),
    director: { first_name: director.first, last_name: director.last },
  };
}
