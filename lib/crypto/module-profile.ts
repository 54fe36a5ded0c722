/**
 * A user module profile: CRYPTO_PROFILE=./path/to/profile.ts (or .mts, .mjs, .js), resolved
 * against the current directory (with `npm run`, the project root) unless absolute; inside or
 * outside the checkout. The module exports a ProfileFactory as its default export or as
 * `createProfile`, and optionally `variables` (its own configuration variables) and
 * `validateKeys` (its own key formats); see docs/profile-modules.md. Importing is asynchronous,
 * so it happens once per process in the async loader (lib/crypto/index.ts › loadProfile), never
 * in the synchronous configuration reader, which only checks that the file exists.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { KeyProblem, ModuleVariable, ProfileFactory, ProfileKeys } from "./profile.ts";

export const MODULE_EXTENSIONS = [".ts", ".mts", ".mjs", ".js"];

/** A path rather than a built-in name: it has a directory separator or a module extension. */
export function isProfileModule(spec: string): boolean {
  return /[\\/]/.test(spec) || MODULE_EXTENSIONS.some((ext) => spec.endsWith(ext));
}

export function profileModulePath(spec: string): string {
  return resolve(process.cwd(), spec);
}

/** Why a module path cannot be a profile, checked without importing it; undefined when it can. */
export function moduleSpecProblem(spec: string): string | undefined {
  if (!MODULE_EXTENSIONS.some((ext) => spec.endsWith(ext))) return `must end in ${MODULE_EXTENSIONS.join(", ")}`;
  if (!existsSync(profileModulePath(spec))) return `no such file ${profileModulePath(spec)}`;
  return undefined;
}

/** What a profile module exports, checked. */
export interface ProfileModule {
  factory: ProfileFactory;
  variables: ModuleVariable[];
  validateKeys?: (keys: ProfileKeys) => KeyProblem[] | Promise<KeyProblem[]>;
}

const VARIABLE_NAME = /^[A-Z][A-Z0-9_]*$/;

/** `export const variables`: names in the .env style, each once; throws naming what is wrong. */
function declaredVariables(spec: string, declared: unknown): ModuleVariable[] {
  if (declared === undefined) return [];
  if (!Array.isArray(declared))
    throw new Error(`module ${spec}: \`variables\` must be an array of { name, secret?, doc? }`);
  const names = new Set<string>();
  return declared.map((v: unknown) => {
    const name = (v as { name?: unknown } | null)?.name;
    if (typeof name !== "string" || !VARIABLE_NAME.test(name)) {
      throw new Error(`module ${spec}: variable ${JSON.stringify(name)} is not a name such as MY_SIGNING_KEY`);
    }
    if (names.has(name)) throw new Error(`module ${spec}: variable ${name} is declared twice`);
    names.add(name);
    const { secret, doc } = v as ModuleVariable;
    return { name, secret: secret === true, ...(typeof doc === "string" ? { doc } : {}) };
  });
}

const imported = new Map<string, Promise<ProfileModule>>();

/** The module's exports, imported once per process; throws a message naming what is wrong. */
export function importProfileModule(spec: string): Promise<ProfileModule> {
  const path = profileModulePath(spec);
  let module = imported.get(path);
  if (!module) {
    module = importOnce(spec);
    imported.set(path, module);
  }
  return module;
}

async function importOnce(spec: string): Promise<ProfileModule> {
  let module: Record<string, unknown>;
  try {
    module = await import(pathToFileURL(profileModulePath(spec)).href);
  } catch (error) {
    throw new Error(`module ${spec} cannot be loaded: ${(error as Error).message.split("\n")[0]}`);
  }
  // A CommonJS module (module.exports = factory, or exports.createProfile) arrives as `default`.
  const cjs =
    module.default !== null && typeof module.default === "object" ? (module.default as Record<string, unknown>) : {};
  const factory =
    typeof module.default === "function" ? module.default : (module.createProfile ?? cjs.default ?? cjs.createProfile);
  if (typeof factory !== "function")
    throw new Error(`module ${spec} exports no profile factory (default export or createProfile)`);
  const validateKeys = module.validateKeys ?? cjs.validateKeys;
  if (validateKeys !== undefined && typeof validateKeys !== "function")
    throw new Error(`module ${spec}: validateKeys must be a function`);
  return {
    factory: factory as ProfileFactory,
    variables: declaredVariables(spec, module.variables ?? cjs.variables),
    ...(validateKeys ? { validateKeys: validateKeys as ProfileModule["validateKeys"] & object } : {}),
  };
}
