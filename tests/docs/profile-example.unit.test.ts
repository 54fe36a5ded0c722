/**
 * The RSA/RSA-OAEP profile module the docs give as an example (docs/examples/rsa-oaep-profile.mts)
 * works as documented, so it cannot rot: loaded as CRYPTO_PROFILE with the partner's two key files
 * it signs and seals, and the same file loaded with the platform's two verifies the signature and
 * opens the data; the partner's side says it cannot open what it sealed. The docs point to it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { loadConfiguredProfile } from "../../lib/checks/run-context.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { ROOT } from "../support/root.ts";
import { RSA_MODULE, rsaKeyFiles } from "../support/rsa-keys.ts";

const EXAMPLE = "./docs/examples/rsa-oaep-profile.mts";

/** The example as CRYPTO_PROFILE, with one side's key-file variables (read from `env`, as the CLI reads .env). */
function loadSide(env: Record<string, string>) {
  const all = { CRYPTO_PROFILE: EXAMPLE, ...env };
  return loadConfiguredProfile(loadConfig(all), all);
}

test("the example signs and seals for the platform; the platform's side verifies and opens", async () => {
  const keys = rsaKeyFiles();
  const partner = await loadSide(keys.partnerSide);
  const platform = await loadSide(keys.platformSide);
  const body = { request_id: "example-1", amount: "10.00" };
  const signature = await partner.sign(body, "partner");
  expect(signature).toMatch(/^[0-9a-f]{512}$/);
  expect(await platform.verify(body, signature, "partner")).toBe(true);
  expect(await platform.verify({ ...body, amount: "10.01" }, signature, "partner")).toBe(false);
  const sealed = await partner.encrypt({ company_name: "Acme" });
  expect(partner.canDecrypt!()).toBe(false);
  await expect(partner.decrypt(sealed)).rejects.toThrow(/only the platform's private key opens this/);
  expect(await platform.decrypt(sealed)).toEqual({ company_name: "Acme" });
  // The platform signs its answers; the partner verifies them with the platform's public key.
  expect(await partner.verify(body, await platform.sign(body, "platform"), "platform")).toBe(true);
  expect(partner.keyVariables!()).not.toContain("PARTNER_SIGNING_KEY");
});

test("the docs and the harness's own tests use this very file, none a copy under tests/", () => {
  expect(RSA_MODULE).toBe(EXAMPLE);
  const doc = readFileSync(join(ROOT, "docs/profile-modules.md"), "utf8");
  expect(doc).toContain("(examples/rsa-oaep-profile.mts)");
  expect(doc).not.toMatch(/tests\/[\w/-]*rsa-oaep-profile/);
});
