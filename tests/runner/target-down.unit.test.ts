/**
 * "Target unavailable" (exit 3) only when no preflight probe found anything behind the URL; a
 * target that answers at all, even wrongly, is for the checks (exit 1), TLS stays configuration.
 */
import { describe, expect, test } from "vitest";
import type { Exchange } from "../../lib/http/exchange.ts";
import { downReason, TargetUnavailable, throwIfTargetDown } from "../../lib/runner/target-down.ts";
import { settleCommand } from "../../lib/runner/cli-errors.ts";

const transport = (kind: string, message: string) => ({ transportError: { kind, message } }) as unknown as Exchange;
const status = (s: number) => ({ response: { status: s, headers: {}, bodyText: "" } }) as unknown as Exchange;

describe("downReason: what shows nothing behind the URL", () => {
  test.for([
    ["connection refused", transport("connection-refused", "connection refused"), "connection refused"],
    [
      "no such host",
      transport("transport", "getaddrinfo ENOTFOUND nowhere.invalid"),
      "getaddrinfo ENOTFOUND nowhere.invalid",
    ],
    ["a timeout", transport("timeout", "no complete answer within 100 ms"), "no complete answer within 100 ms"],
    ["HTTP 502", status(502), "HTTP 502"],
    ["HTTP 503", status(503), "HTTP 503"],
    ["HTTP 504", status(504), "HTTP 504"],
    ["HTTP 500 (something answered)", status(500), undefined],
    ["HTTP 404 (something answered)", status(404), undefined],
    ["a reset connection (something listened)", transport("connection-reset", "ECONNRESET"), undefined],
    ["a TLS failure (configuration)", transport("transport", "self-signed certificate"), undefined],
  ] as const)("%s", ([, exchange, expected]) => {
    expect(downReason(exchange)).toBe(expected);
  });
});

describe("throwIfTargetDown", () => {
  const down = { kind: "unreachable", down: "connection refused" };
  test("every sent probe down: target unavailable, naming the target and the reasons", () => {
    expect(() => throwIfTargetDown([down, { kind: "inconclusive", down: "HTTP 503" }], "http://127.0.0.1:9")).toThrow(
      /target unavailable: http:\/\/127\.0\.0\.1:9 did not answer any preflight request \(connection refused, HTTP 503\)/,
    );
  });
  test("probes not sent (the guard) do not count either way", () => {
    expect(() => throwIfTargetDown([down, { kind: "not sent" }], "t")).toThrow(TargetUnavailable);
  });
  test("one probe answered: not unavailable (the preflight and the checks judge the rest)", () => {
    expect(() => throwIfTargetDown([down, { kind: "ok" }], "t")).not.toThrow();
    expect(() => throwIfTargetDown([down, { kind: "problem" }], "t")).not.toThrow();
  });
  test("nothing sent at all: not unavailable", () => {
    expect(() => throwIfTargetDown([{ kind: "not sent" }], "t")).not.toThrow();
  });
});

test("a command that finds the target unavailable ends with exit 3 and one line (not 2)", async () => {
  const end = await settleCommand("conformance", () => Promise.reject(new TargetUnavailable("target unavailable: x")));
  expect(end).toEqual({ code: 3, line: "conformance: target unavailable: x" });
});
