/** The generated cases of each documented operation, by catalogue key. */
import { CARD_STATEMENT, CREATE_TRANSACTION, LIMITS_LIST, REGISTER_BUSINESS, type Operation } from "../../lib/catalogue/index.ts";
import type { CaseContext } from "../../lib/checks/types.ts";
import { businessCases } from "./business.ts";
import { limitsCases } from "./limits.ts";
import { schemaCases } from "./schema-cases.ts";
import { statementCases } from "./statement.ts";
import { transactionCases } from "./transaction.ts";
import type { OperationCases } from "./types.ts";

export type { OperationCases } from "./types.ts";

const BUILDERS = new Map([
  [REGISTER_BUSINESS.key, businessCases],
  [CARD_STATEMENT.key, statementCases],
  [CREATE_TRANSACTION.key, transactionCases],
  [LIMITS_LIST.key, limitsCases],
]);

/** The documented operations' own builders; any other operation's cases come from its schemas. */
export function casesFor(op: Operation, ctx: CaseContext): OperationCases {
  const build = BUILDERS.get(op.key);
  return build ? build(ctx.config, ctx.validators) : schemaCases(op, ctx.validators);
}
