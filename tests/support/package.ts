/**
 * The harness as a partner gets it: `npm pack` of this checkout, installed into an empty folder by
 * `npm ci` from npm's cache alone — `--offline` (nothing leaves the machine; the registry is an
 * unused loopback port besides). The folder's lockfile is made from this checkout's: the package's
 * dependency tree is the checkout's tree without its devDependencies, whose tarballs the checkout's
 * own `npm ci` put into the cache. Each entry gets its registry `resolved` URL, so that npm needs
 * nothing but those tarballs (found in the cache by their integrity), not the registry's metadata.
 */
import { createHash } from "node:crypto";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { basename, join } from "node:path";
import { ROOT, runProcess, type CliResult } from "./cli.ts";

export const COMMAND = "payment-conformance";
const SPEC = "file:harness.tgz";

interface LockEntry {
  version?: string;
  resolved?: string;
  link?: boolean;
  dev?: boolean;
  [field: string]: unknown;
}

export interface Packed {
  tarball: string;
  /** The paths inside the tarball. */
  files: string[];
}

/** `npm pack` of the checkout into a folder. */
export async function packHarness(dir: string): Promise<Packed> {
  const run = await runProcess("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir]);
  if (run.code !== 0) throw new Error(`npm pack exited ${run.code}: ${run.stderr}`);
  const [info] = JSON.parse(run.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  return { tarball: join(dir, info!.filename), files: info!.files.map((f) => f.path) };
}

/** The registry's tarball URL of a lock entry at `node_modules/[@scope/]name` (nested or not). */
function registryTarball(path: string, version: string): string {
  const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
  return `https://registry.npmjs.org/${name}/-/${basename(name)}-${version}.tgz`;
}

/** A lockfile for a folder whose only dependency is the packed harness. */
function partnerLockfile(tarball: string): object {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const root = lock.packages[""]!;
  const name = root.name as string;
  const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
  const packages: Record<string, unknown> = {
    "": { name: "partner", dependencies: { [name]: SPEC } },
    [`node_modules/${name}`]: {
      ...pick(root, ["version", "dependencies", "bin", "engines"]),
      resolved: SPEC,
      integrity,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path || entry.dev) continue;
    const resolved = entry.resolved ?? (entry.link ? undefined : registryTarball(path, entry.version!));
    packages[path] = { ...entry, ...(resolved ? { resolved } : {}) };
  }
  return { name: "partner", lockfileVersion: 3, requires: true, packages };
}

function pick(entry: LockEntry, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => entry[f] !== undefined).map((f) => [f, entry[f]]));
}

/** A TCP port on 127.0.0.1 that nothing listens on (taken and given back at once). */
function unusedLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Installs the packed harness into an empty folder as a partner would, from the cache only. */
export async function installPacked(folder: string, tarball: string): Promise<CliResult> {
  copyFileSync(tarball, join(folder, "harness.tgz"));
  const name = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string }).name;
  writeFileSync(
    join(folder, "package.json"),
    JSON.stringify({ name: "partner", private: true, dependencies: { [name]: SPEC } }),
  );
  writeFileSync(join(folder, "package-lock.json"), JSON.stringify(partnerLockfile(tarball)));
  const registry = `http://127.0.0.1:${await unusedLoopbackPort()}/`;
  const flags = ["--offline", "--no-audit", "--no-fund", "--ignore-scripts", `--registry=${registry}`];
  return runProcess("npm", ["ci", ...flags], {}, 240_000, folder);
}

/** The installed command, as npm linked it. */
export const installedCommand = (folder: string): string => join(folder, "node_modules", ".bin", COMMAND);
