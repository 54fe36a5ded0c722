/**
 * The foreign target's own test data: nothing here is the reference sandbox's. Its choices where
 * the spec is silent (§2.2 dates, §2.4 limit types and groups, §5 keys) are deliberately other
 * than the sandbox's: date-only statement periods read at +06:00, a `min` of 100.00, cumulative
 * limits named `max_daily` / `max_monthly`, an extra `cash` group, HMAC-SHA512 with 64-byte keys.
 */

/** Its clock: every dt is written at this offset, date-only periods are read at it. */
export const UTC_OFFSET = "+06:00";
export const CURRENCY = "KZT";
export const TERMINAL = "TRM-77001";
export const CREDIT_ACCOUNT = "KZ11125KZT1001300455";
export const ACCESS_TOKEN = "ftk_test_gIa3lix54qUWbTSWKP7giZJX5XQpaORW";
/** Card API auth (not shown, §5): an API key header. */
export const API_KEY_HEADER = "X-Api-Key";
export const API_KEY = "fk_test_7Qm2Rz8LwXc4Vb9Nt1Kd";

/** 64-byte keys, hex: the partner's and the platform's HMAC-SHA512 keys, and AES-256 ‖ HMAC-SHA256 for client data. */
export const KEYS = {
  partnerHmac:
    "fb6fe811846d1c4555f58aad6dcced75497c15fcf34710c0a14f48edecbeec4ce20f8d8fd8ada45ce907faf4e559311930da76e8ed228273625c09d7a4b5082f",
  platformHmac:
    "3efb98a819dd0d0fde10b07bdbb86916b6316e9f1ff8ff5f0a2f30b93ad48a3f3ee2d6fc3d3ecf97612c61d2cacfb8298aaab77b3f4c8a825a0088da2d278537",
  data: "70974d73fe7713b72c607a6d3ae1021e17ed7fc8609bfcde6f59e7e212078e212bae8059889da0154f91a6430370ba402572a42d548e9a53cddb8cb8ba35955d",
};

/** An amount limit in tiyn (minor units): exact arithmetic, formatted only on the way out. */
export interface LimitDef {
  group: string;
  id: string;
  mcc: string;
  transactionType: string;
  period: "day" | "month";
  type: string;
  valueMinor: number;
}

export interface Card {
  id: string;
  pan?: string;
  cvc?: string;
  month?: string;
  year?: string;
  holder?: string;
  account: string;
  client: string;
  limits: LimitDef[];
}

const pay = (id: string, type: string, value: number, period: "day" | "month" = "day"): LimitDef => ({
  group: "card",
  id,
  mcc: "0000",
  transactionType: "pay",
  period,
  type,
  valueMinor: value * 100,
});

/** Limits of the card's product, counted per card; a `cash` limit that no debit here touches. */
const productLimits = (prefix: string): LimitDef[] => [
  {
    group: "product",
    id: `${prefix}-P1`,
    mcc: "0000",
    transactionType: "pay",
    period: "month",
    type: "max_monthly",
    valueMinor: 20_000_000_00,
  },
  {
    group: "cash",
    id: `${prefix}-C1`,
    mcc: "6011",
    transactionType: "cash",
    period: "day",
    type: "max_daily",
    valueMinor: 200_000_00,
  },
];

export const PAYMENT_CARD: Card = {
  id: "7d3f1c2a-5b6e-4f80-9a1b-2c3d4e5f6071",
  pan: "4405639700001231",
  cvc: "731",
  month: "09",
  year: "29",
  holder: "ALIYA SMAGULOVA",
  account: "KZ86125KZT5004100100",
  client: "CL-000417",
  limits: [pay("PAY-MIN", "min", 100), pay("PAY-DAY", "max_daily", 1_000_000), ...productLimits("PAY")],
};

