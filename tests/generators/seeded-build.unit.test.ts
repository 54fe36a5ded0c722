/**
 * `seededBuild` (generators/faker.ts) reuses one faker, seeded again for each build: what it builds
 * is what a fresh `fakerFor(seed)` builds, whatever was built before with the same instance.
 */
import { expect, test } from "vitest";
import { businessClientData } from "../../generators/partner-transfer-api/business-client.ts";
import { fakerFor, personName, seededBuild } from "../../generators/faker.ts";

const sample = (f: ReturnType<typeof fakerFor>) => ({
  name: personName(f),
  words: f.lorem.words(5),
  number: f.number.int({ min: 0, max: 1e9 }),
  client: businessClientData(f),
});

test.for([1, 2, 7, 20261128])("seed %i: the same values as a fresh faker, after builds with other seeds", (seed) => {
  seededBuild(seed + 1, sample);
  seededBuild(3, (f) => f.lorem.paragraphs(4));
  expect(seededBuild(seed, sample)).toEqual(sample(fakerFor(seed)));
  expect(seededBuild(seed, sample)).toEqual(seededBuild(seed, sample));
});
