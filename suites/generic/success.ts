/**
 * Checks applied to every documented operation's success answers, registered once per operation
 * like Schemathesis' checks: status, content type, schema, and the success values and timestamp
 * forms the spec shows. Each judges its module's answer to a valid request (scenario "success"),
 * and — as a contract (lib/checks/contract-book.ts) — every success answer of the operation the
 * run receives, whichever check sent the request: one judge for both. Each template takes its id
 * from the module that lists it, written there literally (so grepping an id from a report lands on
 * the module); the id must belong to the operation (`idOf`).
 */
import type { Operation } from "../../lib/catalogue/index.ts";
import {
  at,
  type Check,
  type CheckContext,
  type CheckHead,
  COMMON_DEFS,
  defineContractCheck,
  describeIssues,
  type Exchange,
  fail,
  type JudgeEnv,
  requireAnswer,
  requireResponse,
  requireSchema,
  requireSuccessBody,
  SUCCESS_SCENARIO,
} from "../../lib/checks/kit.ts";
import { basisFor, idOf } from "./ids.ts";

/** The scenario of a module's valid request (a refusal of it makes these checks "not judged", precondition.ts). */
export const SUCCESS = SUCCESS_SCENARIO;

/**
 * For a check that passes on a refusal: the module's valid request must be accepted first, or a
 * refusal judges nothing — a refused one ends the check not judged (ctx.scenario), no answer at
 * all fails it as the transport did, before anything more is sent.
 */
export async function requireValidAccepted(ctx: CheckContext): Promise<void> {
  requireAnswer(await ctx.scenario(SUCCESS));
}

/** Judges one answer: returns when it holds, fails (`fail(category, message)`) when not. */
export type Judge = (exchange: Exchange, env: JudgeEnv) => void;

/** What a check's own reading gives a judge: the run's configuration and schemas. */
export function judgeEnvOf(ctx: CheckContext): JudgeEnv {
  return { config: ctx.config, validators: ctx.validators };
}

/** " — on every success answer of the run, whichever check sent the request" */
export const EVERY_SUCCESS_ANSWER =
  " Judged on the module's answer to a valid request and, as a contract, on every success answer of the run, whichever check sent the request (a request meant to be refused is not judged by it).";

type Described = CheckHead & { description: string };

/** A check of the success answer: its own reading is the scenario's, its contract every success answer of the run. */
export function onEverySuccessAnswer(check: Described, judge: Judge): Check {
  return defineContractCheck({
    ...check,
    description: check.description + EVERY_SUCCESS_ANSWER,
    contract: { answers: "success", judge },
    async run(ctx) {
      judge(await ctx.scenario(SUCCESS), judgeEnvOf(ctx));
    },
  });
}

function answersHttp200(op: Operation, id: string): Check {
  return onEverySuccessAnswer(
    {
      id: idOf(op, id),
      level: "must",
      spec: "§4",
      basis: basisFor(op, "spec"),
      title: `${op.title}: a valid request is answered with HTTP 200`,
      description: "§4: a successful call answers with HTTP status 200.",
    },
    (exchange) => {
      const response = requireResponse(exchange);
      if (response.status !== 200) fail("status", `expected HTTP 200, got ${response.status}`);
    },
  );
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

function answersJson(op: Operation, id: string): Check {
  return onEverySuccessAnswer(
    {
      id: idOf(op, id),
      level: "must",
      spec: "§4",
      basis: basisFor(op, "spec"),
      title: `${op.title}: the answer is declared as application/json`,
      description: "§4: requests and responses are JSON (application/json). Parameters such as charset are accepted.",
    },
    (exchange) => {
      const contentType = requireResponse(exchange).headers["content-type"] ?? "";
      const mediaType = contentType.split(";")[0]!.trim();
      if (!JSON_MEDIA_TYPE.test(mediaType)) {
        fail("content-type", `Content-Type is ${contentType ? `"${contentType}"` : "missing"}, not application/json`);
      }
    },
  );
}

function matchesResponseSchema(op: Operation, id: string, spec: string): Check {
  const schema = op.responseSchema;
  if (!schema) throw new Error(`${op.key} has no response schema`);
  return onEverySuccessAnswer(
    {
      id: idOf(op, id),
      level: "must",
      spec,
      // The documented operations' schemas transcribe the spec; an added operation's are its author's declaration.
      basis: basisFor(op, op.documented ? "spec" : "declared"),
      title: `${op.title}: the answer matches its response schema`,
      description: `Validated against ${schema.split("/schemas/")[1]}: fields shown by the spec are required, with their types and formats; extra fields are allowed.`,
    },
    (exchange, env) => requireSchema(env.validators, schema, requireSuccessBody(exchange), "response body"),
  );
}

interface ValueSpec {
  id: string;
  path: readonly string[];
  expected: unknown;
  spec: string;
}

/** A value the spec shows for the success path (§3), e.g. status "ok", state true. */
export function successValue(op: Operation, { id, path, expected, spec }: ValueSpec): Check {
  const field = path.join(".");
  return onEverySuccessAnswer(
    {
      id: idOf(op, id),
      level: "must",
      spec,
      basis: "spec",
      title: `${op.title}: ${field} is ${JSON.stringify(expected)} on success`,
      description: `${spec}: the value shown for the success path.`,
    },
    (exchange) => {
      const actual = at(requireSuccessBody(exchange), path);
      if (actual !== expected)
        fail("value", `${field} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    },
  );
}

interface FormSpec {
  id: string;
  path: readonly string[];
  def: string;
  spec: string;
  what: string;
}

/** A field has the timestamp (or other) form of a shared definition, e.g. dt with a numeric offset. */
export function fieldForm(op: Operation, { id, path, def, spec, what }: FormSpec): Check {
  const field = path.join(".");
  return onEverySuccessAnswer(
    {
      id: idOf(op, id),
      level: "must",
      spec,
      basis: "spec",
      title: `${op.title}: ${field} is ${what}`,
      description: `${spec}: ${field} is ${what}.`,
    },
    (exchange, env) => {
      const value = at(requireSuccessBody(exchange), path);
      const { valid, issues } = env.validators.validate(`${COMMON_DEFS}/${def}`, value);
      if (!valid) fail("schema", `${field} ${JSON.stringify(value)} is not ${what}: ${describeIssues(issues)}`);
    },
  );
}

/** The ids of the three checks every operation gets for its answer to a valid request. */
export interface SuccessIds {
  http200: string;
  json: string;
  schema: string;
}

/** The three checks every documented operation gets for its answer to a valid request. */
export function successChecks(op: Operation, schemaSpec: string, ids: SuccessIds): Check[] {
  return [
    answersHttp200(op, ids.http200),
    answersJson(op, ids.json),
    matchesResponseSchema(op, ids.schema, schemaSpec),
  ];
}
