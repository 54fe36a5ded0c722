/**
 * Profile modules without friction: a `.ts`, `.mts`, `.js` or `.mjs` module
 * loads from a folder outside the checkout (no package.json above it, so Node reads `.ts` and
 * `.js` as CommonJS there), by absolute or relative path, in-process and through the CLI; it gets
 * the keys as configured plus its own variables, may judge the keys itself (validateKeys, exit 2
 * naming the variable: settled in-process as the command settles it; a ConfigError's exit 2 through
 * the command, tests/cli/conformance.test.ts), and its secret variables are redacted.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { loadProfile } from "../../lib/crypto/index.ts";
import { loadConfiguredProfile } from "../../lib/checks/run-context.ts";
import { redactor } from "../../lib/redaction/redact.ts";
import { settleCommand } from "../../lib/runner/cli-errors.ts";
import { ROOT, runCli, runProcess } from "../support/cli.ts";
import { folderEnv } from "../support/engine-run.ts";

/** One self-contained module (node:crypto only); `sync` methods return values, not promises. */
function moduleText(kind: string, sync: boolean, typed: boolean): string {
  const t = (type: string) => (typed ? `: ${type}` : "");
  const a = sync ? "" : "async ";
  return `import { createHmac } from "node:crypto";
export const variables = [{ name: "MODULE_HMAC_KEY", secret: true, doc: "HMAC key" }, { name: "MODULE_LABEL" }];
export function validateKeys(keys${t("any")}) {
  const key = keys.variables.MODULE_HMAC_KEY;
  return key.length >= 16 ? [] : [{ variable: "MODULE_HMAC_KEY", message: "must be at least 16 characters" }];
}
export default function createProfile(keys${t("any")}) {
  const mac = (text${t("string")}) => createHmac("sha512", keys.variables.MODULE_HMAC_KEY).update(text).digest("hex");
  return {
    name: "${kind}:" + keys.variables.MODULE_LABEL + ":" + keys.partnerSigningKey,
    ${a}sign(body${t("object")}) { return mac(JSON.stringify(body)); },
    ${a}verify(body${t("object")}, signature${t("string")}) { return mac(JSON.stringify(body)) === signature; },
    ${a}encrypt(data${t("unknown")}) { return Buffer.from(JSON.stringify(data)).toString("base64"); },
    ${a}decrypt(text${t("string")}) { return JSON.parse(Buffer.from(text, "base64").toString()); },
  };
}
`;
}

const KINDS = [
  ["a.ts", false, true],
  ["b.mts", true, true],
  ["c.js", true, false],
  ["d.mjs", false, false],
] as const;

function moduleFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "profile-module-"));
  for (const [file, sync, typed] of KINDS) writeFileSync(join(dir, file), moduleText(file, sync, typed));
  return dir;
}

const dir = moduleFolder();
const OWN = { MODULE_HMAC_KEY: "a-64-byte-secret-of-the-foreign-platform-not-hex-at-all-0123456", MODULE_LABEL: "L" };

describe("in-process: each kind from a folder outside the checkout", () => {
  test.for(
    KINDS.flatMap(
      ([file]) =>
        [
          [file, "absolute"],
          [file, "relative"],
        ] as const,
    ),
  )("%s by %s path", async ([file, how]) => {
    const spec = how === "absolute" ? join(dir, file) : relative(process.cwd(), join(dir, file));
    // A signing key no built-in profile would take: a module gets it as configured.
    const config = loadConfig({ CRYPTO_PROFILE: spec, PARTNER_SIGNING_KEY: "not hex, 64 bytes? the module decides" });
    const profile = await loadConfiguredProfile(config, OWN);
    expect(profile.name).toBe(`${file}:L:not hex, 64 bytes? the module decides`);
    const body = { payload: { encrypted_data: await profile.encrypt({ a: 1 }) } };
    const signature = profile.sign(body, "partner");
    expect(signature).toBeInstanceOf(Promise);
    expect(await profile.verify(body, await signature, "partner")).toBe(true);
    expect(await profile.decrypt(body.payload.encrypted_data)).toEqual({ a: 1 });
  });
});

test("validateKeys refuses a key: a ConfigError naming the module's variable", async () => {
  const spec = join(dir, "a.ts");
  const error = await loadProfile(
    spec,
    { partnerSigningKey: "", platformSigningKey: "", encryptionKey: "" },
    { MODULE_HMAC_KEY: "short" },
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).variable).toBe("MODULE_HMAC_KEY");
  expect((error as Error).message).toBe("MODULE_HMAC_KEY: must be at least 16 characters");
});

