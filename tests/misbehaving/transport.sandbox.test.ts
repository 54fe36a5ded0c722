/**
 * Transport that real deployments add: a target behind a proxy that compresses its
 * answers, closes every connection, times out kept-alive connections early, or drops a reused
 * connection as a request arrives is conformant — every check passes, as on the bare sandbox.
 */
import { describe, expect, test } from "vitest";
import { HttpClient } from "../../lib/http/transport/client.ts";
import { exchangeEvidence } from "../../lib/http/evidence.ts";
import { toCurl } from "../../lib/http/curl.ts";
import { harEntry } from "../../lib/reporting/har.ts";
import { redactor } from "../../lib/redaction/redact.ts";
import { configFor, evaluateAll, withSandbox } from "../support/harness.ts";
import { startTransportTarget, TRANSPORTS } from "../support/transport-targets.ts";

const STATEMENT = "/v5/card-api/card/statement";

describe("a target behind real-world transport is conformant", () => {
  test.for(TRANSPORTS)("%s", async (kind) => {
    await withSandbox({}, async (sandbox) => {
      const target = await startTransportTarget(sandbox.url, kind);
      try {
        const results = await evaluateAll(configFor(target.url, { PROPERTY_RUNS: "5" }));
        expect(results.filter((r) => r.outcome !== "passed").map((r) => `${r.id} ${r.outcome}: ${r.message}`)).toEqual(
          [],
        );
        expect(
          target.acceptEncodings.every((a) => a === "gzip, deflate, br"),
          "the client states what it reads",
        ).toBe(true);
        if (kind === "compresses every answer")
          expect(new Set(target.codings)).toEqual(new Set(["gzip", "deflate", "br"]));
        if (kind !== "compresses every answer") expect(target.connections()).toBeGreaterThan(1);
      } finally {
        await target.close();
      }
    });
  });
});

test("evidence, curl and HAR see the decoded body of a compressed answer, redacted", async () => {
  await withSandbox({}, async (sandbox) => {
    const target = await startTransportTarget(sandbox.url, "compresses every answer");
    const client = new HttpClient({ timeoutMs: 3000 });
    try {
      const body = JSON.stringify({
        card_id: "c0ffee00-0000-4000-8000-000000000001",
        start_date: "2025-06-01",
        end_date: "2025-06-30",
      });
      for (let i = 0; i < 3; i++) {
        const exchange = await client.post(target.url + STATEMENT, {
          headers: { "content-type": "application/json" },
          bodyText: body,
        });
        expect(exchange.response?.headers["content-encoding"]).toBe(["gzip", "deflate", "br"][i]);
        expect(exchange.response?.json).toMatchObject({ status: "ok", request_status: "success" });
        const evidence = exchangeEvidence(exchange, redactor);
        expect(evidence.response?.body).toMatchObject({ status: "ok" });
        expect(toCurl(exchange, redactor)).toContain("--compressed");
        const har = harEntry({
          evidence,
          startedAt: new Date(exchange.startedAt).toISOString(),
          checks: ["CARD-STMT-POSITIVE"],
        } as Parameters<typeof harEntry>[0]);
        expect(JSON.parse(har.response.content.text)).toMatchObject({ status: "ok" });
        expect(har.response.bodySize).toBe(-1);
      }
    } finally {
      await client.close();
      await target.close();
    }
  });
});

test("a coding the client does not read is a transport failure that names it", async () => {
  const { createServer } = await import("node:http");
  const server = createServer(
    (_req, res) =>
      void res.writeHead(200, { "content-type": "application/json", "content-encoding": "zstd" }).end("xx"),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const client = new HttpClient({ timeoutMs: 2000 });
  try {
    const { port } = server.address() as { port: number };
    const exchange = await client.post(`http://127.0.0.1:${port}/`, { headers: {}, bodyText: "{}" });
    expect(exchange.transportError).toMatchObject({
      kind: "transport",
      message: expect.stringMatching(/Content-Encoding "zstd"/),
    });
  } finally {
    await client.close();
    server.closeAllConnections();
    server.close();
  }
});
