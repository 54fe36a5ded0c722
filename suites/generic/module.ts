/**
 * The generic module of an operation known by its schemas and its catalogue entry: the checks
 * every operation gets (HTTP 200, JSON, response schema) and the three over generated requests
 * (valid ones succeed, invalid ones are refused, nothing gets a 5xx). No code per operation.
 */
import type { Operation } from "../../lib/catalogue/index.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { defineModule } from "../../lib/checks/define.ts";
import type { Module } from "../../lib/checks/types.ts";
import { generatedChecks } from "./generated.ts";
import { SUCCESS, successChecks } from "./success.ts";

/** One module per operation per process: check ids are registered once. */
const modules = new Map<string, Module>();

export function genericModule(op: Operation): Module {
  let module = modules.get(op.key);
  if (!module) {
    module = defineModule({
      operation: op,
      scenarios: {
        [SUCCESS]: async (ctx) => {
          const request = await (await casesFor(op, ctx)).validExamples[0]!.request(ctx);
          return ctx.sendVariant(op, request);
        },
      },
      checks: [...successChecks(op, op.spec), ...generatedChecks(op, op.spec, casesFor)],
    });
    modules.set(op.key, module);
  }
  return module;
}