/** Debited by card_id only (card on file), each with a small daily limit a race can exhaust. */
export const RACE_CARDS: Card[] = ["4565", "7899", "9127"].map((tail, i) => ({
  id: `9a0b${tail}-1c2d-4e3f-8a4b-5c6d7e8f90a${i}`,
  account: `KZ40125KZT50041002${i}0`,
  client: `CL-00090${i}`,
  limits: [pay(`RACE${i}-MIN`, "min", 100), pay(`RACE${i}-DAY`, "max_daily", 5_000)],
}));

export const STATEMENT_CARD: Card = {
  id: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f70812",
  account: "KZ52125KZT5004100300",
  client: "CL-000512",
  limits: [],
};

/** Limits of the other object kinds (§1: a card, an account or a client). */
export const ACCOUNT_LIMITS: Record<string, LimitDef[]> = {
  [PAYMENT_CARD.account]: [
    {
      group: "product",
      id: "ACC-DAY",
      mcc: "0000",
      transactionType: "pay",
      period: "day",
      type: "max_daily",
      valueMinor: 3_000_000_00,
    },
  ],
};
export const CLIENT_LIMITS: Record<string, LimitDef[]> = {
  [PAYMENT_CARD.client]: [
    {
      group: "product",
      id: "CLI-MONTH",
      mcc: "0000",
      transactionType: "pay",
      period: "month",
      type: "max_monthly",
      valueMinor: 50_000_000_00,
    },
  ],
};
/** Its own wire names of the object kinds (LIMIT_OBJECT_TYPES); §2.4 shows only `card`. */
export const OBJECT_TYPES = { card: "card", account: "account", client: "customer" } as const;

/** A statement period with operations, March 2026 at +06:00, as dates. */
export const STATEMENT_PERIOD = { start: "2026-03-01", end: "2026-03-31" };

export interface Posting {
  type: string;
  amountMinor: number;
  commissionMinor: number;
  mcc: number;
  at: number;
  rrn: string;
  merchant: { name: string; country: string; address_line1: string; postal_code: string; url: string };
}

const SHOP = {
  name: "Magnum Cash&Carry",
  country: "KAZ",
  address_line1: "Al-Farabi 77",
  postal_code: "050040",
  url: "https://magnum.example",
};
const FUEL = {
  name: "Helios 114",
  country: "KAZ",
  address_line1: "Raiymbek 212",
  postal_code: "050016",
  url: "https://helios.example",
};

/** Seeded operations of the statement card: inside March 2026 (+06:00), and one on each side of it. */
export const STATEMENT_POSTINGS: Posting[] = [
  {
    type: "purchase",
    amountMinor: 12_450_00,
    commissionMinor: 0,
    mcc: 5411,
    at: Date.parse("2026-02-28T17:59:59.000Z"),
    rrn: "606017000101",
    merchant: SHOP,
  },
  {
    type: "purchase",
    amountMinor: 8_990_50,
    commissionMinor: 0,
    mcc: 5411,
    at: Date.parse("2026-02-28T18:00:00.000Z"),
    rrn: "606017000102",
    merchant: SHOP,
  },
  {
    type: "purchase",
    amountMinor: 21_000_00,
    commissionMinor: 105_00,
    mcc: 5541,
    at: Date.parse("2026-03-14T09:30:12.345Z"),
    rrn: "607317000103",
    merchant: FUEL,
  },
  {
    type: "refund",
    amountMinor: 1_200_00,
    commissionMinor: 0,
    mcc: 5411,
    at: Date.parse("2026-03-31T17:59:59.999Z"),
    rrn: "609017000104",
    merchant: SHOP,
  },
  {
    type: "purchase",
    amountMinor: 3_300_00,
    commissionMinor: 0,
    mcc: 5411,
    at: Date.parse("2026-03-31T18:00:00.000Z"),
    rrn: "609017000105",
    merchant: SHOP,
  },
];

/** Where the terminal posts debits: merchant and MCC of its statement lines. */
export const TERMINAL_MERCHANT = {
  mcc: 5999,
  merchant: {
    name: "Foreign Test Shop",
    country: "KAZ",
    address_line1: "Dostyk 5",
    postal_code: "050010",
    url: "https://shop.example",
  },
};
