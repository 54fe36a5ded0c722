/** The generated cases of each documented operation, by catalogue key. */
import {
  CARD_STATEMENT,
  CREATE_TRANSACTION,
  LIMITS_LIST,
  REGISTER_BUSINESS,
  type Operation,
} from "../../lib/catalogue/index.ts";
import type { CaseContext } from "../../lib/checks/types.ts";
import { businessCases } from "./business.ts";
import { limitsCases } from "./limits.ts";
import { obeyingCases } from "./obeying-cases.ts";
import { declaredMutations, declaredRules } from "./request-rules.ts";
import { schemaCases } from "./schema-cases.ts";
import { statementCases } from "./statement.ts";
import { transactionCases } from "./transaction.ts";
import type { OperationCases } from "./types.ts";

export type { OperationCases } from "./types.ts";

type Builder = (ctx: CaseContext) => OperationCases | Promise<OperationCases>;

const BUILDERS = new Map<string, Builder>([
  [REGISTER_BUSINESS.key, (ctx) => businessCases(ctx.config, ctx.validators)],
  [CARD_STATEMENT.key, (ctx) => statementCases(ctx.config, ctx.validators)],
  // Debits fit the target: the amounts come from its limits, read once per run context.
  [CREATE_TRANSACTION.key, async (ctx) => transactionCases(ctx.config, ctx.validators, await ctx.debitAmounts())],
  [LIMITS_LIST.key, (ctx) => limitsCases(ctx.config, ctx.validators)],
]);

/** The cases as the builders make them, before the declared rules are applied (the start check draws from these). */
export async function builtCases(op: Operation, ctx: CaseContext): Promise<OperationCases> {
  const build = BUILDERS.get(op.key);
  return build ? build(ctx) : schemaCases(op, ctx.validators);
}

/**
 * The documented operations' own builders; any other operation's cases come from its schemas.
 * With rules the target declares (REQUEST_RULES_FILE), every valid request is made to obey them,
 * and the rows derived from them join the mutations.
 */
export async function casesFor(op: Operation, ctx: CaseContext): Promise<OperationCases> {
  const cases = await builtCases(op, ctx);
  const rules = declaredRules(ctx.config, ctx.validators, op.key);
  if (!rules) return cases;
  const declared = declaredMutations(ctx.config, ctx.validators, op.key);
  return { ...obeyingCases(cases, rules), mutations: [...cases.mutations, ...declared] };
}
