/**
 * The variables of each API family (§1): the base URL its requests go to (TARGET_BASE_URL
 * otherwise) and the headers every request of it carries (a JSON object, secret). Headers for the
 * card API, whose auth the spec does not show (§5), and for the families whose operations come
 * only from a partner's OpenAPI document: their auth is what the document declares
 * (declared-auth.ts). The partner transfer API has none: its auth is the spec's (§5, the token).
 */
import type { Family } from "../catalogue/types.ts";

export const FAMILY_BASE_URL_VARIABLES = {
  "card-api": "CARD_API_BASE_URL",
  "partner-transfer-api": "PARTNER_API_BASE_URL",
  "merchant-api": "MERCHANT_API_BASE_URL",
  "gateway-api": "GATEWAY_API_BASE_URL",
  "partner-api": "OTHER_PARTNER_API_BASE_URL",
} as const satisfies Record<Family, string>;

export const FAMILY_HEADER_VARIABLES = {
  "card-api": "CARD_API_HEADERS",
  "merchant-api": "MERCHANT_API_HEADERS",
  "gateway-api": "GATEWAY_API_HEADERS",
  "partner-api": "OTHER_PARTNER_API_HEADERS",
} as const satisfies Partial<Record<Family, string>>;

export type FamilyHeaderVariable = (typeof FAMILY_HEADER_VARIABLES)[keyof typeof FAMILY_HEADER_VARIABLES];

/** The variable whose headers a family's requests carry; undefined for the partner transfer API. */
export function headerVariableOf(family: Family): FamilyHeaderVariable | undefined {
  return Object.hasOwn(FAMILY_HEADER_VARIABLES, family)
    ? FAMILY_HEADER_VARIABLES[family as keyof typeof FAMILY_HEADER_VARIABLES]
    : undefined;
}
