/**
 * The outbound proxy, read as curl reads it: HTTPS_PROXY / HTTP_PROXY / NO_PROXY, the lower-case
 * names winning. Its credentials are secrets (redacted everywhere); the embedded sandbox goes without it.
 */
import { ConfigError } from "../errors/config-error.ts";

export interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

/** As curl reads them: the lower-case name wins; HTTPS falls back to HTTP_PROXY (as undici does). */
export function readProxy(get: (name: string) => string): ProxySettings {
  const either = (upper: string) => get(upper.toLowerCase()) || get(upper);
  const url = (upper: string) => {
    const value = either(upper);
    if (value && !isProxyUrl(value))
      throw new ConfigError(upper, "is not an http(s) URL of a proxy (such as http://proxy.example:3128)");
    return value;
  };
  const httpProxy = url("HTTP_PROXY");
  return { httpProxy, httpsProxy: url("HTTPS_PROXY") || httpProxy, noProxy: either("NO_PROXY") };
}

function isProxyUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The embedded sandbox is the harness's own, on loopback: its traffic never goes to a proxy the
 * environment names (a CI runner's HTTPS_PROXY would otherwise carry it, unless NO_PROXY said not to).
 */
export function withoutProxy<T extends { proxy: ProxySettings }>(network: T): T {
  return { ...network, proxy: { httpProxy: "", httpsProxy: "", noProxy: "" } };
}

/** The credentials in the proxy URLs, to be redacted everywhere (decoded and as written). */
export function proxySecrets(proxy: ProxySettings): Array<{ name: string; value: string }> {
  return [
    ["HTTPS_PROXY", proxy.httpsProxy],
    ["HTTP_PROXY", proxy.httpProxy],
  ].flatMap(([name, value]) => {
    if (!value) return [];
    const { username, password } = new URL(value);
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text);
      } catch {
        return text;
      }
    };
    return [password, decode(password), username && password ? `${decode(username)}:${decode(password)}` : ""]
      .filter(Boolean)
      .map((v) => ({ name: `${name!} password`, value: v }));
  });
}
