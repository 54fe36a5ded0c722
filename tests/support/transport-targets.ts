/**
 * Targets with the transport real deployments put in front of a server, for the harness's own
 * tests (127.0.0.1 only): a proxy in front of a sandbox that compresses every answer (gzip,
 * deflate and br in turn, streamed, so chunked), one that closes every connection after its
 * answer, one whose kept-alive connections time out quickly without saying so, and one that drops
 * a reused connection as the next request arrives (the keep-alive race at its worst).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { constants, createBrotliCompress, createDeflate, createGzip } from "node:zlib";

export const TRANSPORTS = [
  "compresses every answer",
  "closes every connection",
  "short keep-alive timeout",
  "drops reused connections",
] as const;
export type Transport = (typeof TRANSPORTS)[number];

export interface TransportTarget {
  url: string;
  /** Accept-Encoding of every request received, and the codings applied. */
  acceptEncodings: string[];
  codings: string[];
  /** Connections opened by the client. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * Brotli at quality 4, as web servers compress on the fly: its default (11, for static files)
 * costs ten times the CPU of gzip per answer, and what is proven (the client decodes br) is the
 * same at every quality.
 */
const brotli = () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
const CODERS = [
  ["gzip", createGzip],
  ["deflate", createDeflate],
  ["br", brotli],
] as const;

async function forward(
  upstream: string,
  req: IncomingMessage,
): Promise<{ status: number; contentType: string; text: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const headers = Object.fromEntries(
    Object.entries(req.headers).filter(
      (e): e is [string, string] =>
        typeof e[1] === "string" && !/^(host|connection|content-length|accept-encoding)$/i.test(e[0]),
    ),
  );
  const answer = await fetch(upstream + (req.url ?? "/"), { method: "POST", headers, body: Buffer.concat(chunks) });
  return {
    status: answer.status,
    contentType: answer.headers.get("content-type") ?? "application/json",
    text: await answer.text(),
  };
}

export async function startTransportTarget(upstream: string, kind: Transport): Promise<TransportTarget> {
  const acceptEncodings: string[] = [];
  const codings: string[] = [];
  const served = new WeakMap<Socket, number>();
  let connections = 0;
  let n = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    // The keep-alive race, deterministically: the server gives up the socket as the request arrives.
    if (kind === "drops reused connections" && count > 1) return void req.socket.destroy();
    acceptEncodings.push(String(req.headers["accept-encoding"] ?? ""));
    const answer = await forward(upstream, req);
    if (kind === "compresses every answer") {
      const [name, create] = CODERS[n++ % CODERS.length]!;
      codings.push(name);
      res.writeHead(answer.status, {
        "content-type": answer.contentType,
        "content-encoding": name,
        "vary": "accept-encoding",
      });
      const coder = create();
      coder.pipe(res);
      // Written in two pieces: the answer is streamed (chunked), not sent with a length.
      coder.write(answer.text.slice(0, 10));
      coder.end(answer.text.slice(10));
      return;
    }
    const close = kind === "closes every connection" ? { connection: "close" } : {};
    // A proxy that keeps connections alive for less than it says: no Keep-Alive hint, 50 ms idle.
    res.writeHead(answer.status, { "content-type": answer.contentType, ...close }).end(answer.text);
  };
  const server: Server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  if (kind === "short keep-alive timeout") server.keepAliveTimeout = 50;
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    acceptEncodings,
    codings,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
