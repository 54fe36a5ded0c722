/** The harness's git commit, for the report environment and the pack manifest; absent outside a checkout. */
import { execFileSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
let cached: string | null | undefined;

export function gitCommit(): string | undefined {
  if (cached === undefined) {
    try {
      // The harness installed in a partner's node_modules sits inside *their* repository: its HEAD is not ours.
      const out = execFileSync("git", ["rev-parse", "--show-toplevel", "HEAD"], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "ignore"],
        timeout: 5_000,
      });
      const [top, sha] = out.toString().trim().split("\n");
      const ours = top !== undefined && realpathSync(top) === realpathSync(ROOT);
      cached = ours && sha && /^[0-9a-f]{40,64}$/.test(sha) ? sha : null;
    } catch {
      // No git, not a checkout (an unpacked tarball, a container image): the commit is unknown.
      cached = null;
    }
  }
  return cached ?? undefined;
}
