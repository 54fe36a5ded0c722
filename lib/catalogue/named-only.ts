/**
 * Operations the spec names without shapes (§1, §4.5, §4.6, §6, §9). They are listed in every
 * report as not covered, with the reason, so a reader sees the whole interface.
 */
import type { Family } from "./types.ts";
import type { Operation } from "./types.ts";

interface Named {
  title: string;
  path?: string;
  mutates?: boolean;
}

const REASONS: Record<string, string> = {
  "§1": "the spec names this area without paths or shapes (§1)",
  "§4.5": "the spec shows no request or response shape (§4.5)",
  "§4.6": "the spec shows no request or response shape (§4.6)",
  "§6": "the spec shows no payload, headers or trigger for this callback (§6)",
  "§9": "the spec names this variant without path or shape (§9)",
};

function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function named(family: Family, code: string, spec: string, items: Named[]): Operation[] {
  return items.map((item, i) => ({
    key: `${family}.${slug(item.title)}`,
    code: `${code}-${String(i + 1).padStart(2, "0")}`,
    family,
    title: item.title,
    method: "POST" as const,
    ...(item.path ? { path: item.path } : {}),
    spec,
    documented: false,
    mutates: item.mutates ?? false,
    notCoveredReason: REASONS[spec]!,
  }));
}

const titles = (list: string, mutating: string[] = []): Named[] =>
  list
    .split(",")
    .map((t) => t.trim())
    .map((title) => ({ title, mutates: mutating.includes(title) }));

export const NAMED_ONLY_OPERATIONS: Operation[] = [
  ...named(
    "gateway-api",
    "GW",
    "§1",
    titles("purchase, payout, transfer, card, token, create payment, read payment, read request, edit payment", [
      "purchase",
      "payout",
      "transfer",
      "create payment",
      "edit payment",
    ]),
  ),
  ...named("merchant-api", "MER", "§4.5", [
    { title: "create payment", path: "/init_payment", mutates: true },
    { title: "any amount", path: "/any_amount.php", mutates: true },
    { title: "recurring payment", path: "/make_recurring_payment", mutates: true },
    { title: "cancel payment", path: "/cancel", mutates: true },
    { title: "clearing", path: "/do_capture.php", mutates: true },
    { title: "refund payment", path: "/revoke", mutates: true },
    { title: "payment status", path: "/get_status3.php" },
  ]),
  ...named(
    "merchant-api",
    "MER-CB",
    "§6",
    titles(
      "redirect back callback, result notify callback, payout notify callback, check request callback, recurring profile notify callback",
    ),
  ),
  ...named(
    "card-api",
    "CARD-OP",
    "§4.6",
    titles(
      "activate card, block card, unblock card, balance, card info, card update, card tokenization, close card, " +
        "find card, issue card, issue plastic card, reset PIN counter, statement extended, set PIN, secret data, " +
        "bulk issue, cardholder validation, request status, cards list, set limits, clearing transaction, " +
        "refund transaction, transaction info, transaction status, client card link, client create, client info, " +
        "client update, client verify",
      [
        "issue card",
        "issue plastic card",
        "bulk issue",
        "set limits",
        "clearing transaction",
        "refund transaction",
        "client create",
      ],
    ),
  ),
  ...named(
    "card-api",
    "CARD-VER",
    "§9",
    titles("transaction status (older, deprecated variant), secret data version 2"),
  ),
  ...named(
    "partner-transfer-api",
    "PT-OP",
    "§4.6",
    titles(
      "get token, refresh token, get agents, fees, create person, create transfer, print application, confirm, " +
        "search, payout, payout confirm, cancel, get person info, get business info, status, info",
      ["create person", "create transfer", "confirm", "payout", "payout confirm", "cancel"],
    ),
  ),
];
