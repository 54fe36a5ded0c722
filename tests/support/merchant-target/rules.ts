/**
 * The merchant target's own request rules, written by hand as its merchant-api.openapi.yaml
 * describes them (the target imports nothing of the harness's: its agreement with the harness's
 * reading of the document is what is tested). A rule broken is the name of the field.
 */
export type Body = Record<string, unknown>;

export const MERCHANT = "M0042";
export const KNOWN_PAYMENT = "6f1c2a7e-93b4-4d0a-8e5f-0c1d2e3f4a5b";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;

type Rule = (value: unknown) => boolean;

const text =
  (min: number, max: number): Rule =>
  (v) =>
    typeof v === "string" && [...v].length >= min && [...v].length <= max;
const whole =
  (min: number, max: number): Rule =>
  (v) =>
    typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
const matches =
  (re: RegExp): Rule =>
  (v) =>
    typeof v === "string" && re.test(v);
const oneOf =
  (...values: string[]): Rule =>
  (v) =>
    typeof v === "string" && values.includes(v);
const orNull =
  (rule: Rule): Rule =>
  (v) =>
    v === null || rule(v);

interface Shape {
  required: string[];
  fields: Record<string, Rule>;
}

export const SHAPES: Record<string, Shape> = {
  "/init_payment": {
    required: ["merchant_id", "order_ref", "amount_minor", "currency"],
    fields: {
      merchant_id: matches(/^M[0-9]{4}$/),
      order_ref: text(1, 32),
      amount_minor: whole(1, 10_000_000),
      currency: oneOf("KZT", "USD"),
      description: orNull(text(0, 140)),
      payer_email: matches(EMAIL),
    },
  },
  "/get_status3.php": {
    required: ["merchant_id", "payment_id"],
    fields: { merchant_id: matches(/^M[0-9]{4}$/), payment_id: matches(UUID) },
  },
  "/revoke": {
    required: ["merchant_id", "payment_id", "amount_minor"],
    fields: { merchant_id: matches(/^M[0-9]{4}$/), payment_id: matches(UUID), amount_minor: whole(1, 10_000_000) },
  },
};

/** The first field that breaks the operation's rules (a missing one, an unknown one, a bad value), if any. */
export function brokenField(shape: Shape, body: unknown): string | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return "(body)";
  const fields = body as Body;
  const missing = shape.required.find((name) => !(name in fields));
  if (missing) return missing;
  return Object.keys(fields).find((name) => !shape.fields[name] || !shape.fields[name]!(fields[name]));
}
