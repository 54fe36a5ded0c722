/** Usage and configuration problems end a command with exit code 2 and one line saying what. */
import { ConfigError } from "../config/reader.ts";

export class UsageError extends Error {
  override name = "UsageError";
}

export const EXIT = { conformant: 0, failed: 1, usage: 2 } as const;

/** Runs a command's main; a ConfigError or UsageError becomes one line on stderr and exit 2. */
export function runMain(command: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: Error) => {
      if (error instanceof ConfigError || error instanceof UsageError) {
        process.stderr.write(`${command}: ${error instanceof ConfigError ? "configuration error: " : ""}${error.message}\n`);
        process.exit(EXIT.usage);
      }
      process.stderr.write(`${command}: ${error.stack ?? error.message}\n`);
      process.exit(EXIT.failed);
    },
  );
}
