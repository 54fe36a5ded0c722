/**
 * A user module profile: CRYPTO_PROFILE=./path/to/profile.ts (or .mts, .mjs, .js), resolved
 * against the current directory (with `npm run`, the project root). The module exports a
 * ProfileFactory as its default export or as `createProfile`. Importing is asynchronous, so it
 * happens once per process in the async loader (lib/crypto/index.ts › loadProfile), never in the
 * synchronous configuration reader, which only checks that the file exists.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ProfileFactory } from "./profile.ts";

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

/** Imports the module and returns its factory; throws a message naming what is wrong. */
export async function importProfileFactory(spec: string): Promise<ProfileFactory> {
  let module: Record<string, unknown>;
  try {
    module = await import(pathToFileURL(profileModulePath(spec)).href);
  } catch (error) {
    throw new Error(`module ${spec} cannot be loaded: ${(error as Error).message.split("\n")[0]}`);
  }
  const factory = module.default ?? module.createProfile;
  if (typeof factory !== "function") throw new Error(`module ${spec} exports no profile factory (default export or createProfile)`);
  return factory as ProfileFactory;
}
