/** Usage and configuration problems end a command with exit code 2 and one line saying what. */
import { ConfigError } from "../errors/config-error.ts";
import { SECRET_VARIABLES, VARIABLES } from "../config/variables.ts";
import { redactor } from "../redaction/redact.ts";
import { TargetUnavailable } from "./target-down.ts";

export class UsageError extends Error {
  override name = "UsageError";
}

/** DESIGN.md's exit codes: 130 and 143 are the shell's for SIGINT and SIGTERM (interrupt.ts). */
export const EXIT = { conformant: 0, failed: 1, usage: 2, unavailable: 3, sigint: 130, sigterm: 143 } as const;

/** How a command ended: its exit code, and the one line it writes to stderr when it failed. */
export interface CommandEnd {
  code: number;
  line?: string;
}

/** Runs a command's main in this process: a ConfigError or UsageError is exit 2 and one line, anything else exit 1. */
export async function settleCommand(command: string, main: () => Promise<number>): Promise<CommandEnd> {
  try {
    return { code: await main() };
  } catch (caught) {
    const error = caught as Error;
    // A message may quote what a module or a library saw (a key it rejected): secrets out first.
    redactor.addSecrets(environmentSecrets());
    const redact = (text: string) => redactor.text(text);
    if (error instanceof TargetUnavailable)
      return { code: EXIT.unavailable, line: redact(`${command}: ${error.message}`) };
    if (error instanceof ConfigError || error instanceof UsageError) {
      return {
        code: EXIT.usage,
        line: redact(`${command}: ${error instanceof ConfigError ? "configuration error: " : ""}${error.message}`),
      };
    }
    return { code: EXIT.failed, line: redact(`${command}: ${error.stack ?? error.message}`) };
  }
}

/** Runs a command's main as the process: its line to stderr, its code as the exit code. */
export function runMain(command: string, main: () => Promise<number>): void {
  void settleCommand(command, main).then(({ code, line }) => {
    if (line !== undefined) process.stderr.write(`${line}\n`);
    process.exit(code);
  });
}

/** The secret variables as the process sees them (environment, `.env`, defaults), before or without a valid configuration. */
export function environmentSecrets(env: NodeJS.ProcessEnv = process.env): Array<{ name: string; value: string }> {
  return SECRET_VARIABLES.map((name) => ({ name, value: env[name] || VARIABLES[name].default })).filter((s) => s.value);
}
