/**
 * The run as a pipeline (lib/runner/pipeline.ts), in-process: every ending before the checks — a
 * preflight problem, a target that is down, a signal — unwinds the one cleanup stack (the embedded
 * sandbox closed, the run's files under REPORTS_DIR/.run removed, the signal handlers released) and
 * leaves the outputs its verdict needs, with the run described from its plan. The normal end and the
 * checks' own interruption are proven through the command (tests/cli/).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, expect, test, vi } from "vitest";
import { settleCommand, type CommandEnd } from "../../lib/runner/cli-errors.ts";
import { CleanupStack } from "../../lib/runner/cleanup.ts";
import { prepare } from "../../lib/runner/phases/prepare.ts";
import { reachTarget } from "../../lib/runner/phases/reach.ts";
import { openTarget } from "../../lib/runner/phases/target.ts";
import { runConformance } from "../../lib/runner/pipeline.ts";
import { describeRun } from "../../lib/runner/run-description.ts";
import type { RunParts } from "../../lib/runner/run-state.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { withSandbox } from "../support/harness.ts";
import { RSA_MODULE, rsaKeyFiles } from "../support/rsa-keys.ts";
import { ROOT } from "../support/root.ts";
import { startMisbehavingTarget } from "../support/targets.ts";
import { tempReportsDir } from "../support/temp-dirs.ts";

afterEach(() => void vi.unstubAllEnvs());

/** The parts of the command, with a stand-in for the embedded sandbox at this URL that counts its closing. */
function partsAt(url: string) {
  const closed = { count: 0 };
  const parts: RunParts = {
    modules: ALL_MODULES,
    moduleIndex: "suites/modules.ts",
    preflightRequests: PREFLIGHT_REQUESTS,
    checkDeclarations: async () => undefined,
    checkLateDeclarations: async () => undefined,
    startSandbox: async () => ({ url, close: async () => void closed.count++ }),
  };
  return { parts, closed };
}

/** Runs the pipeline with these variables (no TARGET_BASE_URL: the "embedded sandbox" is started); what it said on stderr too. */
async function run(
  parts: RunParts,
  env: Record<string, string>,
  during?: () => void,
): Promise<CommandEnd & { stderr: string }> {
  for (const [name, value] of Object.entries({ TARGET_BASE_URL: "", ...env })) vi.stubEnv(name, value);
  let said = "";
  const quiet = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const stderr = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((said += String(chunk)), true));
  try {
    during?.();
    return { ...(await settleCommand("conformance", () => runConformance({ quiet: true }, parts))), stderr: said };
  } finally {
    quiet.mockRestore();
    stderr.mockRestore();
  }
}

/** Calls the pipeline's own SIGINT handler (the one it adds) as the signal would, once `party` has a request. */
function signalWhenReached(party: { received: unknown[] }, before: Function[]): () => void {
  return () => {
    const poll = setInterval(() => {
      if (!party.received.length) return;
      clearInterval(poll);
      const ours = process.listeners("SIGINT").find((l) => !before.includes(l));
      (ours as (signal: string) => void)("SIGINT");
    }, 20);
  };
}

const listening = () => ({ SIGINT: process.listenerCount("SIGINT"), SIGTERM: process.listenerCount("SIGTERM") });
const runFiles = (dir: string) => (existsSync(join(dir, ".run")) ? readdirSync(join(dir, ".run")) : []);
/** The run's own folder is gone at the end, as docs/real-targets.md says, not left behind empty. */
const runFolderGone = (dir: string) => !existsSync(join(dir, ".run"));
const summaryIn = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test("a preflight problem: exit 2 with its line; the sandbox closed, the run's files removed, no handler left", async () => {
  const dir = tempReportsDir();
  const { parts, closed } = partsAt("http://127.0.0.1:9");
  const before = listening();
  const end = await run(parts, { REPORTS_DIR: dir, PARTNER_ACCESS_TOKEN: "Bearer abc" });
  expect(end.code, end.line).toBe(2);
  expect(end.line).toMatch(/preflight: PARTNER_ACCESS_TOKEN: starts with "Bearer "/);
  expect(closed.count).toBe(1);
  expect(runFiles(dir)).toEqual([]);
  expect(runFolderGone(dir)).toBe(true);
  expect(listening()).toEqual(before);
  // A configuration problem writes no verdict: its one line says what to fix.
  expect(existsSync(join(dir, "summary.json"))).toBe(false);
});

test("the target down: exit 3, summary.json says so and describes the run from its plan; the stack unwound", async () => {
  const dir = tempReportsDir();
  const { parts, closed } = partsAt(`http://127.0.0.1:${await closedPort()}`);
  const before = listening();
  const end = await run(parts, { REPORTS_DIR: dir, SEED: "17", MAX_DEBIT_TOTAL: "100.00" });
  expect(end.code, end.line).toBe(3);
  const summary = summaryIn(dir);
  expect(summary).toMatchObject({ verdict: "target unavailable", seed: 17, checks: [] });
  expect(summary.target).toMatch(/^embedded sandbox http:\/\/127\.0\.0\.1:\d+$/);
  expect(summary.workers?.processes).toBeGreaterThan(0);
  expect(summary.declaration?.idempotencyMode).toBeDefined();
  expect(closed.count).toBe(1);
  // The debit budget file is gone with the rest (one worker: its lanes are in memory, no folder).
  expect(runFiles(dir)).toEqual([]);
  expect(runFolderGone(dir)).toBe(true);
  expect(listening()).toEqual(before);
});

