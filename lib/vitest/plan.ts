/**
 * The worker's side of the run plan (lib/checks/run-plan.ts): the CLI provides it to vitest under
 * one key (lib/runner/run-vitest.ts), every worker injects it. A direct `vitest run --project
 * conformance`, with no CLI around it, gets the plan of an in-process run from the environment.
 */
import { inject } from "vitest";
import { processConfiguration } from "../config/load.ts";
import { inProcessPlan, type RunPlan } from "../checks/run-plan.ts";

declare module "vitest" {
  export interface ProvidedContext {
    runPlan: RunPlan;
  }
}

/** The key the plan travels under (provide in the CLI, inject in the workers). */
export const RUN_PLAN_KEY = "runPlan" as const;

let plan: RunPlan | undefined;

/** This worker's plan, read once. */
export function workerPlan(): RunPlan {
  return (plan ??= inject(RUN_PLAN_KEY) ?? inProcessPlan(processConfiguration()));
}
