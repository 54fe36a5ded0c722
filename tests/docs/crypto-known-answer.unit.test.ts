/**
 * The `default` profile's known-answer example in docs/crypto-profiles.md is true: computed here
 * with the published keys, and each value appears in the page as written (a partner implements
 * the profile from it, so a wrong byte there is a wrong server).
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { canonicalJson } from "../../lib/crypto/default-profile.ts";
import { createProfile } from "../../lib/crypto/index.ts";
import { SANDBOX_PROFILE_KEYS } from "../../sandbox/server.ts";

const page = readFileSync(new URL("../../docs/crypto-profiles.md", import.meta.url), "utf8");
const row = (name: string) => new RegExp(`^\\| ${name} \\| \`([^\`]+)\` \\|$`, "m").exec(page)?.[1];

test("the page's encrypted_data decrypts to its client data, and its signatures are the profile's", async () => {
  const profile = createProfile("default", SANDBOX_PROFILE_KEYS);
  const encrypted = row("`encrypted_data`")!;
  expect(await profile.decrypt(encrypted)).toEqual(JSON.parse(row("client data")!));
  expect(Buffer.from(encrypted, "base64").subarray(0, 12).toString("hex")).toBe(row("IV"));
  expect(await profile.sign({ payload: { encrypted_data: encrypted } }, "partner")).toBe(row("request `signature`"));
  const response = JSON.parse(row("response body signed")!) as Record<string, unknown>;
  expect(canonicalJson(response)).toBe(row("response body signed"));
  expect(await profile.sign(response, "platform")).toBe(row("response `signature`"));
});
