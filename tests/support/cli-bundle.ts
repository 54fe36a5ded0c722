/**
 * The cli tier's bundle of the harness's commands: the modules of the launcher's table
 * (cli/launcher.mjs) and a launcher of the tests' own that loads them (bundle-launcher.mjs), built
 * by esbuild from the current sources at the start of the tier (shared-runs.setup.ts).
 * Every command the tier starts loaded its ~250 harness files through tsx's hooks, which on Node 20
 * answer each resolve and load from a thread of their own; from the bundle they load natively
 * and tsx's thread starts only for a partner's profile module (an exit 2 of the run command: about
 * 1.3 s of CPU less, a `--check` run about 1.5 s; CONTRIBUTING.md "Keep the suite fast").
 */
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { ROOT } from "./root.ts";

/** The file that holds the launcher's table of subcommands. */
const TABLE = join(ROOT, "cli", "launcher.mjs");
/** The tests' launcher, bundled where the package holds the installed one. */
const BUNDLE_LAUNCHER = join(ROOT, "tests", "support", "bundle-launcher.mjs");
const INSTALLED_LAUNCHER = "cli/payment-conformance.mjs";

/** The launcher of a bundle: `node` it as the installed cli/payment-conformance.mjs (same arguments). */
export const launcherOf = (bundle: string): string => join(bundle, INSTALLED_LAUNCHER);

/**
 * The modules the launcher imports: every `module` of its subcommand table, and the ending they
 * share. Read from the table itself, so that a new subcommand is bundled without a second list.
 */
export function bundledModules(): string[] {
  const table = [...readFileSync(TABLE, "utf8").matchAll(/module: "\.\/([\w-]+\.ts)"/g)];
  return [...table.map((m) => `cli/${m[1]}`), "lib/runner/cli-errors.ts"];
}

/**
 * Scripts of the tests' own that run as processes of their own (several processes sharing lanes or
 * a debit budget through files): bundled too, and started by `scriptArgs` (cli.ts).
 */
export const BUNDLED_SCRIPTS = ["tests/support/reserve-debits.ts"];

/** The launcher's registration of tsx's hooks, by the URL the launcher imports it by: one module, run once. */
const TSX_HOOKS = pathToFileURL(join(ROOT, "cli", "tsx-hooks.mjs")).href;

/** The one place a command starts the installed launcher (ci's run, report and pack: cli/ci-step.ts). */
const LAUNCHER_OF_CI = 'new URL("./payment-conformance.mjs", import.meta.url)';

/** The one place a command imports a partner's module: the profile module (lib/crypto/module-profile.ts). */
const PARTNER_IMPORT = "module = await import(pathToFileURL(profileModulePath(spec)).href);";

/**
 * Each harness file as it is, but for three things a bundle would otherwise change. It keeps its
 * own `import.meta.url`: the commands find the checkout, the schemas, the spec and package.json
 * from it (only the bundle's launcher keeps the bundle's: it finds the bundled modules so). ci
 * starts its nested commands with the bundle's launcher, not the installed one. And tsx is
 * registered only where it is needed, just before a partner's profile module is imported (in
 * TypeScript or CommonJS, it would not load natively): a run that names none never starts tsx's
 * thread (about 0.7 s of CPU per command).
 */
function asSources(bundle: string): Plugin {
  return {
    name: "harness-sources",
    setup(b) {
      b.onResolve({ filter: /tsx-hooks\.mjs$/ }, ({ path, resolveDir }) => ({
        path: path.startsWith("file:") ? path : pathToFileURL(resolve(resolveDir, path)).href,
        external: true,
      }));
      b.onLoad({ filter: /\.(ts|mjs)$/ }, async ({ path }) => {
        const loader = path.endsWith(".ts") ? "ts" : "js";
        const text = await readFile(path, "utf8");
        return { contents: path === BUNDLE_LAUNCHER ? text : asSource(path, text, bundle), loader };
      });
    },
  };
}

/** One harness file's text for the bundle (asSources). */
function asSource(path: string, text: string, bundle: string): string {
  if (path.endsWith(join("cli", "ci-step.ts")))
    text = replacedOnce(
      LAUNCHER_OF_CI,
      `new URL(${JSON.stringify(pathToFileURL(launcherOf(bundle)).href)})`,
      text,
      path,
    );
  text = text.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(path).href));
  if (path.endsWith(join("lib", "crypto", "module-profile.ts")))
    text = replacedOnce(
      PARTNER_IMPORT,
      `await import(${JSON.stringify(TSX_HOOKS)});\n    ${PARTNER_IMPORT}`,
      text,
      path,
    );
  return text;
}

/** `text` with `statement`, which must be there once, replaced. */
function replacedOnce(statement: string, replacement: string, text: string, path: string): string {
  const parts = text.split(statement);
  if (parts.length !== 2) throw new Error(`${path}: ${statement} is no longer there once; update cli-bundle.ts`);
  return parts.join(replacement);
}

/**
 * Builds the bundle into a fresh folder under node_modules/.cache and returns it. Inside the
 * checkout, not in /tmp: the packages stay external and resolve from the checkout's node_modules.
 * Split into shared chunks, so that a module with state (the redactor, the cleanup stack) exists
 * once however many entries import it, and a command's lazy imports stay lazy.
 */
export async function buildCliBundle(): Promise<string> {
  const cache = join(ROOT, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, "harness-cli-bundle-"));
  await build({
    absWorkingDir: ROOT,
    entryPoints: {
      ...Object.fromEntries(
        [...bundledModules(), ...BUNDLED_SCRIPTS].map((m) => [m.replace(/\.ts$/, ""), join(ROOT, m)]),
      ),
      [INSTALLED_LAUNCHER.replace(/\.mjs$/, "")]: BUNDLE_LAUNCHER,
    },
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    plugins: [asSources(dir)],
    logLevel: "warning",
  });
  return dir;
}
