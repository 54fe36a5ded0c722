// Both of tsx's hooks, as `node --import tsx` registers them: the harness's TypeScript, and a
// partner's profile module in TypeScript or CommonJS (see conformance.mjs). Imported by the
// launcher once vitest is loaded natively; a module runs once per process, so a second import (the
// cli tier's bundle imports it before any of its code runs: tests/support/cli-bundle.ts) registers nothing twice.
const { register } = await import("tsx/esm/api");
const { register: registerCommonJs } = await import("tsx/cjs/api");
register();
registerCommonJs();
