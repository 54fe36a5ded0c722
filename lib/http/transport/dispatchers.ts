/**
 * The undici dispatchers of the one client: a plain keep-alive pool per origin while no network
 * setting applies (the fast path the benchmark measures), otherwise undici's EnvHttpProxyAgent with
 * the family's TLS settings — the CA (added to the system's roots), the client certificate and key
 * or PKCS#12 — for the target's connections (`connect`, and `requestTls` when tunnelled) and the
 * proxy from HTTPS_PROXY / HTTP_PROXY / NO_PROXY as configured (never re-read from process.env).
 */
import { createSecureContext, rootCertificates, type ConnectionOptions, type SecureContext } from "node:tls";
import { Client, EnvHttpProxyAgent, Pool, type Dispatcher } from "./undici.ts";
import type { Family } from "../../catalogue/types.ts";
import type { NetworkConfig, TlsSettings } from "../../config/network.ts";

export interface DispatcherOptions {
  timeoutMs: number;
  connections: number;
  network?: NetworkConfig;
}

/** The TLS settings of a family's requests; requests of no family (a token endpoint) take the common ones. */
export function tlsFor(network: NetworkConfig | undefined, family: Family | undefined): TlsSettings | undefined {
  if (!network) return undefined;
  return (family && network.families[family]) ?? network.tls;
}

/** Node's TLS options from the settings; the CA file adds to the system's roots, it does not replace them. */
function contextOptions(tls: TlsSettings) {
  return {
    ...(tls.ca ? { ca: [...rootCertificates, tls.ca] } : {}),
    ...(tls.cert ? { cert: tls.cert, key: tls.key } : {}),
    ...(tls.pfx ? { pfx: Buffer.from(tls.pfx, "base64") } : {}),
    ...(tls.passphrase ? { passphrase: tls.passphrase } : {}),
  };
}

/** The secure contexts made so far, by their settings' content: a run has one or two. */
const contexts = new Map<string, SecureContext>();
/** A bound on the map, for a process that configures many targets (the harness's own tests). */
const CONTEXTS_KEPT = 16;

/**
 * The TLS options of a connection: one secure context per settings, shared by every connection and
 * every client of the same settings. Made per connection from the options, each parsed the system's
 * ~140 root certificates again (a few milliseconds of CPU per connection). The configuration was
 * checked at start (lib/config/network.ts); should the context fail all the same, the options go
 * as they are and the connection reports it.
 */
export function tlsOptions(tls: TlsSettings | undefined): ConnectionOptions {
  if (!tls) return {};
  if (!tls.ca && !tls.cert && !tls.pfx) return contextOptions(tls);
  const key = JSON.stringify([tls.ca, tls.cert, tls.key, tls.pfx, tls.passphrase]);
  let secureContext = contexts.get(key);
  if (!secureContext) {
    try {
      secureContext = createSecureContext(contextOptions(tls));
    } catch {
      return contextOptions(tls);
    }
    if (contexts.size >= CONTEXTS_KEPT) contexts.delete(contexts.keys().next().value!);
    contexts.set(key, secureContext);
  }
  return { secureContext };
}

function hasNetworkSettings(network: NetworkConfig | undefined, tls: TlsSettings | undefined): boolean {
  const proxied = Boolean(network?.proxy.httpProxy || network?.proxy.httpsProxy);
  return proxied || Boolean(tls?.ca || tls?.cert || tls?.pfx);
}

/**
 * A dispatcher for requests to `origin` of `family`; `fresh`: a single connection of its own (the
 * keep-alive retry), which the caller closes.
 */
export function makeDispatcher(
  origin: string,
  family: Family | undefined,
  options: DispatcherOptions,
  fresh = false,
): Dispatcher {
  const tls = tlsFor(options.network, family);
  const connections = fresh ? 1 : options.connections;
  if (!hasNetworkSettings(options.network, tls)) {
    const connect = { timeout: options.timeoutMs };
    return fresh
      ? new Client(origin, { connect })
      : new Pool(origin, { connections, keepAliveTimeout: 4_000, connect });
  }
  const target = { timeout: options.timeoutMs, ...tlsOptions(tls) };
  const proxy = options.network!.proxy;
  return new EnvHttpProxyAgent({
    // "" (not undefined) where unset: undici would otherwise read process.env itself.
    httpProxy: proxy.httpProxy,
    httpsProxy: proxy.httpsProxy,
    noProxy: proxy.noProxy,
    connections,
    keepAliveTimeout: 4_000,
    // As curl: an http:// request goes to the proxy in absolute form; only https:// is tunnelled
    // (proxies commonly allow CONNECT to port 443 alone).
    proxyTunnel: false,
    connect: target,
    requestTls: target,
    proxyTls: { timeout: options.timeoutMs },
  });
}

/** The dispatchers are keyed by family and origin: two families on one origin may present different certificates. */
export function dispatcherKey(origin: string, family: Family | undefined): string {
  return `${family ?? ""} ${origin}`;
}