test("a module's secret variables are replaced like every secret", async () => {
  await loadConfiguredProfile(loadConfig({ CRYPTO_PROFILE: join(dir, "d.mjs") }), OWN);
  expect(redactor.text(`key ${OWN.MODULE_HMAC_KEY} label ${OWN.MODULE_LABEL}`)).toBe("key <MODULE_HMAC_KEY> label L");
});

test("each kind loads in a process with tsx's hooks, as the command's own process loads it", async () => {
  // The command registers both of tsx's hooks (cli/payment-conformance.mjs) and prints the profile
  // it loaded; vitest's workers load it as the in-process tests above do. One process for the four
  // kinds, one whole command below.
  const script = join(dir, "load-every-kind.mjs");
  const index = pathToFileURL(join(ROOT, "lib", "crypto", "index.ts")).href;
  const keys = { partnerSigningKey: "K", platformSigningKey: "", encryptionKey: "" };
  writeFileSync(
    script,
    `const { loadProfile } = await import(${JSON.stringify(index)});
for (const file of ${JSON.stringify(KINDS.map(([file]) => file))})
  console.log((await loadProfile(${JSON.stringify(relative(ROOT, dir))} + "/" + file, ${JSON.stringify(keys)}, ${JSON.stringify(OWN)})).name);
`,
  );
  // From the checkout (where tsx is installed), each module by its path relative to it.
  const loaded = await runProcess(process.execPath, ["--import", "tsx", script], {}, 60_000, ROOT);
  expect(loaded.code, loaded.stderr).toBe(0);
  expect(loaded.stdout.trim().split("\n")).toEqual(KINDS.map(([file]) => `${file}:L:K`));
});

describe("through the CLI, from a working folder with its own .env", () => {
  // One kind through the whole command: a TypeScript module that Node would read as CommonJS there.
  test.for(KINDS.filter(([file]) => file === "a.ts").map(([file]) => file))(
    "%s: loaded, listed with its variables, no unknown-name warning",
    async (file) => {
      const work = mkdtempSync(join(tmpdir(), "profile-work-"));
      writeFileSync(
        join(work, ".env"),
        [
          `CRYPTO_PROFILE=${relative(work, join(dir, file))}`,
          ...Object.entries(OWN).map(([k, v]) => `${k}=${v}`),
          "SEED=3",
        ].join("\n"),
      );
      // One check against the embedded sandbox, which speaks the same module.
      const { code, stdout, stderr } = await runCli(
        "conformance.ts",
        ["--check", "PT-BIZ-SIGNATURE"],
        {},
        120_000,
        work,
      );
      expect(stderr).not.toMatch(/does not read|cannot be loaded/);
      expect(stdout).toMatch(
        new RegExp(`profile \\.\\./[^ ]+/${file.replace(".", "\\.")} reads MODULE_HMAC_KEY \\(secret\\), MODULE_LABEL`),
      );
      // One check is a partial run: incomplete (exit 1), the check itself passed.
      expect(code, stdout + stderr).toBe(1);
      const summary = JSON.parse(readFileSync(join(work, "reports", "summary.json"), "utf8"));
      expect(summary.verdict).toBe("incomplete");
      expect(summary.checks.map((c: { outcome: string }) => c.outcome)).toEqual(["passed"]);
      expect(readFileSync(join(work, "reports", "junit.xml"), "utf8")).not.toContain(OWN.MODULE_HMAC_KEY);
    },
  );

  test("validateKeys' refusal is exit 2 with one line naming the variable", async () => {
    const work = mkdtempSync(join(tmpdir(), "profile-work-"));
    writeFileSync(join(work, ".env"), `CRYPTO_PROFILE=${join(dir, "b.mts")}\nMODULE_HMAC_KEY=short\n`);
    // The folder's .env as the command started there reads it; the profile loaded and the end settled as it does.
    const env = folderEnv(work);
    const end = await settleCommand("conformance", () => loadConfiguredProfile(loadConfig(env), env).then(() => 0));
    expect(end.code).toBe(2);
    expect(end.line).toBe("conformance: configuration error: MODULE_HMAC_KEY: must be at least 16 characters");
  });
});

test("the example module judges its own keys: a signing key that is not hex is exit 2 naming it", async () => {
  const config = loadConfig({ CRYPTO_PROFILE: "./examples/crypto-profile.example.ts", PARTNER_SIGNING_KEY: "not-hex" });
  const error = await loadConfiguredProfile(config).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect((error as ConfigError).variable).toBe("PARTNER_SIGNING_KEY");
  expect((error as Error).message).toBe("PARTNER_SIGNING_KEY: must be 64 hex digits");
});
