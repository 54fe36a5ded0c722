/**
 * The third target's own world: its fixtures, keys and tokens, chosen by it and by nobody else.
 * Nothing here is the sandbox's or the foreign target's data; the partner folder
 * (partner-folder.ts) hands exactly these values to the harness through documented variables.
 */

/** The target's business day lives at UTC−04:00: its "day" and "month" limits reset there. */
export const UTC_OFFSET = "-04:00";
export const OFFSET_MINUTES = -240;
export const CURRENCY = "KZT";

/** Static bearer token of the card API (a partner sends it as `Authorization: Bearer …`). */
export const CARD_API_TOKEN = "tt3-card-7f1c0b2e9a4d4e61b8c35d0a2f9e6b17";
/** Bearer token of the partner transfer API. */
export const PARTNER_TOKEN = "tt3-partner-51d0c9a7e8b24f3a9c6e0d1b2a3f4e5d";

/** Keys of the built-in `default` profile, 32 bytes each as 64 hex digits — this target's own. */
export const KEYS = {
  partnerSigning: "9d0e08a849c47112a710a45a335324e2384264afda1ef5e950b6b420dfaf1e87",
  platformSigning: "d8311c5f8538d5c7be89c1fa5a57fbe125ebe9c7e5798671eaad942aca52d9a1",
  encryption: "b1c63735de7bfc7a9bda1d428d52e98caa187cf40738dd697b80e5682c2e2bc4",
};

export interface Merchant {
  name: string;
  country: string;
  address_line1: string;
  postal_code: string;
  url: string;
}

export interface Terminal {
  number: string;
  mcc: number;
  merchant: Merchant;
}

export const TERMINAL: Terminal = {
  number: "ATY-POS-0042",
  mcc: 5411,
  merchant: {
    name: "Caspian Fresh Market",
    country: "KZ",
    address_line1: "Satpayev street 12",
    postal_code: "060011",
    url: "https://caspian-fresh.example",
  },
};

/** Settlement accounts that may be credited. */
export const SETTLEMENT_ACCOUNTS = ["KZ71SETTLE0000000042"];

export interface Card {
  id: string;
  pan?: string;
  cvc?: string;
  month?: string;
  year?: string;
  holder?: string;
  account: string;
  client: string;
  /** Daily spending cap of the card itself (the `card` limit group), in minor units. */
  dailyCapMinor: number;
}

export const PAYMENT_CARD: Card = {
  id: "01ef783d-e66f-46f4-8296-ce36425155d4",
  pan: "5169490000001122",
  cvc: "417",
  month: "08",
  year: "31",
  holder: "AIGERIM TESTOVA",
  account: "KZ03TT300000000001",
  client: "TT3-CLI-000001",
  dailyCapMinor: 100_000_000, // 1,000,000.00
};

export const STATEMENT_CARD: Card = {
  id: "7fe95be1-7128-4e7f-a791-430499d6265c",
  pan: "5169490000007343",
  cvc: "902",
  month: "11",
  year: "29",
  holder: "DAUREN TESTOV",
  account: "KZ03TT300000000002",
  client: "TT3-CLI-000002",
  dailyCapMinor: 5_000_000, // 50,000.00
};

/** Twelve race cards, each with a small daily cap of 150.00, known by card_id only. */
export const RACE_CARDS: Card[] = Array.from({ length: 12 }, (_, i) => ({
  id: `3b0d5e2c-7a41-4c8e-9f20-${(0xabc000 + i).toString(16).padStart(12, "0")}`,
  account: `KZ03TT3RACE0000${String(i).padStart(3, "0")}`,
  client: `TT3-RACE-${String(i).padStart(3, "0")}`,
  dailyCapMinor: 15_000,
}));

export const ALL_CARDS: Card[] = [PAYMENT_CARD, STATEMENT_CARD, ...RACE_CARDS];

/** The card product's rules, shown in the `product` group: a floor per debit and a monthly cap. */
export const PRODUCT = { floorMinor: 300, monthlyCapMinor: 500_000_000, atmDailyCapMinor: 200_000_000 };
/** Per account and per client: a monthly cap over all their cards. */
export const HOLDER_MONTHLY_CAP_MINOR = 800_000_000;

/** The limits vocabulary of this target (its own names; the spec shows only `min`). */
export const LIMIT_TYPES = { floor: "per_txn_floor", cap: "period_cap" };
export const OBJECT_TYPES = { card: "CARD", account: "ACCOUNT", client: "CLIENT" };

/** A statement period (local time) in which the statement card has operations. */
export const STATEMENT_PERIOD = { start: "2025-09-01T00:00:00-04:00", end: "2025-09-30T23:59:59-04:00" };

export interface SeededOperation {
  card: string;
  type: string;
  /** Signed by direction: money out of the card negative, money in positive, minor units. */
  amountMinor: number;
  commissionMinor: number;
  datetime: string;
  rrn: string;
}

const op = (card: Card, type: string, amountMinor: number, datetime: string, rrn: string, commissionMinor = 0) => ({
  card: card.id,
  type,
  amountMinor,
  commissionMinor,
  datetime,
  rrn,
});

/** History, with operations on both sides of the period's edges so a leak shows. */
export const SEEDED_OPERATIONS: SeededOperation[] = [
  op(STATEMENT_CARD, "PURCHASE", -4_500, "2025-09-01T03:59:59.999Z", "525104000001"), // Aug 31 local
  op(STATEMENT_CARD, "PURCHASE", -125_050, "2025-09-01T04:00:00.000Z", "525104000002"),
  op(STATEMENT_CARD, "CASH_WITHDRAWAL", -2_000_000, "2025-09-03T12:15:30.250Z", "525104000003", 15_000),
  op(STATEMENT_CARD, "REFUND", 20_000, "2025-09-12T08:01:02.003Z", "525104000004"),
  op(STATEMENT_CARD, "PURCHASE", -7_799, "2025-09-20T19:45:00.000Z", "525104000005"),
  op(STATEMENT_CARD, "PURCHASE", -31_000, "2025-10-01T03:59:59.500Z", "525104000006"), // Sep 30, 23:59:59.5 local
  op(STATEMENT_CARD, "PURCHASE", -9_900, "2025-10-01T04:00:00.000Z", "525104000007"), // Oct 1 local
  op(PAYMENT_CARD, "PURCHASE", -55_000, "2025-09-15T10:00:00.000Z", "525104000101"),
  op(PAYMENT_CARD, "REFUND", 5_000, "2025-09-16T10:00:00.000Z", "525104000102"),
];
