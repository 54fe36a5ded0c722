/** Statement requests (§2.2). */
import { CARD_STATEMENT } from "../../lib/catalogue/index.ts";
import type { Config } from "../../lib/config/load.ts";
import { obeyDeclared } from "../cases/request-rules.ts";
import { formatPeriod, type Period } from "./period.ts";

export interface StatementRequest {
  card_id: string;
  start_date: string;
  end_date: string;
}

/** The statement of a card for a period, obeying the rules the target declares (REQUEST_RULES_FILE). */
export function statementRequest(cardId: string, period: Period, config: Config): StatementRequest {
  return obeyDeclared(config, CARD_STATEMENT.key, { card_id: cardId, ...formatPeriod(period, config) });
}

/** The seeded period of the configured statement card. */
export function seededStatementRequest(config: Config): StatementRequest {
  const { cardId, periodStart, periodEnd } = config.fixtures.statement;
  return statementRequest(cardId, { start: Date.parse(periodStart), end: Date.parse(periodEnd) }, config);
}
