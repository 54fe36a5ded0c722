/**
 * Closed-loop load: `concurrency` loops, each sending its next request when the last one is
 * answered, bounded by a duration and a request count. The raw reference client lives here too:
 * it is what the harness is measured against, not a way the harness sends requests.
 */
import { Pool } from "undici";

export interface Load {
  rps: number;
  requests: number;
  errors: number;
  seconds: number;
}

export async function closedLoop(
  concurrency: number,
  durationMs: number,
  maxRequests: number,
  one: () => Promise<boolean>,
): Promise<Load> {
  const started = performance.now();
  const deadline = started + durationMs;
  let requests = 0;
  let errors = 0;
  const loop = async () => {
    while (performance.now() < deadline && requests < maxRequests) {
      requests++;
      if (!(await one().catch(() => false))) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  return { rps: requests / seconds, requests, errors, seconds };
}

/** The raw reference: undici keep-alive pool, a prebuilt body, the answer read and dropped. */
export function rawPoster(url: string, path: string, body: string, connections: number) {
  const pool = new Pool(url, { connections, keepAliveTimeout: 10_000 });
  const headers = { "content-type": "application/json" };
  return {
    async post(): Promise<boolean> {
      const res = await pool.request({ method: "POST", path, headers, body });
      await res.body.text();
      return res.statusCode === 200;
    },
    close: () => pool.close(),
  };
}
