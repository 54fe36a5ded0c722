/**
 * The foreign target's input rules, written from §2.2–§2.4 and its own choices: every field the
 * spec shows must have the type it shows; which are required is its own decision (the spec does
 * not say). A small shape language of its own, not the harness's schemas.
 */
type Leaf = "string" | "text" | "number" | "uuid" | "currency" | "two-digits";
type Fields = { [name: string]: [Shape, "required" | "optional"] };
type Shape = Leaf | Fields | { items: Shape };

const LEAF: Record<Leaf, (v: unknown) => boolean> = {
  "string": (v) => typeof v === "string",
  "text": (v) => typeof v === "string" && v.trim() !== "",
  "number": (v) => typeof v === "number" && Number.isFinite(v),
  "uuid": (v) => typeof v === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  "currency": (v) => typeof v === "string" && /^[A-Z]{3}$/.test(v),
  "two-digits": (v) => typeof v === "string" && /^\d{2}$/.test(v),
};

/** The first thing wrong with a value, as "field: problem"; undefined when it has the shape. */
export function shapeProblem(value: unknown, shape: Shape, at = "body"): string | undefined {
  if (typeof shape === "string") return LEAF[shape](value) ? undefined : `${at}: not a valid ${shape}`;
  // A list shape's `items` is a shape; a field list's entries are [shape, presence] pairs.
  if ("items" in shape && !Array.isArray(shape.items)) {
    if (!Array.isArray(value)) return `${at}: not an array`;
    for (const [i, item] of value.entries()) {
      const problem = shapeProblem(item, shape.items as Shape, `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return `${at}: not an object`;
  for (const [name, [inner, presence]] of Object.entries(shape as Fields)) {
    const field = (value as Record<string, unknown>)[name];
    if (field === undefined) {
      if (presence === "required") return `${at}.${name}: missing`;
      continue;
    }
    const problem = shapeProblem(field, inner, `${at}.${name}`);
    if (problem) return problem;
  }
  return undefined;
}

const req = (s: Shape): [Shape, "required"] => [s, "required"];
const opt = (s: Shape): [Shape, "optional"] => [s, "optional"];

const PARTY: Fields = {
  amount: req("number"),
  currency: req("currency"),
  terminal_number: opt("text"),
  additional_amount: opt({ items: { type: req("text"), amount: req("number"), currency: req("currency") } }),
  client: opt({ client_id: opt("text"), phone: opt("string") }),
  card: opt({
    card_id: opt("uuid"),
    card_pan: opt("text"),
    card_cvc: opt("text"),
    card_month: opt("two-digits"),
    card_year: opt("two-digits"),
    name: opt("string"),
  }),
  account: opt({ number: req("text") }),
};

export const TRANSACTION: Fields = {
  request_id: req("uuid"),
  transaction: req({ order_id: req("text"), description: opt("string"), type: req("text") }),
  debit: req(PARTY),
  credit: req(PARTY),
  additional: opt({ items: { key: req("string"), value: req("string") } }),
};

/**
 * A variant of this target that requires fewer fields (its right: §2.3 does not say which are
 * required): an account without a number, and a credit without an amount (the debit's amount).
 */
const OPTIONAL_PARTY: Fields = { ...PARTY, amount: opt("number"), account: opt({ number: opt("text") }) };
export const TRANSACTION_OPTIONAL_PARTIES: Fields = {
  ...TRANSACTION,
  debit: req(OPTIONAL_PARTY),
  credit: req(OPTIONAL_PARTY),
};

export const STATEMENT: Fields = { card_id: req("text"), start_date: req("text"), end_date: req("text") };
export const LIMITS: Fields = { request_id: req("uuid"), object: req({ type: req("text"), value: req("text") }) };
export const ENVELOPE: Fields = { payload: req({ encrypted_data: req("text") }), signature: req("text") };

/** An amount in tiyn, when it is positive with at most two decimals (KZT has two). */
export function minorUnits(amount: number): number | undefined {
  const text = String(amount);
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return undefined;
  const minor = Math.round(amount * 100);
  return minor > 0 ? minor : undefined;
}

/** A calendar date YYYY-MM-DD (the only period form this target takes). */
export function isDate(text: string): boolean {
  const at = Date.parse(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(at) && new Date(at).toISOString().startsWith(text);
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return /^\d+$/.test(digits) && sum % 10 === 0;
}

/** Its client data (inside encrypted_data): a company name and a 12-digit BIN whose last digit is a Luhn control digit. */
export function clientDataProblem(data: unknown): string | undefined {
  const shape = shapeProblem(
    data,
    { company_name: req("text"), bin: req("string"), address: opt("string"), email: opt("string") },
    "client",
  );
  if (shape) return shape;
  const { company_name, bin } = data as { company_name: string; bin: string };
  if (company_name.length > 200) return "client.company_name: longer than 200 characters";
  if (!/^\d{12}$/.test(bin) || !luhnValid(bin)) return "client.bin: not 12 digits with a valid control digit";
  return undefined;
}
