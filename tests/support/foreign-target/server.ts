/**
 * A second, independently written implementation of §4.1–§4.4 (the "foreign target"), for the
 * harness's own tests: node:http and its own code only — nothing of sandbox/ or of the harness.
 * Its choices where the spec is silent differ from the sandbox's on purpose (see data.ts), and
 * it answers every refusal as HTTP 200 with a non-success status.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createTransaction, limits, refusal, statement, type Answer, type ForeignModes } from "./card-api.ts";
import { ACCESS_TOKEN, API_KEY, API_KEY_HEADER } from "./data.ts";
import { Ledger } from "./ledger.ts";
import { partnerRefusal, registerBusiness } from "./partner-api.ts";

export type { ForeignModes } from "./card-api.ts";

type Family = "card" | "partner";
const ROUTES: Record<string, { family: Family; handle: (body: Record<string, any>, t: State) => Answer }> = {
  "/v5/card-api/card/statement": { family: "card", handle: (b, t) => statement(b, t.ledger, t.modes) },
  "/v5/card-api/transaction/create": { family: "card", handle: (b, t) => createTransaction(b, t.ledger, t.modes) },
  "/v5/card-api/limits/list": { family: "card", handle: (b, t) => limits(b, t.ledger) },
  "/v5/partner/transfer/business/create": { family: "partner", handle: (b, t) => registerBusiness(b, t.bins) },
};

interface State {
  ledger: Ledger;
  bins: Set<string>;
  modes: ForeignModes;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const refuse = (family: Family, code: string, message: string) =>
  family === "card" ? refusal(code, message) : partnerRefusal(code.toUpperCase(), message);

async function answer(
  req: IncomingMessage,
  family: Family,
  route: (typeof ROUTES)[string],
  state: State,
): Promise<Answer> {
  const text = await readBody(req);
  if (req.method !== "POST") return refuse(family, "invalid_request", "POST only");
  const authorized =
    family === "card"
      ? req.headers[API_KEY_HEADER.toLowerCase()] === API_KEY
      : req.headers.authorization === `Bearer ${ACCESS_TOKEN}`;
  if (!authorized) return refuse(family, "unauthorized", "missing or wrong credentials");
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? ""))
    return refuse(family, "invalid_request", "Content-Type must be application/json");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(family, "invalid_request", "the body is not JSON");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body))
    return refuse(family, "invalid_request", "the body is not a JSON object");
  return route.handle(body as Record<string, any>, state);
}

/** The injected faults that rewrite an answer on its way out. */
function withFaults(body: Answer, modes: ForeignModes): Answer {
  const out = { ...body };
  if (modes.faults?.includes("dt-without-offset") && typeof out.dt === "string")
    out.dt = out.dt.replace(/[+-]\d{2}:\d{2}$/, "");
  return out;
}

export interface ForeignTarget {
  url: string;
  close(): Promise<void>;
}

export async function startForeignTarget(modes: ForeignModes = {}): Promise<ForeignTarget> {
  const state: State = { ledger: new Ledger(), bins: new Set(), modes };
  const server = createServer((req, res) => {
    const route = ROUTES[(req.url ?? "").split("?")[0]!];
    const reply = (status: number, body: unknown) => {
      const bytes = Buffer.from(JSON.stringify(body));
      res
        .writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": bytes.length })
        .end(bytes);
    };
    if (!route) {
      req.resume();
      return reply(404, { message: "no such path" });
    }
    answer(req, route.family, route, state).then(
      (body) => reply(200, withFaults(body, modes)),
      (error: Error) => reply(500, { message: error.message }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
