/**
 * §5 partner transfer authentication, at should level (the token's origin and the algorithms are
 * not shown): a registration without the bearer, with a wrong one, without or with a tampered
 * signature, or with data that does not decrypt, is refused. One table row per way of breaking it.
 */
import { REGISTER_BUSINESS as op } from "../../lib/catalogue/index.ts";
import {
  answerKind,
  type Check,
  type CryptoProfile,
  defineCheck,
  describeAnswer,
  fail,
  type RequestVariant,
  requireAnswer,
  sealRequest,
  type SignedRequest,
} from "../../lib/checks/kit.ts";
import { fakerFor } from "../../generators/faker.ts";
import { clientDataFor } from "../../generators/partner-transfer-api/client-data.ts";
import { requireValidAccepted } from "../generic/success.ts";

type Tamper = (sealed: SignedRequest, profile: CryptoProfile) => Promise<RequestVariant>;

/**
 * Changes one character in the middle of a text, keeping its alphabet (base64, hex, JWE), into
 * one that differs even case-insensitively (hex signatures are compared without case).
 */
function flipMiddle(text: string): string {
  const i = Math.floor(text.length / 2);
  const c = text[i]!;
  const replacement = /[0-9]/.test(c) ? (c === "0" ? "1" : "0") : c.toLowerCase() === "a" ? "b" : "a";
  return text.slice(0, i) + replacement + text.slice(i + 1);
}

async function resigned(profile: CryptoProfile, encrypted_data: string): Promise<RequestVariant> {
  const payload = { encrypted_data };
  return { body: { payload, signature: await profile.sign({ payload }, "partner") } };
}

const ROWS: Array<{ id: string; what: string; tamper: Tamper }> = [
  {
    id: "PT-BIZ-AUTH-NO-BEARER",
    what: "without the bearer token",
    tamper: async (s) => ({ body: s, headers: { Authorization: undefined } }),
  },
  {
    id: "PT-BIZ-AUTH-WRONG-BEARER",
    what: "with an unknown bearer token",
    tamper: async (s) => ({ body: s, headers: { Authorization: "Bearer not-a-partner-token-000000" } }),
  },
  {
    id: "PT-BIZ-AUTH-NO-SIGNATURE",
    what: "without a signature",
    tamper: async (s) => ({ body: { payload: s.payload } }),
  },
  {
    id: "PT-BIZ-AUTH-BAD-SIGNATURE",
    what: "with a tampered signature",
    tamper: async (s) => ({ body: { ...s, signature: flipMiddle(s.signature) } }),
  },
  {
    id: "PT-BIZ-AUTH-UNDECRYPTABLE",
    what: "with encrypted_data that is not ciphertext (signed correctly)",
    tamper: async (_s, p) => resigned(p, Buffer.from("plain text, not encrypted at all").toString("base64")),
  },
  {
    id: "PT-BIZ-AUTH-TAMPERED-DATA",
    what: "with tampered encrypted_data (signed correctly)",
    tamper: async (s, p) => resigned(p, flipMiddle(s.payload.encrypted_data)),
  },
];

function refusesRegistration(row: (typeof ROWS)[number]): Check {
  return defineCheck({
    id: row.id,
    level: "should",
    spec: "§5",
    basis: "spec",
    title: `Register business client: a request ${row.what} is refused`,
    description:
      "§5: partner transfer requests carry a bearer token and a signature, and personal data is encrypted. Any 4xx, or a 2xx with state false, is a refusal.",
    async run(ctx) {
      // A refusal judges the tampering only if an untampered registration is accepted (else: not judged).
      await requireValidAccepted(ctx);
      const sealed = await sealRequest(ctx.profile, clientDataFor(ctx.config, fakerFor(ctx.seed), true));
      const variant = await row.tamper(sealed, ctx.profile);
      const exchange = await ctx.send(op, variant.body, {
        intent: "refusal",
        ...(variant.headers ? { headers: variant.headers } : {}),
      });
      requireAnswer(exchange);
      const kind = answerKind(exchange);
      if (kind === "server-error") fail("server-error", `${describeAnswer(exchange)} to a request ${row.what}`);
      if (kind !== "rejection") fail("auth", `${describeAnswer(exchange)}: a request ${row.what} was accepted`);
    },
  });
}

export const authChecks: Check[] = ROWS.map(refusesRegistration);
