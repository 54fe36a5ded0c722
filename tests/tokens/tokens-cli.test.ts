/**
 * Tokens that expire, as a user meets them through the commands. The whole run with tokens that
 * live 5 s, several lifetimes long, is the network run's (tests/network/network-cli.test.ts: the
 * endpoint asked more than once, one token for every worker, every check passed), through TLS and
 * a proxy besides. A token command that states no lifetime is renewed after a 401 instead, proven
 * without a second long run: such a token kept until a 401 (tokens.unit.test.ts), the target's
 * renewal and resend with a token command, the broker renewing once for all who report the token
 * stale (tokens.sandbox.test.ts). A token source that fails — refused credentials, a token the
 * target refuses, a failing command: exit 2 naming the variable; an endpoint that is down: exit 3 —
 * ends before any check, so it is proven with the command's main in-process
 * (tests/cli/endings.sandbox.test.ts), as are the sandbox's refused token options. In-process too
 * (tokens.sandbox.test.ts): the auth checks' deliberately wrong token is never repaired, and card
 * API auth jws, and bearer with the fetched token, pass every check against a sandbox demanding them.
 * Here: what only the sandbox command's process shows.
 */
import { once } from "node:events";
import { describe, expect, test } from "vitest";
import { SANDBOX_TOKEN_CLIENT } from "../../lib/test-data/published.ts";
import { spawnCommand } from "../support/cli.ts";

const { clientId, clientSecret } = SANDBOX_TOKEN_CLIENT;

describe("npm run sandbox with short-lived tokens", () => {
  test("--token-ttl prints the token variables, and its endpoint grants the published client", async () => {
    const sandbox = spawnCommand("sandbox.ts", ["--port", "0", "--token-ttl", "5s"]);
    try {
      let out = "";
      sandbox.stdout.on("data", (d: Buffer) => (out += d));
      await expect.poll(() => out, { timeout: 20_000 }).toMatch(/PARTNER_TOKEN_URL=(\S+)/);
      expect(out).toMatch(/tokens live 5 s; the static token is refused/);
      const url = /PARTNER_TOKEN_URL=(\S+)/.exec(out)![1]!;
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}`,
      });
      expect(await res.json()).toMatchObject({ token_type: "Bearer", expires_in: 5 });
    } finally {
      sandbox.kill("SIGTERM");
    }
    await once(sandbox, "exit");
  });
});
