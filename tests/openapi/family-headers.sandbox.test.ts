/**
 * The families whose operations only a partner's OpenAPI document gives — the gateway API and the
 * partner API's other areas (§1) — have a base URL and headers of their own, as the merchant API
 * has (lib/config/families.ts): a request of the family goes to its base URL with its headers, the
 * header values are secrets the one redactor replaces, and no other family's request carries them.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Family, Operation } from "../../lib/catalogue/types.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { redactor } from "../../lib/redaction/redact.ts";
import { startScriptedTarget, type TestTarget } from "../support/targets.ts";

const ok = () => ({ status: 200, headers: { "content-type": "application/json" }, body: Buffer.from("{}") });
let target: TestTarget;
beforeAll(async () => void (target = await startScriptedTarget(ok)));
afterAll(() => target.close());

const op = (family: Family, path: string): Operation => ({
  key: `${family}.thing`,
  code: "X-THING",
  family,
  title: "thing",
  method: "POST",
  path,
  spec: "§1",
  documented: true,
  mutates: false,
});

describe.for([
  ["gateway-api", "GATEWAY_API_BASE_URL", "GATEWAY_API_HEADERS", "gw-key-7Hq2ZpLx9"],
  ["partner-api", "OTHER_PARTNER_API_BASE_URL", "OTHER_PARTNER_API_HEADERS", "pa-key-3Kd8WmRt5"],
] as const)("%s", ([family, baseVariable, headersVariable, secret]) => {
  test("its requests go to its base URL with its headers; the values are secrets; other families' carry none", async () => {
    const config = loadConfig({
      TARGET_BASE_URL: `${target.url}/elsewhere`,
      [baseVariable]: `${target.url}/own`,
      [headersVariable]: JSON.stringify({ "X-Api-Key": secret }),
    });
    const run = await createRunContext(config);
    try {
      target.received.length = 0;
      await run.target.send(op(family, "/rates"), {});
      await run.target.send(op("merchant-api", "/status"), {});
      const [own, other] = target.received;
      expect(own?.path).toBe("/own/rates");
      expect(own?.headers["x-api-key"]).toBe(secret);
      expect(other?.path).toBe("/elsewhere/status");
      expect(other?.headers["x-api-key"]).toBeUndefined();
      expect(redactor.text(`sent ${secret}`)).toBe(`sent <${headersVariable}.X-Api-Key>`);
    } finally {
      await run.target.close();
    }
  });
});
