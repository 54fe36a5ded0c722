/** A configuration problem: the run stops with exit code 2 and one line naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
  }
}
