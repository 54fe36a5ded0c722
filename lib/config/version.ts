import { readFileSync } from "node:fs";

/** The harness version from package.json. */
export const HARNESS_VERSION: string = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
).version;
