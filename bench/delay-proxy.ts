/**
 * A delaying proxy on loopback: forwards every request to a target and holds each answer back by
 * a fixed delay — a remote target as the run sees it (latency), without a network. Bounded: at
 * most MAX_PENDING requests held at once (more are answered 503), bodies at most 4 MB.
 * Usage: node --import tsx bench/delay-proxy.ts <target-url> <delay-ms>; prints its URL.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Pool } from "undici";

const MAX_PENDING = 512;
const MAX_BODY = 4 * 1024 * 1024;
const [target, delayText] = process.argv.slice(2);
const delayMs = Number(delayText);
if (!target || !(delayMs >= 0 && delayMs <= 5_000)) {
  process.stderr.write("usage: delay-proxy.ts <target-url> <delay-ms 0..5000>\n");
  process.exit(2);
}
const pool = new Pool(target, { connections: 64, keepAliveTimeout: 10_000 });
let pending = 0;

const server = createServer({ keepAliveTimeout: 10_000 }, async (req, res) => {
  if (pending >= MAX_PENDING) return void res.writeHead(503).end();
  pending++;
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) if ((size += (chunk as Buffer).length) <= MAX_BODY) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !["host", "connection", "content-length"].includes(k)),
    ) as Record<string, string>;
    const answer = await pool.request({
      method: (req.method ?? "POST") as "POST",
      path: req.url ?? "/",
      headers,
      body: Buffer.concat(chunks),
    });
    const body = Buffer.from(await answer.body.arrayBuffer());
    // Latency added to whatever the target took, as a distant target's round trip adds it.
    await sleep(delayMs);
    const out = Object.fromEntries(
      Object.entries(answer.headers).filter(([k]) => !["connection", "keep-alive", "transfer-encoding"].includes(k)),
    );
    res.writeHead(answer.statusCode, out).end(body);
  } catch (error) {
    res.writeHead(502).end(String((error as Error).message));
  } finally {
    pending--;
  }
});
server.listen(0, "127.0.0.1", () =>
  process.stdout.write(`delay-proxy: listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`),
);
process.once("SIGTERM", () => server.close(() => process.exit(0)));
