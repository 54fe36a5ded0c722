/** Checks and modules are defined once; ids are unique across the harness. */
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Check, Module } from "./types.ts";

const ID = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;
const SPEC = /^§\d+(\.\d+)*$/;
const registry = new Map<string, Check>();
const sources = new Map<string, string>();
const moduleSources = new Map<Module, string>();
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FRAME_FILE = /(?:file:\/\/)?(\/[^\s():]+\.ts)/;

/** The repository files on the way to a definition, innermost first, the check engine left out (the first is the caller's). */
function definingFiles(): string[] {
  const frames = (new Error().stack ?? "").split("\n").slice(1);
  const files = frames.flatMap((line) => {
    const file = FRAME_FILE.exec(line)?.[1];
    return file ? [relative(ROOT, file).split("\\").join("/")] : [];
  });
  return [...new Set(files.filter((f) => !f.startsWith("lib/checks/") && !f.startsWith("..")))];
}

export function defineCheck(check: Check): Check {
  if (!ID.test(check.id)) throw new Error(`check id ${check.id} is not of the form FAMILY-OP-NAME`);
  if (!SPEC.test(check.spec)) throw new Error(`check ${check.id} cites "${check.spec}", not a § clause`);
  if (registry.has(check.id)) throw new Error(`check id ${check.id} is defined twice`);
  // A must rests on the spec or on what the target declared, never on the reference sandbox's choice.
  if (check.level === "must" && check.basis === "reference")
    throw new Error(`check ${check.id} is a must resting on the reference sandbox's choice: make it info`);
  registry.set(check.id, check);
  sources.set(check.id, definingFiles()[0] ?? "unknown");
  return check;
}

export function defineModule(module: Module): Module {
  const ids = module.checks.map((c) => c.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`module ${module.operation.key} lists ${duplicate} twice`);
  moduleSources.set(module, definingFiles()[0] ?? "unknown");
  return module;
}

/** Every check defined so far in this process. */
export function registeredChecks(): Check[] {
  return [...registry.values()];
}

/** Where a check is defined (docs/checks.md): the file that builds it, and the module file that lists it when that is another file. */
export function definedIn(id: string, module?: Module): string {
  const builder = sources.get(id) ?? "unknown";
  const lister = module && moduleSources.get(module);
  return lister && lister !== builder ? `${builder} (for ${lister})` : builder;
}
