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
import { declaredMutations } from "./request-rules.ts";
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

/**
 * The documented operations' own builders; any other operation's cases come from its schemas.
 * The rows derived from the target's declared rules (REQUEST_RULES_FILE) join the mutations.
 */
export async function casesFor(op: Operation, ctx: CaseContext): Promise<OperationCases> {
  const build = BUILDERS.get(op.key);
  const cases = await (build ? build(ctx) : schemaCases(op, ctx.validators));
  const declared = declaredMutations(ctx.config, ctx.validators, op.key);
  return declared.length ? { ...cases, mutations: [...cases.mutations, ...declared] } : cases;
}
