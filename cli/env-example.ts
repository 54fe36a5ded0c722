/** npm run env:example — rewrites .env.example from lib/config/variables.ts. */
import { writeFileSync } from "node:fs";
import { renderEnvExample } from "../lib/config/env-example.ts";

writeFileSync(new URL("../.env.example", import.meta.url), renderEnvExample());
process.stdout.write("wrote .env.example\n");
