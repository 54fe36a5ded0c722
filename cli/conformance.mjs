// The entry of `npm run conformance`. vitest is loaded natively first and tsx registered only
// afterwards, for this project's TypeScript: through tsx's loader, vitest's and vite's large
// bundles are transformed too, which costs about 150 MB for nothing (see docs/performance.md).
await import("vitest/node");
const { register } = await import("tsx/esm/api");
register();
const { main } = await import("./conformance.ts");
const { runMain } = await import("../lib/runner/cli-errors.ts");
runMain("conformance", main);
