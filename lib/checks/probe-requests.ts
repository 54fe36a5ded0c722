/**
 * The fixture reads the preflight sends (lib/runner/preflight-probes.ts). The suites build them
 * (suites/preflight-requests.ts, through the kit) and the CLI hands them over: the runner never
 * imports the generators, and the suites never import the runner (ARCHITECTURE.md).
 */
import type { Config } from "../config/load.ts";

export interface ProbeRequests {
  statement(config: Config): unknown;
  limits(config: Config): unknown;
  /** The statement of PAYMENT_CARD_ID over a period (epoch ms): did the fixture debit post? */
  paymentStatement(config: Config, period: { start: number; end: number }): unknown;
  /** A debit of the payment card at this amount (minor units). */
  debit(config: Config, minor: number): unknown;
  /** The client data of one registration, from CLIENT_DATA_FILE or the sandbox's (not yet sealed). */
  registration(config: Config): unknown;
}
