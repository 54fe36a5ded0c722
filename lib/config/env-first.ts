/**
 * Imported first by every command: loads `.env` before any other module is evaluated, because
 * some read the environment as they load (the catalogue reads CATALOGUE_DIR). Loaded later, a
 * folder set in `.env` would be seen by vitest's workers but not by the command itself. A name in
 * `.env` the harness does not read (a typo such as REQUEST_TIMOUT_MS) is said once, on stderr.
 */
import { unknownEnvFileNames, loadEnvFile } from "./env-file.ts";

loadEnvFile();
for (const name of unknownEnvFileNames()) {
  process.stderr.write(`warning: .env sets ${name}, which the harness does not read (see .env.example); ignored\n`);
}
