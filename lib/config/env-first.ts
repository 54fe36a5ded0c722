/**
 * Imported first by every command: loads `.env` before any other module is evaluated, because
 * some read the environment as they load (the catalogue reads CATALOGUE_DIR and OPENAPI_DOCUMENT).
 * Loaded later, a folder set in `.env` would be seen by vitest's workers but not by the command
 * itself. A name in `.env` the harness does not read (a typo such as REQUEST_TIMOUT_MS) is said
 * once, on stderr — unless the CRYPTO_PROFILE module declares it as its own (imported here for its
 * `variables`; one that does not load is reported later, by the profile loader, with exit 2).
 */
import { profileVariables } from "../crypto/index.ts";
import { unknownEnvFileNames, loadEnvFile } from "./env-file.ts";

// Before the first await: sibling imports of the command are evaluated from here on.
loadEnvFile();
const moduleVariables = await profileVariables(process.env.CRYPTO_PROFILE?.trim() || "default").catch(() => []);
for (const name of unknownEnvFileNames(
  undefined,
  moduleVariables.map((v) => v.name),
)) {
  process.stderr.write(`warning: .env sets ${name}, which the harness does not read (see .env.example); ignored\n`);
}
