/**
 * The platform's HTTP plumbing: POST routes, a JSON body of at most 256 KiB, and every refusal as
 * an RFC 7807 problem (`application/problem+json`: type, title, integer status, detail).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Answer } from "./ledger.ts";

const MAX_BODY = 256 * 1024;
const PROBLEM_BASE = "https://errors.fourth-platform.example/";

export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly slug: string,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
  }

  body() {
    return { type: `${PROBLEM_BASE}${this.slug}`, title: this.title, status: this.status, detail: this.detail };
  }
}

export const invalid = (detail: string) => new Problem(422, "invalid-request", "The request breaks a rule", detail);

export interface Route {
  /** A problem when the request is not authorised for this route (checked before the body is read). */
  authorise: (req: IncomingMessage) => Problem | undefined;
  /** The answer to a parsed body: synchronous, so a request's reads and writes of the book are one step. */
  handle: (body: unknown) => Answer;
}

function write(res: ServerResponse, status: number, body: unknown, type: string, extra: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(text), ...extra });
  res.end(text);
}

function writeProblem(res: ServerResponse, problem: Problem) {
  const challenge: Record<string, string> =
    problem.status === 401 ? { "www-authenticate": 'Bearer realm="fourth"' } : {};
  write(res, problem.status, problem.body(), "application/problem+json", challenge);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    throw new Problem(
      415,
      "unsupported-media-type",
      "Send JSON",
      `content type ${JSON.stringify(type)} is not application/json`,
    );
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Problem(413, "too-large", "Body too large", `the body exceeds ${MAX_BODY} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new Problem(400, "malformed-json", "Malformed JSON", "the body is not JSON");
  }
}

async function serve(routes: Record<string, Route>, req: IncomingMessage, res: ServerResponse) {
  const route = routes[new URL(req.url ?? "/", "http://x").pathname];
  if (!route)
    throw new Problem(404, "no-such-operation", "No such operation", `${req.url} is not an operation of this platform`);
  if (req.method !== "POST")
    throw new Problem(405, "method-not-allowed", "Method not allowed", "every operation is POST");
  const refused = route.authorise(req);
  if (refused) throw refused;
  const answer = route.handle(await readBody(req));
  write(res, answer.status, answer.body, "application/json; charset=utf-8");
}

export function platformServer(routes: Record<string, Route>): Server {
  const server = createServer((req, res) => {
    serve(routes, req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      // Drain what the client still sends, so that a refusal before the body is read is not a reset.
      req.resume();
      if (error instanceof Problem) writeProblem(res, error);
      else
        write(
          res,
          500,
          new Problem(500, "internal", "Internal error", String(error)).body(),
          "application/problem+json",
        );
    });
  });
  // Longer than a client's idle sockets live: a kept-alive connection is not closed under a request.
  server.keepAliveTimeout = 15_000;
  return server;
}
