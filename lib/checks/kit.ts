/**
 * The kit: the one module of the engine a check author imports (`suites/` imports no other module
 * of lib/ but the vocabulary — lib/catalogue, lib/payments, lib/time, lib/test-data —, and the vitest
 * entry files lib/vitest; tests/architecture/kit-imports.unit.test.ts holds it). What a check is made
 * of: the constructors of each kind, the one way to fail and the endings, the answer readers, the
 * shared reads, the model helpers, the shapes, and the few foundation pieces a check needs (the
 * configuration's type, sealing, the schema registry's names, redaction).
 */

// The constructors, one per kind of check (types.ts CheckKinds), and of a module.
export { answerContract, defineCheck, defineContractCheck, defineModule, defineSettledCheck } from "./define.ts";
export type { ContractCheckSpec } from "./define.ts";
export { defineProperty } from "./property.ts";
export type { Case, Excuse, PropertySpec, Verdict } from "./property.ts";

// Failing, and the endings that are neither pass nor failure.
export { CheckFailure, CheckNotJudged, CheckSkipped, fail, NOT_APPLICABLE, observeReference } from "./failure.ts";
export type { FailureCategory, NotApplicableRule } from "./failure.ts";

// Reading answers.
export { answerKind, describeAnswer, requireAnswer } from "./answers.ts";
export type { AnswerKind } from "./answers.ts";
export { at, requireJsonObject, requireResponse, requireSchema, requireSuccessBody } from "./response.ts";
export { SUCCESS_SCENARIO } from "./precondition.ts";
export { jsonObject } from "../http/exchange.ts";
export type { Exchange, Intent } from "../http/exchange.ts";
export { RequestRefused } from "../http/target.ts";
export type { RequestVariant } from "../http/target.ts";

// What checks read of the configuration (reads.ts), shared by several.
export { CARD_API_READS, LIMIT_VOCABULARY_READS, rulesRead, STATEMENT_READS, UNKNOWN_CARD_READS } from "./reads.ts";
export type { Read } from "./reads.ts";

// Contracts over every answer.
export { whereFrom } from "./contract-book.ts";
export type { ContractSpec, JudgeEnv, RememberingContractSpec, RememberingEnv } from "./contract-types.ts";

// Model helpers: seeds, the shared fast-check runner, what a check touches, the latency figures.
export { deriveSeed } from "./seed.ts";
export { shrinkCase, tryCases } from "./fast-check-runner.ts";
export type { Draw } from "./fast-check-runner.ts";
export { movesMoney } from "./isolation.ts";
export type { LatencyRow } from "./meter.ts";
// Waiting for a posting on an eventually consistent ledger, and the settle times the waits measured.
export { converge, recordedSettleTimes } from "./converge.ts";
export type { Converged } from "./converge.ts";

// The shapes.
export type {
  Basis,
  CaseContext,
  Check,
  CheckContext,
  CheckHead,
  ContractCheck,
  FixtureRequest,
  Level,
  Module,
  Scenario,
  ScenarioContext,
  ScenarioName,
  SendingCheck,
  SettleContext,
  SettledCheck,
  Touches,
} from "./types.ts";
export type { ProbeRequests } from "./probe-requests.ts";

// The foundation a check needs: the configuration, sealing and keys, schema names, redaction.
export type { Config } from "../config/load.ts";
export { usesPublishedPlatformKey } from "../config/load.ts";
export { budgetOf } from "../config/measures.ts";
export { headerVariableOf } from "../config/families.ts";
export type { CryptoProfile } from "../crypto/index.ts";
export { sealRequest, unsignedPart } from "../crypto/envelope.ts";
export type { SignedRequest } from "../crypto/envelope.ts";
export { variablesText } from "../crypto/key-variables.ts";
export { COMMON_DEFS, describeIssues } from "../validation/registry.ts";
export type { JsonSchema, ValidatorRegistry } from "../validation/registry.ts";
export { redactor, shorten } from "../redaction/redact.ts";
