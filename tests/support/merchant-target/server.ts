/**
 * A merchant target of the tests' own: three merchant operations of §4.5 (create payment,
 * payment status, refund) with shapes of its own, described by merchant-api.openapi.yaml, under
 * the base path /merchant, an API key in X-Merchant-Key. Correct by default; each fault breaks one
 * thing its document promises, for the generic checks to catch.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brokenField, KNOWN_PAYMENT, MERCHANT, SHAPES, type Body } from "./rules.ts";

export const MERCHANT_KEY = "mk-test-7731";

export type MerchantFault = "none" | "amount as a string" | "500 to a bad request" | "no created_at";

/** Where the target's operations live: MERCHANT_API_BASE_URL is the URL and this. */
export const BASE_PATH = "/merchant";

function payment(body: Body, fault: MerchantFault, created: boolean): Body {
  const amount = typeof body.amount_minor === "number" ? body.amount_minor : 1500;
  return {
    payment_id: created ? randomUUID() : KNOWN_PAYMENT,
    state: created ? "created" : "paid",
    amount_minor: fault === "amount as a string" ? String(amount) : amount,
    currency: typeof body.currency === "string" ? body.currency : "KZT",
    ...(fault === "no created_at" ? {} : { created_at: new Date().toISOString() }),
    redirect_url: created ? `https://pay.example.org/p/${encodeURIComponent(String(body.order_ref))}` : null,
  };
}

function answer(path: string, body: Body, fault: MerchantFault): [number, Body] {
  if (body.merchant_id !== MERCHANT) return [403, { error: "unknown_merchant" }];
  if (path === "/init_payment") return [200, payment(body, fault, true)];
  if (body.payment_id !== KNOWN_PAYMENT) return [404, { error: "unknown_payment" }];
  if (path === "/get_status3.php") return [200, payment(body, fault, false)];
  return [200, { refund_id: randomUUID(), payment_id: KNOWN_PAYMENT, state: "accepted" }];
}

function handle(req: IncomingMessage, text: string, fault: MerchantFault): [number, Body] {
  const path = (req.url ?? "").startsWith(BASE_PATH) ? req.url!.slice(BASE_PATH.length) : "";
  const shape = SHAPES[path];
  if (req.method !== "POST" || !shape) return [404, { error: "no_such_operation" }];
  if (req.headers["x-merchant-key"] !== MERCHANT_KEY) return [401, { error: "bad_key" }];
  const refuse = (status: number, error: string): [number, Body] => [
    fault === "500 to a bad request" ? 500 : status,
    { error },
  ];
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) return refuse(415, "json_only");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(400, "not_json");
  }
  const broken = brokenField(shape, body);
  if (broken) return refuse(422, `invalid:${broken}`);
  return answer(path, body as Body, fault);
}

export async function startMerchantTarget(fault: MerchantFault = "none") {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => {
      const [status, body] = handle(req, text, fault);
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
