/**
 * Valid requests that obey the rules a target declares (REQUEST_RULES_FILE). A request built from
 * the fixtures — realistic, the harness's own — is held against the declared schema, and each rule
 * it breaks is repaired, one at a time: a missing required field added, a value outside a pattern,
 * enum, bound or anyOf drawn again from the declared rule (rule-nodes.ts), a property the rule
 * forbids removed. A fixture's value (a pinned path: the card, the period in STATEMENT_DATE_FORMAT,
 * an amount of the debit range) is never drawn again: a rule it breaks is Unsatisfiable, naming the
 * variable; so is a rule no value the generators draw can meet. The start check turns those into
 * exit 2 (generators/cases/request-rules.ts); while the checks run they are cases not sent.
 */
import { createHash, randomInt } from "node:crypto";
import type { ErrorObject } from "ajv";
import fc from "fast-check";
import { NO_VALUE } from "./bounded-filter.ts";
import { editAt, getAt } from "./pointer.ts";
import {
  declaredNode,
  declaredProperty,
  drawFor,
  escapePointer,
  givenValues,
  harnessNode,
  type Drawn,
  type RuleSchemas,
} from "./rule-nodes.ts";

/** A value the fixtures give: never drawn again. */
export interface Pin {
  /** JSON pointer of the value in the request ("/debit/card"); everything under it is the fixture's. */
  at: string;
  /** The variable whose value it is. */
  variable: string;
  /** Decided after the start (the debit range): the start check passes over it, a later one judges it. */
  late?: boolean;
  /** The value may be quoted in a message (a date, a currency; never card data). */
  shown?: boolean;
}

export interface DeclaredRules extends RuleSchemas {
  /** The operation key, for messages. */
  name: string;
  pins: readonly Pin[];
  /** Pointers of values new on every request (request_id, order_id): drawn again, they stay new on every run. */
  fresh: readonly string[];
}

