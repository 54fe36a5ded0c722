/**
 * The benchmark's reference server: node:http answering every POST with fixed bytes (a real
 * sandbox statement answer, read from a file) — what serving that answer costs with no logic.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";

const body = readFileSync(process.argv[2]!);
const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
});
server.listen(0, "127.0.0.1", () =>
  process.stdout.write(`bare: listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`),
);
process.once("SIGTERM", () => server.close(() => process.exit(0)));
