/**
 * The classification of network failures no local server here produces on demand (TLS 1.2 alerts,
 * DNS, other answers to CONNECT), from the errors as undici reports them; the live ones are in
 * tests/sandbox/network.sandbox.test.ts.
 */
import { expect, test } from "vitest";
import { classify } from "../../lib/http/transport/classify.ts";
import type { TransportErrorKind } from "../../lib/http/exchange.ts";

const SYNTHETIC: Array<[string, object, string | undefined, TransportErrorKind]> = [
  [
    "TLS 1.2: handshake failure for a missing client certificate",
    { code: "ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE" },
    undefined,
    "tls-client-certificate",
  ],
  ["a certificate not yet valid", { code: "CERT_NOT_YET_VALID" }, undefined, "tls-certificate-expired"],
  [
    "TLS 1.3: closed after the certificate-required alert",
    { code: "UND_ERR_SOCKET" },
    "ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED",
    "tls-client-certificate",
  ],
  ["closed with no alert", { code: "UND_ERR_SOCKET" }, undefined, "connection-reset"],
  [
    "CONNECT answered 403",
    { code: "UND_ERR_ABORTED", message: "Proxy response (403) !== 200 when HTTP Tunneling" },
    undefined,
    "proxy-refused",
  ],
  [
    "CONNECT answered 502: the target is out of reach",
    { code: "UND_ERR_ABORTED", message: "Proxy response (502) !== 200 when HTTP Tunneling" },
    undefined,
    "connection-refused",
  ],
  [
    "the proxy's name does not resolve",
    { code: "ENOTFOUND", hostname: "proxy.corp.example" },
    undefined,
    "proxy-unreachable",
  ],
  ["the target's name does not resolve", { code: "ENOTFOUND", hostname: "target.example" }, undefined, "transport"],
];

test.for(SYNTHETIC)("classified: %s", ([, error, tlsAlert, kind]) => {
  const proxy = { httpProxy: "", httpsProxy: "http://proxy.corp.example:3128", noProxy: "" };
  const context = { timeoutMs: 1000, cutByDeadline: false, proxy, ...(tlsAlert ? { tlsAlert } : {}) };
  expect(classify(Object.assign(new Error((error as { message?: string }).message ?? "x"), error), context).kind).toBe(
    kind,
  );
});
