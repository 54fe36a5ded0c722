// The entry of `npm run conformance`: the `run` command of the installed command
// (payment-conformance.mjs), which loads vitest natively first and registers tsx only afterwards,
// for this project's TypeScript: through tsx's loader, vitest's and vite's large bundles are
// transformed too, which costs about 150 MB for nothing (see docs/performance.md).
process.argv.splice(2, 0, "run");
await import("./payment-conformance.mjs");
