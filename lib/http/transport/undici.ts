/**
 * The undici dispatchers the one client uses, loaded from their own modules rather than the
 * package's index: the index loads all of undici (fetch, WebSocket, caches, mock agents), about
 * 250 ms of CPU in each thread that imports it — a run's main thread and its worker, in every run
 * — where these take about 90. The request API is put on the dispatchers as the index puts it.
 */
import { createRequire } from "node:module";
import type * as Undici from "undici";

const load = createRequire(import.meta.url);

Object.assign(
  (load("undici/lib/dispatcher/dispatcher.js") as typeof Undici.Dispatcher).prototype,
  load("undici/lib/api/index.js"),
);

export const Client = load("undici/lib/dispatcher/client.js") as typeof Undici.Client;
export const Pool = load("undici/lib/dispatcher/pool.js") as typeof Undici.Pool;
export const EnvHttpProxyAgent = load(
  "undici/lib/dispatcher/env-http-proxy-agent.js",
) as typeof Undici.EnvHttpProxyAgent;
export type Dispatcher = Undici.Dispatcher;