test("the declaration lists the variables the profile in use reads, each set or not, never one it does not read", async () => {
  const dir = tempReportsDir();
  const { parts } = partsAt(`http://127.0.0.1:${await closedPort()}`);
  const module = await run(parts, { REPORTS_DIR: dir, CRYPTO_PROFILE: RSA_MODULE, ...rsaKeyFiles().partnerSide });
  expect(module.code, module.line).toBe(3);
  // The module declares four key-file variables of its own (the partner's side sets two) and reads no standard key.
  expect(summaryIn(dir).declaration?.cryptoProfile.keys).toEqual([
    { variable: "RSA_PARTNER_PRIVATE_KEY_FILE", set: true, kind: "set (its kind is the module's)" },
    { variable: "RSA_PARTNER_PUBLIC_KEY_FILE", set: false, kind: "unset (the module gets an empty value)" },
    { variable: "RSA_PLATFORM_PUBLIC_KEY_FILE", set: true, kind: "set (its kind is the module's)" },
    { variable: "RSA_PLATFORM_PRIVATE_KEY_FILE", set: false, kind: "unset (the module gets an empty value)" },
  ]);
  vi.unstubAllEnvs();
  // A built-in profile: its three keys, the one set by the environment told from the two left at the sandbox's.
  const builtIn = await run(parts, { REPORTS_DIR: dir, PARTNER_SIGNING_KEY: "ab".repeat(32) });
  expect(builtIn.code, builtIn.line).toBe(3);
  expect(summaryIn(dir).declaration?.cryptoProfile.keys).toEqual([
    { variable: "PARTNER_SIGNING_KEY", set: true, kind: "HMAC-SHA256 key, 32 bytes (64 hex digits)" },
    {
      variable: "PLATFORM_SIGNING_KEY",
      set: false,
      kind: "HMAC-SHA256 key, 32 bytes (64 hex digits): unset, the sandbox's published key",
    },
    {
      variable: "PARTNER_ENCRYPTION_KEY",
      set: false,
      kind: "AES-256-GCM key, 32 bytes (64 hex digits): unset, the sandbox's published key",
    },
  ]);
});

test.for([
  ["during the preflight (a target that never answers)", "target"],
  ["while the access token is fetched (an endpoint that never answers)", "token endpoint"],
] as const)(
  "SIGINT %s: exit 130, verdict interrupted with nothing judged; the stack unwound",
  async ([, silentOne]) => {
    const silent = await startMisbehavingTarget("never answers");
    try {
      const dir = tempReportsDir();
      const { parts, closed } = partsAt(silentOne === "target" ? silent.url : "http://127.0.0.1:9");
      const env: Record<string, string> =
        silentOne === "target"
          ? {}
          : {
              PARTNER_TOKEN_URL: `${silent.url}/oauth/token`,
              PARTNER_CLIENT_ID: "partner-0042",
              PARTNER_CLIENT_SECRET: "not-a-real-secret",
            };
      const before = process.listeners("SIGINT");
      const end = await run(
        parts,
        { REPORTS_DIR: dir, REQUEST_TIMEOUT_MS: "60000", ...env },
        signalWhenReached(silent, before),
      );
      expect(end.code, `${end.line}\n${end.stderr}`).toBe(130);
      expect(end.stderr).toMatch(/interrupted by SIGINT before any check ran: nothing was judged/);
      expect(summaryIn(dir)).toMatchObject({ verdict: "interrupted", interrupted: "SIGINT", checks: [] });
      expect(closed.count).toBe(1);
      expect(runFiles(dir)).toEqual([]);
      expect(runFolderGone(dir)).toBe(true);
      expect(process.listeners("SIGINT")).toEqual(before);
    } finally {
      await silent.close();
    }
  },
);

/** A profile module that reads its keys only when it signs or seals (the default profile, made on each call). */
function lazyModule(): string {
  const file = join(mkdtempSync(join(tmpdir(), "lazy-profile-")), "lazy.mts");
  const defaultProfile = pathToFileURL(join(ROOT, "lib/crypto/default-profile.ts")).href;
  writeFileSync(
    file,
    `import { createDefaultProfile } from ${JSON.stringify(defaultProfile)};
export default function createProfile(keys) {
  const now = () => createDefaultProfile(keys);
  return {
    name: "lazy-default",
    sign: (body, by) => now().sign(body, by),
    verify: (body, signature, by) => now().verify(body, signature, by),
    encrypt: (data) => now().encrypt(data),
    decrypt: (text) => now().decrypt(text),
  };
}
`,
  );
  return file;
}

test("a module's standard key it reads only when it signs is declared once the preflight has signed", async () => {
  const module = lazyModule();
  await withSandbox({ profile: module }, async (sandbox) => {
    for (const [name, value] of Object.entries({ CRYPTO_PROFILE: module, TARGET_BASE_URL: sandbox.url }))
      vi.stubEnv(name, value);
    vi.stubEnv("REPORTS_DIR", tempReportsDir());
    const { parts } = partsAt(sandbox.url);
    const cleanup = new CleanupStack();
    const quiet = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const prepared = await prepare({ quiet: true }, parts);
      // Loaded, it has read no key yet: nothing to declare but what it declares (nothing).
      expect(prepared.profileReads).toEqual([]);
      const reached = await reachTarget(await openTarget(prepared, parts, cleanup), parts, cleanup);
      expect(describeRun(reached).declaration?.cryptoProfile.keys).toEqual(
        expect.arrayContaining([
          { variable: "PARTNER_SIGNING_KEY", set: false, kind: "unset, the sandbox's published key" },
          { variable: "PARTNER_ENCRYPTION_KEY", set: false, kind: "unset, the sandbox's published key" },
        ]),
      );
    } finally {
      quiet.mockRestore();
      await cleanup.unwind();
    }
  });
});
