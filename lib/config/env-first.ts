/**
 * Imported first by every command: loads `.env` before any other module is evaluated, because
 * some read the environment as they load (the catalogue reads CATALOGUE_DIR). Loaded later, a
 * folder set in `.env` would be seen by vitest's workers but not by the command itself.
 */
import { loadEnvFile } from "./env-file.ts";

loadEnvFile();
