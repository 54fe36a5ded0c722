/**
 * Every configuration of the corpus (corpus.ts) loads: a frozen release's, a test target's, a
 * documented one. A frozen `.env` names only variables the harness still reads (a renamed one would
 * be a warning without its deprecation), and the previous release's partner configuration
 * (CUMULATIVE_LIMIT_TYPES=max) keeps its meaning: max adds up, nothing caps one debit by default.
 */
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { unknownEnvFileNames } from "../../lib/config/env-file.ts";
import { frozenEntries, targetEntries } from "./corpus.ts";

const FROZEN = frozenEntries();

test.for([...FROZEN, ...targetEntries()])("$name loads", ({ env }) => {
  const config = loadConfig(env);
  expect(config.target.baseUrl ?? "").toMatch(/^(http:\/\/127\.0\.0\.1:9)?$/);
  expect(config.cardApi.cumulativeLimitTypes.length).toBeGreaterThan(0);
});

test.for(FROZEN)("$name names no variable the harness no longer reads", ({ file }) => {
  expect(unknownEnvFileNames(file)).toEqual([]);
});

test.for(FROZEN.filter((e) => e.name.includes("partner-max")))(
  "$name: its cumulative limit named max is cumulative, the default maximum gives max up",
  ({ env }) => {
    expect(loadConfig(env).cardApi).toMatchObject({ cumulativeLimitTypes: ["max"], maximumLimitTypes: [] });
  },
);
