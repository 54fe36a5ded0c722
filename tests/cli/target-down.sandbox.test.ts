/**
 * A target that is down is exit 3, not 2 — the command's main in-process (the ending comes before
 * any check; tests/cli/conformance.test.ts proves exit 3 and its line through the process, against
 * a port nothing listens on): nothing listening, and a gateway answering 503 with nothing behind it.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { Summary } from "../../lib/reporting/summary.ts";
import { inProcess } from "../support/in-process-command.ts";
import { startMisbehavingTarget } from "../support/targets.ts";
import { tempReportsDir } from "../support/temp-dirs.ts";

const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));

describe("a target that is down: exit 3, not 2", () => {
  test("nothing listens on the port", async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const dir = tempReportsDir();
    const { code, stderr } = await inProcess("conformance", [], {
      REPORTS_DIR: dir,
      TARGET_BASE_URL: `http://127.0.0.1:${port}`,
    });
    expect(code).toBe(3);
    expect(stderr).toMatch(/target unavailable: .* did not answer any preflight request \(connection refused\)/);
    // CI reads the verdict where it always does.
    expect(summaryOf(dir)).toMatchObject({ verdict: "target unavailable", checks: [] });
    expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(/\*\*Verdict: target unavailable\*\*/);
  });

  test("every request answered 503 by a gateway with nothing behind it", async () => {
    const gateway = await startMisbehavingTarget("503");
    try {
      const { code, stderr } = await inProcess("conformance", [], { TARGET_BASE_URL: gateway.url });
      expect(code).toBe(3);
      expect(stderr).toMatch(/target unavailable: .*\(HTTP 503\)/);
    } finally {
      await gateway.close();
    }
  });
});
