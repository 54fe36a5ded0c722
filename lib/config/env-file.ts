/** `.env` into the process environment (dotenv), the environment winning over the file. */
import { config } from "dotenv";

export function loadEnvFile(): void {
  config({ quiet: true });
}
