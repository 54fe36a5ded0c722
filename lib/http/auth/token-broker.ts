/**
 * One access token for the whole run, not one per worker: the CLI holds the token source and
 * serves it on a loopback port to its vitest workers, each request carrying a per-run secret.
 * A worker keeps the token until the broker says to renew it, and after a 401 asks for a renewal
 * naming the stale token — the broker renews once however many workers ask with the same one.
 * Broker requests go through the one HTTP client, like every request of the harness.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { redactor } from "../../redaction/redact.ts";
import { learnToken, type AccessTokens, type RenewingTokens } from "./access-tokens.ts";
import { HttpClient } from "../transport/client.ts";

/** Where a worker finds the broker: travels in the run plan (lib/checks/run-plan.ts). */
export interface BrokerAddress {
  url: string;
  secret: string;
}
const SECRET_HEADER = "x-token-broker-secret";

export interface RunningBroker {
  address: BrokerAddress;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text.length < 65_536 ? (text += chunk) : undefined));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  const a = Buffer.from(typeof given === "string" ? given : "");
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function serve(tokens: RenewingTokens, secret: string, req: IncomingMessage, res: ServerResponse) {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (!sameSecret(req.headers[SECRET_HEADER], secret)) return reply(403, { error: "not a worker of this run" });
  const body = await readBody(req);
  try {
    const stale = req.url === "/renew" ? (JSON.parse(body) as { stale?: unknown }).stale : undefined;
    const token = typeof stale === "string" ? await tokens.renew(stale) : await tokens.current();
    reply(200, { token, renewAt: tokens.renewAt() });
  } catch (error) {
    reply(502, { error: redactor.text((error as Error).message) });
  }
}

/** Serves `tokens` on 127.0.0.1 at a random port until closed. */
export async function startTokenBroker(tokens: RenewingTokens): Promise<RunningBroker> {
  const secret = randomBytes(24).toString("base64url");
  redactor.addSecrets([{ name: "TOKEN_BROKER_SECRET", value: secret }]);
  const server = createServer((req, res) => void serve(tokens, secret, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    address: { url: `http://127.0.0.1:${port}`, secret },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A worker's side: the broker's token, kept until the broker's renewal instant. */
export class BrokeredTokens implements AccessTokens {
  private held: { token: string; renewAt: number } | undefined;
  private readonly client: HttpClient;

  constructor(
    private readonly address: BrokerAddress,
    timeoutMs: number,
  ) {
    this.client = new HttpClient({ timeoutMs, connections: 2 });
  }

  async current(): Promise<string> {
    if (this.held && Date.now() < this.held.renewAt) return this.held.token;
    return this.ask("/current", {});
  }

  renew(stale: string): Promise<string> {
    return this.ask("/renew", { stale });
  }

  private async ask(path: string, body: unknown): Promise<string> {
    const exchange = await this.client.post(this.address.url + path, {
      headers: { "content-type": "application/json", [SECRET_HEADER]: this.address.secret },
      bodyText: JSON.stringify(body),
    });
    const answer = exchange.response?.json as { token?: string; renewAt?: number | null; error?: string } | undefined;
    if (exchange.response?.status !== 200 || typeof answer?.token !== "string") {
      const why = answer?.error ?? exchange.transportError?.message ?? `HTTP ${exchange.response?.status}`;
      throw new Error(`no access token from the run's token broker: ${why}`);
    }
    learnToken(answer.token);
    this.held = { token: answer.token, renewAt: answer.renewAt ?? Infinity };
    return answer.token;
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
