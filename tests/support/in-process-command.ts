/**
 * A command's main called in this process with these arguments and variables, as
 * tests/cli/usage.unit.test.ts calls `conformance`: how it ended (exit code and its one line) and
 * what it wrote to stdout and stderr, the line last on stderr as the process would write it. For the
 * endings before any check (a configuration error, a preflight problem, a target that is down) and
 * the commands that start no vitest: the process path itself (exit code, one line) is proven once
 * per command by a CLI run (tests/cli/conformance.test.ts, tests/certify/certify.test.ts).
 */
import { vi } from "vitest";
import { settleCommand } from "../../lib/runner/cli-errors.ts";
import { tempReportsDir } from "./temp-dirs.ts";

export interface InProcessEnd {
  code: number;
  line?: string | undefined;
  stdout: string;
  /** What it wrote to stderr, then its line: the process's stderr. */
  stderr: string;
}

const COMMANDS = {
  conformance: () => import("../../cli/conformance.ts"),
  certify: () => import("../../cli/certify.ts"),
  sandbox: () => import("../../cli/sandbox.ts"),
} as const;

/**
 * Runs `command`'s main; REPORTS_DIR a fresh folder unless given, TARGET_BASE_URL empty (the
 * embedded sandbox) unless given. The variables are stubbed for the call and restored after.
 */
export async function inProcess(
  command: keyof typeof COMMANDS,
  args: string[],
  env: Record<string, string> = {},
): Promise<InProcessEnd> {
  for (const [name, value] of Object.entries({ REPORTS_DIR: tempReportsDir(), TARGET_BASE_URL: "", ...env }))
    vi.stubEnv(name, value);
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    const { main } = await COMMANDS[command]();
    const end = await settleCommand(command, () => main(args));
    return { ...end, stdout, stderr: end.line === undefined ? stderr : `${stderr}${end.line}\n` };
  } finally {
    out.mockRestore();
    err.mockRestore();
    vi.unstubAllEnvs();
  }
}
