/** Names and mappings shared by every report: family titles, severities, the § link map. */
import type { Level } from "../checks/types.ts";
import type { Family } from "../catalogue/types.ts";

export const FAMILY_TITLES: Record<Family, string> = {
  "card-api": "Card API",
  "partner-transfer-api": "Partner transfer API",
  "merchant-api": "Merchant API",
  "gateway-api": "Gateway API",
  "partner-api": "Partner API",
};

/** Allure severities by check level: a must failure is critical, a should one normal. */
export const SEVERITY: Record<Level, string> = { must: "critical", should: "normal", info: "minor" };

/** The one map from a § reference to its link: "§4.2" → the spec section (see allurerc / reporters). */
export const SPEC_LINK_TYPE = "spec";
export const SPEC_DOCUMENT = "docs/spec/payment-platform-interface.md";
export const DEFAULT_SPEC_URL_TEMPLATE = "spec.html#section-%s";

export function specLinkValue(spec: string): string {
  return spec.replace(/^§/, "");
}
