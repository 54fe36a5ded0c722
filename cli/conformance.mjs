// The entry of `npm run conformance`. vitest is loaded natively first and tsx registered only
// afterwards, for this project's TypeScript: through tsx's loader, vitest's and vite's large
// bundles are transformed too, which costs about 150 MB for nothing (see docs/performance.md).
// Both of tsx's hooks, as `node --import tsx` does: a `.ts` profile module outside this checkout
// (no package.json with "type": "module" above it) is CommonJS by Node's rule, and without the
// CommonJS hook Node would re-read its `import` syntax as an ES module while importing it
// ("Cannot require() ES Module … in a cycle").
await import("vitest/node");
const { register } = await import("tsx/esm/api");
const { register: registerCommonJs } = await import("tsx/cjs/api");
register();
registerCommonJs();
const { main } = await import("./conformance.ts");
const { runMain } = await import("../lib/runner/cli-errors.ts");
runMain("conformance", main);
