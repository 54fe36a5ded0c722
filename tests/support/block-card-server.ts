/**
 * A small target for the example operation of docs/examples/catalogue/block-card: it implements
 * block card as that example's schemas describe it, or with one fault, to show the generic suite
 * checking an operation added with no code.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { formatWithOffset } from "../../lib/time/iso.ts";

export type BlockCardFault = "none" | "accepts anything" | "500 on invalid input" | "answers without dt";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REASONS = ["lost", "stolen", "fraud", "customer-request"];

function valid(text: string): boolean {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const cardId = body.card_id;
  return (
    typeof body.request_id === "string" &&
    UUID.test(body.request_id) &&
    typeof cardId === "string" &&
    cardId.length >= 1 &&
    [...cardId].length <= 64 &&
    REASONS.includes(body.reason as string)
  );
}

export async function startBlockCardServer(fault: BlockCardFault): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (c: Buffer) => (text += c));
    req.on("end", () => {
      const json = /^application\/json\b/i.test(req.headers["content-type"] ?? "");
      const ok = (json && valid(text)) || fault === "accepts anything";
      const status = ok ? 200 : fault === "500 on invalid input" ? 500 : 400;
      const body = ok
        ? {
            status: "ok",
            request_status: "success",
            ...(fault === "answers without dt" ? {} : { dt: formatWithOffset(Date.now(), "+05:00") }),
          }
        : { status: "error", request_status: "failed" };
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
