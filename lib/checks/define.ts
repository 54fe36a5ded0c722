/**
 * Checks and modules are defined once; ids are unique across the harness. Where a check is defined
 * is not recorded here: its id is written literally in that file, so the file is found by its text
 * (cli/docs-checks.ts), never by reading a stack trace.
 */
import type { AnswerContract, ContractSpec, RememberingContractSpec } from "./contract-types.ts";
import type { Check, CheckHead, ContractCheck, Module, SendingCheck, SettledCheck } from "./types.ts";

const ID = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;
const SPEC = /^§\d+(\.\d+)*$/;
const registry = new Map<string, Check>();

/** Refuses a check whose head is malformed or whose id is taken; registers it. */
function registered<C extends Check>(check: C): C {
  if (!ID.test(check.id)) throw new Error(`check id ${check.id} is not of the form FAMILY-OP-NAME`);
  if (!SPEC.test(check.spec)) throw new Error(`check ${check.id} cites "${check.spec}", not a § clause`);
  if (registry.has(check.id)) throw new Error(`check id ${check.id} is defined twice`);
  // A must rests on the spec or on what the target declared, never on the reference sandbox's choice.
  if (check.level === "must" && check.basis === "reference")
    throw new Error(`check ${check.id} is a must resting on the reference sandbox's choice: make it info`);
  registry.set(check.id, check);
  return check;
}

/** A check that sends and reads (lib/checks/kinds/sends.ts). */
export function defineCheck(check: Omit<SendingCheck, "kind">): SendingCheck {
  return registered({ ...check, kind: "sends" });
}

/** A contract check as written: its contract keeps a memory of type M (`defineContractCheck<M>`), or none. */
export interface ContractCheckSpec<M> extends CheckHead {
  readonly contract: [M] extends [never] ? ContractSpec : RememberingContractSpec<M>;
  run: ContractCheck["run"];
  readAgain?: ContractCheck["readAgain"];
}

/** A contract judged on every answer of its operation, decided from the run's tally (lib/checks/kinds/contract.ts). */
export function defineContractCheck<M = never>(check: ContractCheckSpec<M>): ContractCheck {
  return registered({ ...check, kind: "contract", contract: answerContract(check.contract) });
}

/** A check decided at settlement, sending nothing (lib/checks/kinds/settles.ts). */
export function defineSettledCheck(check: Omit<SettledCheck, "kind">): SettledCheck {
  return registered({ ...check, kind: "settles" });
}

/** The engine's form of a contract as written: its memory, if it keeps one, made anew at each binding. */
export function answerContract<M>(spec: ContractSpec | RememberingContractSpec<M>): AnswerContract {
  const { answers } = spec;
  if (!("memory" in spec)) {
    return {
      answers,
      bind: (env) => ({ applies: (e) => spec.applies?.(e, env) ?? true, judge: (e) => spec.judge(e, env) }),
    };
  }
  return {
    answers,
    bind: (env) => {
      const kept = { ...env, memory: spec.memory(env) };
      return { applies: (e) => spec.applies?.(e, kept) ?? true, judge: (e) => spec.judge(e, kept) };
    },
  };
}

/**
 * A module lists each check once, and only checks of its own: an id names the module's operation
 * (`CARD-LIM-…` in the limits list's module) or one of the themes the module declares (`CARD-LEDGER`).
 */
export function defineModule(module: Module): Module {
  const ids = module.checks.map((c) => c.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`module ${module.operation.key} lists ${duplicate} twice`);
  const prefixes = [module.operation.code, ...(module.themes ?? [])].map((p) => `${p}-`);
  const foreign = ids.find((id) => !prefixes.some((p) => id.startsWith(p)));
  if (foreign)
    throw new Error(
      `module ${module.operation.key} lists ${foreign}, an id of another module (${prefixes.join(", ")})`,
    );
  return module;
}

/** Every check defined so far in this process. */
export function registeredChecks(): Check[] {
  return [...registry.values()];
}