/** A declared rule the generators cannot meet: `pointer` into the declared schema, and the fixture variable when one is the cause. */
export class Unsatisfiable extends Error {
  override name = "Unsatisfiable";
  constructor(
    readonly pointer: string,
    readonly variable: string | undefined,
    readonly rule: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a draw gives instead of a request when the declared rules could not be met. */
export class UnmetRules {
  constructor(readonly why: Unsatisfiable) {}
}

const MAX_REPAIRS = 24;

const segments = (pointer: string) =>
  pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
const within = (path: string, at: string) => at === "" || path === at || path.startsWith(`${at}/`);

/** The value an error is about: a missing or forbidden property's own path, else the value's. */
function targetOf(e: ErrorObject): string {
  const p = e.params as Record<string, string>;
  if (e.keyword === "required") return `${e.instancePath}/${escapePointer(p.missingProperty!)}`;
  if (e.keyword === "additionalProperties") return `${e.instancePath}/${escapePointer(p.additionalProperty!)}`;
  return e.instancePath;
}

function pinOf(rules: DeclaredRules, path: string): Pin | undefined {
  return rules.pins.filter((p) => within(path, p.at)).sort((a, b) => b.at.length - a.at.length)[0];
}

const ruleText = (e: ErrorObject) => `${e.schemaPath} (${e.message ?? e.keyword})`;

function unsatisfiable(rules: DeclaredRules, e: ErrorObject, text: string, variable?: string) {
  return new Unsatisfiable(e.schemaPath, variable, ruleText(e), `${rules.name} ${ruleText(e)}: ${text}`);
}

/** A fixture's value breaks the rule: name the variable that gives it. */
function fixtureBreaks(rules: DeclaredRules, body: unknown, e: ErrorObject, pin: Pin): Unsatisfiable {
  const target = targetOf(e);
  const shown = pin.shown ? ` ${JSON.stringify(getAt(body, segments(target)))}` : "";
  const what =
    e.keyword === "required"
      ? `${e.instancePath || "the request"} has no "${(e.params as Record<string, string>).missingProperty}"`
      : `${target || "the request"}${shown} breaks it`;
  return unsatisfiable(
    rules,
    e,
    `${what}, a value of ${pin.variable}, which the generators never change: set it to what your server takes, or correct the rule`,
    pin.variable,
  );
}

/** The draw for a missing required field, or why there is none. */
function missingField(rules: DeclaredRules, e: ErrorObject): Drawn | Unsatisfiable {
  const name = (e.params as Record<string, string>).missingProperty!;
  const declared = declaredProperty(rules, e.schemaPath.slice(0, -"/required".length), name);
  const harness = harnessNode(rules, segments(targetOf(e)));
  if (harness) return drawFor(rules, harness, declared);
  const given = givenValues(declared?.node.schema);
  if (given) return fc.constantFrom(...given);
  return unsatisfiable(
    rules,
    e,
    `"${name}" is a field no fixture gives and the harness's request schema does not describe: state its value (const, enum or examples) beside the rule, or do not require it`,
  );
}

/** One repair for one error: the body with it mended, or why it cannot be. */
function repairFor(rules: DeclaredRules, body: unknown, e: ErrorObject): fc.Arbitrary<unknown> | Unsatisfiable {
  const target = targetOf(e);
  const pin = pinOf(rules, target) ?? rules.pins.find((p) => p.at !== target && within(p.at, target));
  if (pin) return fixtureBreaks(rules, body, e, pin);
  const place = (v: unknown) => (target === "" ? v : editAt(body, segments(target), v));
  if (e.keyword === "additionalProperties") return fc.constant(editAt(body, segments(target), undefined, true));
  let drawn: Drawn | Unsatisfiable;
  try {
    drawn =
      e.keyword === "required"
        ? missingField(rules, e)
        : drawFor(
            rules,
            harnessNode(rules, segments(target)),
            declaredNode(rules, e.schemaPath.replace(/\/[^/]*$/, "")),
          );
  } catch (error) {
    return unsatisfiable(rules, e, `the generators cannot draw a value for it (${(error as Error).message})`);
  }
  if (drawn instanceof Unsatisfiable) return drawn;
  // A value new on every request is drawn outside the seed, without bias: never the same on two runs.
  const draw = rules.fresh.includes(target)
    ? fc.constant(null).map(() => fc.sample(fc.noBias(drawn), { numRuns: 1, seed: randomInt(2 ** 31) })[0])
    : drawn;
  return draw.map((v) =>
    v === NO_VALUE ? new UnmetRules(unsatisfiable(rules, e, "no value the generators draw meets it")) : place(v),
  );
}

/** The first error that can be repaired; when none can, the one to name (an anyOf over its branches' errors). */
function repairOf(rules: DeclaredRules, body: unknown, errors: ErrorObject[]): fc.Arbitrary<unknown> | Unsatisfiable {
  const outcomes = errors.map((e) => repairFor(rules, body, e));
  const repair = outcomes.find((o) => !(o instanceof Unsatisfiable));
  if (repair) return repair;
  const first = errors[0]!;
  const outer = errors
    .map((e, i) => [e, i] as const)
    .filter(([e]) => ["anyOf", "oneOf"].includes(e.keyword) && first.schemaPath.startsWith(`${e.schemaPath}/`))
    .sort(([a], [b]) => a.schemaPath.length - b.schemaPath.length)[0];
  return outcomes[outer ? outer[1] : 0] as Unsatisfiable;
}

function step(rules: DeclaredRules, body: unknown, depth: number, skipLate: boolean): fc.Arbitrary<unknown> {
  const errors = rules.registry.errors(rules.id, body).filter((e) => !skipLate || !pinOf(rules, targetOf(e))?.late);
  if (!errors.length) return fc.constant(body);
  const repair =
    depth < MAX_REPAIRS
      ? repairOf(rules, body, errors)
      : unsatisfiable(rules, errors[0]!, `the generators could not meet it in ${MAX_REPAIRS} repairs`);
  if (repair instanceof Unsatisfiable) return fc.constant(new UnmetRules(repair));
  return repair.chain((next) =>
    next instanceof UnmetRules ? fc.constant(next) : step(rules, next, depth + 1, skipLate),
  );
}

/**
 * The body, repaired until it obeys the declared rules, or UnmetRules. `skipLate`: rules on values
 * decided after the start (the debit range) are left to the later check.
 */
export function obeying(rules: DeclaredRules, body: unknown, skipLate = false): fc.Arbitrary<unknown> {
  return step(rules, body, 0, skipLate);
}

/** One obeying body for a request built outside fast-check: seeded by the body itself (its fresh ids make it new). */
export function obeyOne(rules: DeclaredRules, body: unknown): unknown {
  if (rules.registry.validate(rules.id, body).valid) return body;
  const seed = parseInt(createHash("sha256").update(JSON.stringify(body)).digest("hex").slice(0, 8), 16) % 2 ** 31;
  return fc.sample(obeying(rules, body), { numRuns: 1, seed })[0];
}
