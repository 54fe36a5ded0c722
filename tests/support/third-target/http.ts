/**
 * The wire: bodies in, JSON out. Errors are RFC 9457 problem details
 * (`application/problem+json`) with a 4xx status — this target's own error style (§7: not shown).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

const MAX_BODY = 256 * 1024;

export type Status = 400 | 401 | 403 | 404 | 409 | 422;

/** A refusal the handlers throw; the server turns it into a problem answer. */
export class Problem extends Error {
  constructor(
    readonly status: Status,
    readonly slug: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The request body as text, or a Problem when it is too large. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Problem(400, "body-too-large", `the body exceeds ${MAX_BODY} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The JSON object of a request, refusing any other media type, malformed JSON and non-objects. */
export function parseJsonObject(req: IncomingMessage, text: string): Record<string, unknown> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw new Problem(400, "unsupported-media-type", "send application/json");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Problem(400, "malformed-json", "the body is not JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Problem(400, "not-an-object", "the body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

export function sendJson(res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export function sendProblem(res: ServerResponse, problem: Problem, extra: Record<string, string> = {}): void {
  const text = JSON.stringify({
    type: `https://third-target.example/problems/${problem.slug}`,
    title: problem.slug.replace(/-/g, " "),
    status: problem.status,
    detail: problem.detail,
  });
  res.writeHead(problem.status, {
    "content-type": "application/problem+json",
    "content-length": Buffer.byteLength(text),
    ...extra,
  });
  res.end(text);
}
