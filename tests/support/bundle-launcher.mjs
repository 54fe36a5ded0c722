// The cli tier's `payment-conformance`: the installed command's own body (cli/launcher.mjs: its
// table, its memory flags, the order a command starts in) with each command's modules loaded from
// the tier's bundle of the current sources instead of through tsx (cli-bundle.ts). The bundle
// holds it where the package holds the installed launcher, cli/payment-conformance.mjs, so that
// whatever starts the launcher by that place starts this one: the tests (cli.ts), ci's run, report
// and pack (the bundle's ci-step names it), the action's step given the bundle as its path. Only
// this file keeps its own import.meta.url in the bundle: the bundle's modules are found from it.
import { launch } from "../../cli/launcher.mjs";

/** The bundle's build of a module of the launcher's table (`./x.ts` of cli/ → cli/x.mjs). */
const bundled = (module) => new URL(module.replace(/\.ts$/, ".mjs"), import.meta.url).href;

async function fromBundle(command) {
  const { main } = await import(bundled(command.module));
  const { runMain } = await import(bundled("../lib/runner/cli-errors.ts"));
  return { main, runMain };
}

await launch(new URL(import.meta.url), process.argv.slice(2), fromBundle);
