/**
 * The generic module of an operation known by its schemas and its catalogue entry: the checks
 * every operation gets (HTTP 200, JSON, response schema) and the three over generated requests
 * (valid ones succeed, invalid ones are refused, nothing gets a 5xx). No code per operation.
 */
import { CARD_API_READS, defineModule, headerVariableOf, type Module, movesMoney } from "../../lib/checks/kit.ts";
import type { Operation } from "../../lib/catalogue/index.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { generatedChecks } from "./generated.ts";
import { latencyBudget } from "./latency-budget.ts";
import { SUCCESS, successChecks } from "./success.ts";

/** One module per operation per process: check ids are registered once. */
const modules = new Map<string, Module>();

export function genericModule(op: Operation): Module {
  let module = modules.get(op.key);
  if (!module) {
    module = defineModule({
      operation: op,
      touches: movesMoney(op) ? "debits" : "read-only",
      reads: [
        ...(op.family === "card-api"
          ? CARD_API_READS
          : op.family === "partner-transfer-api"
            ? ["CRYPTO_PROFILE" as const]
            : []),
        // An operation of a partner's OpenAPI document: its shapes, and its family's auth headers.
        ...(op.source ? ["OPENAPI_DOCUMENT" as const] : []),
        ...(op.source && op.family !== "card-api" ? [headerVariableOf(op.family)].filter((v) => v !== undefined) : []),
      ],
      scenarios: {
        [SUCCESS]: async (ctx) => {
          const example = (await casesFor(op, ctx)).validExamples[0]!;
          if (example.unmet) ctx.notJudged(example.unmet.reason, example.unmet.variable);
          return ctx.sendVariant(op, await example.request(ctx));
        },
      },
      // Its ids follow from the code of its catalogue entry (catalogue/*.operation.json): the one place
      // an id is not written out, since the operation has no code of its own.
      checks: [
        ...successChecks(op, op.spec, {
          http200: `${op.code}-HTTP-200`,
          json: `${op.code}-JSON`,
          schema: `${op.code}-SCHEMA`,
        }),
        ...generatedChecks(op, op.spec, casesFor, {
          positive: `${op.code}-POSITIVE`,
          negative: `${op.code}-NEGATIVE`,
          no5xx: `${op.code}-NO-5XX`,
        }),
        latencyBudget(op, { id: `${op.code}-LATENCY-BUDGET` }),
      ],
    });
    modules.set(op.key, module);
  }
  return module;
}
