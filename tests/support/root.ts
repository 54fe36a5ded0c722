/** The repository's root folder, for tests that read its files (a helper that starts nothing: the unit tier may load it). */
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
