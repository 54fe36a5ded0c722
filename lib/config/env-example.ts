/** Renders .env.example from the variables table, so the two cannot drift apart. */
import { VARIABLES, type VariableSpec } from "./variables.ts";

export function renderEnvExample(): string {
  const lines = [
    "# Configuration of the conformance harness. Copy to .env and adjust; the environment overrides .env.",
    "# Every default below is the reference sandbox's published TEST data (no real card, key or secret):",
    "# with these values a run against a separately started sandbox needs no other setting.",
    "# Every variable in full: docs/configuration.md; a server of your own, step by step: docs/own-server.md.",
    "# A line appended at the end wins over the same name above it (the last line of a name wins).",
    "# An empty value means the default; `none` is the empty list of a list variable (MAXIMUM_LIMIT_TYPES=none).",
    "# Generated from lib/config/variables.ts by `npm run env:example`.",
  ];
  let group = "";
  for (const [name, spec] of Object.entries(VARIABLES) as Array<[string, VariableSpec]>) {
    if (spec.group !== group) {
      group = spec.group;
      lines.push("", `# --- ${group} ---`);
    }
    lines.push(`# ${spec.doc}${spec.secret ? " [secret: never printed]" : ""}`, `${name}=${spec.default}`);
  }
  return `${lines.join("\n")}\n`;
}
