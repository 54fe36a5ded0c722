/**
 * The third target: an independently written server of §4.1–§4.4 on 127.0.0.1, with its own
 * choices wherever the spec is silent (data.ts, request-rules.ts, http.ts) and a few fault modes,
 * each a broken variant that a conformance run must catch.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createTransaction, limitsList, statement, type Env, type Fault } from "./card-api.ts";
import { CARD_API_TOKEN, PARTNER_TOKEN } from "./data.ts";
import { parseJsonObject, Problem, readBody, sendJson, sendProblem } from "./http.ts";
import { Ledger } from "./ledger.ts";
import { OAUTH, TokenIssuer, type TokenAnswer } from "./oauth.ts";
import { registerBusiness } from "./partner-api.ts";

export type { Fault } from "./card-api.ts";

type Handler = (body: Record<string, any>, env: Env) => Record<string, unknown>;

interface Route {
  token: string;
  handler: Handler;
}

const ROUTES: Record<string, Route> = {
  "/v5/card-api/card/statement": { token: CARD_API_TOKEN, handler: statement },
  "/v5/card-api/transaction/create": { token: CARD_API_TOKEN, handler: createTransaction },
  "/v5/card-api/limits/list": { token: CARD_API_TOKEN, handler: limitsList },
  "/v5/partner/transfer/business/create": { token: PARTNER_TOKEN, handler: registerBusiness },
};

/** 401 without a token or with an unknown (or expired) one; 403 with a token of the other API. */
function authorize(req: IncomingMessage, expected: string, issuer: TokenIssuer | undefined): void {
  const header = req.headers.authorization ?? "";
  const token = /^Bearer (\S+)$/.exec(header)?.[1];
  if (issuer ? issuer.valid(token) : token === expected) return;
  if (!issuer && (token === CARD_API_TOKEN || token === PARTNER_TOKEN)) {
    throw new Problem(403, "wrong-api", "this token is not valid for this API");
  }
  throw new Problem(401, "unauthorized", token ? "unknown or expired bearer token" : "a bearer token is required");
}

const DEBIT_PATH = "/v5/card-api/transaction/create";

async function handle(req: IncomingMessage, res: ServerResponse, env: Env, net: Network): Promise<void> {
  const path = (req.url ?? "").split("?")[0]!;
  const route = ROUTES[path];
  if (net.issuer && path === OAUTH.path) return void sendToken(res, net.issuer.answer(req, await readBody(req)));
  try {
    if (!route) throw new Problem(404, "no-such-operation", `no operation at ${path}`);
    if (req.method !== "POST") throw new Problem(404, "no-such-operation", `no ${req.method} operation at ${path}`);
    const text = await readBody(req);
    authorize(req, route.token, net.issuer);
    const answer = route.handler(parseJsonObject(req, text), env);
    if (path === DEBIT_PATH && net.dropDebitAnswers > 0) {
      // The network, not the target: the debit is posted, its answer is lost with the connection.
      net.dropDebitAnswers -= 1;
      req.socket.destroy();
      return;
    }
    sendJson(res, answer);
  } catch (error) {
    if (error instanceof Problem) {
      const challenge: Record<string, string> =
        error.status === 401 ? { "www-authenticate": 'Bearer realm="third-target"' } : {};
      sendProblem(res, error, challenge);
    } else {
      res.writeHead(500, { "content-type": "text/plain" }).end("internal error");
    }
  }
}

function sendToken(res: ServerResponse, answer: TokenAnswer): void {
  res.writeHead(answer.status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(answer.body));
}

/** Around the handlers: what the network does (not a fault of the target) and how tokens are issued. */
interface Network {
  dropDebitAnswers: number;
  issuer?: TokenIssuer;
}

export interface ThirdModes {
  faults?: Fault[];
  /** The first N accepted debits lose their answer: posted, then the connection is closed. */
  dropDebitAnswers?: number;
  /** Tokens from the OAuth endpoint (oauth.ts) living this many seconds, instead of the static ones. */
  tokenTtlSeconds?: number;
}

export interface ThirdTarget {
  url: string;
  ledger: Ledger;
  issuer?: TokenIssuer;
  close(): Promise<void>;
}

export async function startThirdTarget(modes: ThirdModes = {}): Promise<ThirdTarget> {
  const env: Env = { ledger: new Ledger(), faults: new Set(modes.faults ?? []) };
  const net: Network = {
    dropDebitAnswers: modes.dropDebitAnswers ?? 0,
    ...(modes.tokenTtlSeconds ? { issuer: new TokenIssuer(modes.tokenTtlSeconds) } : {}),
  };
  const server = createServer((req, res) => void handle(req, res, env, net));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ledger: env.ledger,
    ...(net.issuer ? { issuer: net.issuer } : {}),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
