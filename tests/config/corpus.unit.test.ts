/**
 * Every configuration of the corpus (corpus.ts) loads: a frozen release's, a test target's, a
 * documented one. A frozen `.env` names only variables the harness still reads (a renamed one would
 * be a warning without its deprecation), and the previous release's partner configuration
 * (CUMULATIVE_LIMIT_TYPES=max) keeps its meaning: max adds up, nothing caps one debit by default.
 */
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { unknownEnvFileNames } from "../../lib/config/env-file.ts";
import { docEntries, frozenEntries, targetEntries } from "./corpus.ts";
import { docSnippets } from "./docs-snippets.ts";

const FROZEN = frozenEntries();

test.for([...FROZEN, ...targetEntries(), ...docEntries()])("$name loads", ({ env }) => {
  const config = loadConfig(env);
  expect(config.target.baseUrl).toBe(env.TARGET_BASE_URL?.replace(/\/+$/, "") || undefined);
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

test("the docs' complete .env (own-server.md) is in the corpus whole, each snippet line an assignment", () => {
  const snippets = docSnippets();
  const own = snippets.find((s) => s.name.startsWith("docs/own-server.md"))!;
  expect(own.lines.length).toBeGreaterThanOrEqual(40);
  expect(own.lines).toContain("CUMULATIVE_LIMIT_TYPES=daily_sum");
  for (const s of snippets) for (const line of s.lines) expect(line, s.name).toMatch(/^[A-Z][A-Z0-9_]*=/);
});
