// Both of tsx's hooks, as `node --import tsx` registers them: the harness's TypeScript, and a
// partner's profile module in TypeScript or CommonJS (see conformance.mjs). Imported by the
// launcher once vitest is loaded natively; or, in the cli tier's bundle of the commands
// (tests/support/cli-bundle.ts), just before a partner's profile module is imported. A module runs
// once per process, so a second import registers nothing twice.
const { register } = await import("tsx/esm/api");
const { register: registerCommonJs } = await import("tsx/cjs/api");
register();
registerCommonJs();
