/**
 * Profile material in reports goes through the one redaction routine: the JWS header is shortened
 * like any signature, the partner's private key (and a JWK's private part `d` on its own) is
 * replaced by its variable name, in evidence and in curl lines alike.
 */
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { JWS_HEADER } from "../../lib/crypto/jws-profile.ts";
import { toCurl } from "../../lib/http/curl.ts";
import { exchangeEvidence } from "../../lib/http/evidence.ts";
import { Redactor } from "../../lib/redaction/redact.ts";
import { SANDBOX_KEY_PAIRS } from "../../lib/test-data/published.ts";
import { configFor, evaluateAll, withSandbox } from "../support/harness.ts";

const redactor = new Redactor();
redactor.addSecrets(loadConfig({}).secrets);
const D = (JSON.parse(SANDBOX_KEY_PAIRS.partnerPrivateKey) as { d: string }).d;

test("the private key text and its d are replaced by name", () => {
  expect(redactor.text(`key=${SANDBOX_KEY_PAIRS.partnerPrivateKey}`)).toBe("key=<PARTNER_PRIVATE_KEY>");
  expect(redactor.text(`d=${D}`)).toBe("d=<PARTNER_PRIVATE_KEY.d>");
  expect(redactor.json({ private_key: "-----BEGIN PRIVATE KEY-----" })).toEqual({ private_key: "[REDACTED]" });
});

test("a jws run's evidence and curl lines show the JWS header shortened, never whole", async () => {
  await withSandbox({ profile: "jws" }, async (sandbox) => {
    const exchanges = (await evaluateAll(configFor(sandbox.url, { CRYPTO_PROFILE: "jws" }))).flatMap((r) => r.evidence);
    const signed = exchanges.filter((e) => e.request.headers[JWS_HEADER]);
    expect(signed.length).toBeGreaterThanOrEqual(3);
    for (const exchange of signed) {
      const jws = exchange.request.headers[JWS_HEADER]!;
      const shown = JSON.stringify(exchangeEvidence(exchange, redactor)) + toCurl(exchange, redactor);
      expect(shown).toContain(`${jws.slice(0, 8)}…[${jws.length} chars]`);
      expect(shown).not.toContain(jws);
      expect(shown).not.toContain(D);
    }
  });
});
