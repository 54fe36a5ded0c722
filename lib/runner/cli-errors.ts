/** Usage and configuration problems end a command with exit code 2 and one line saying what. */
import { ConfigError } from "../config/errors.ts";
import { SECRET_VARIABLES, VARIABLES } from "../config/variables.ts";
import { redactor } from "../redaction/redact.ts";

export class UsageError extends Error {
  override name = "UsageError";
}

export const EXIT = { conformant: 0, failed: 1, usage: 2 } as const;

/** Runs a command's main; a ConfigError or UsageError becomes one line on stderr and exit 2. */
export function runMain(command: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: Error) => {
      // A message may quote what a module or a library saw (a key it rejected): secrets out first.
      redactor.addSecrets(environmentSecrets());
      if (error instanceof ConfigError || error instanceof UsageError) {
        process.stderr.write(redactor.text(`${command}: ${error instanceof ConfigError ? "configuration error: " : ""}${error.message}`) + "\n");
        process.exit(EXIT.usage);
      }
      process.stderr.write(redactor.text(`${command}: ${error.stack ?? error.message}`) + "\n");
      process.exit(EXIT.failed);
    },
  );
}

/** The secret variables as the process sees them (environment, `.env`, defaults), before or without a valid configuration. */
function environmentSecrets(): Array<{ name: string; value: string }> {
  return SECRET_VARIABLES.map((name) => ({ name, value: process.env[name] || VARIABLES[name].default })).filter((s) => s.value);
}
