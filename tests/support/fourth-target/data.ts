/**
 * The fourth target's own test data: its cards, accounts, customers and terminals, its limits
 * vocabulary, the operations seeded in a closed period, its tokens. Amounts are in minor units
 * (tiyn). Nothing here is the reference sandbox's: names, numbers and choices are this platform's.
 */

export const CURRENCY = "KZT";
/** Every date and day of this platform is UTC, written with the offset `+00:00`. */
export const UTC_OFFSET = "+00:00";
/** The region of every terminal and every limit. */
export const REGION = "KAZ";
/** The transaction type every debit counts under in the limits. */
export const TRANSACTION_TYPE = "pay";

/** The mcc value of a limit that applies to every merchant category. */
export const ANY_MCC = "9999";
/** The merchant category of the scoped limit: gambling, not the test terminal's. */
export const SCOPED_MCC = "7995";

export const LIMIT_TYPES = { min: "per_txn_min", max: "per_txn_max", total: "spend_total" } as const;
/** Period names and what they mean (LIMIT_PERIODS): a day and a month at UTC, or one debit alone. */
export const PERIODS = { day: "DAILY", month: "MONTHLY", debit: "PER_TXN" } as const;
export const OBJECT_TYPES = { card: "card", account: "account", client: "customer" } as const;

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
  number: "T5411-0042",
  mcc: 5411,
  merchant: {
    name: "Dala Grocers",
    country: "KZ",
    address_line1: "12 Abay Ave",
    postal_code: "050000",
    url: "https://dala.example",
  },
};
const CASINO: Terminal = {
  number: "T7995-0007",
  mcc: 7995,
  merchant: {
    name: "Steppe Lucky Club",
    country: "KZ",
    address_line1: "3 Dostyk St",
    postal_code: "010000",
    url: "https://lucky.example",
  },
};
export const TERMINALS: readonly Terminal[] = [TERMINAL, CASINO];

export interface Card {
  id: string;
  pan: string;
  cvc: string;
  month: string;
  year: string;
  holder: string;
  account: string;
  customer: string;
  /** The card's general daily spend limit, minor units. */
  dailyMinor: number;
  /** The card's daily limit for SCOPED_MCC only, when it has one. */
  scopedDailyMinor?: number;
}

export const PAYMENT_CARD: Card = {
  id: "37ce8897-f217-4db9-ae3b-087e31097de1",
  pan: "4400770000000014",
  cvc: "482",
  month: "07",
  year: "31",
  holder: "AIGERIM FOURTH",
  account: "KZ41FRT0000000000001",
  customer: "CUST-4-0001",
  dailyMinor: 500_000_000,
  scopedDailyMinor: 5_000,
};

export const STATEMENT_CARD: Card = {
  id: "8eb1db72-9837-47a1-b060-92cddb44ec00",
  pan: "4400770000000022",
  cvc: "915",
  month: "11",
  year: "30",
  holder: "NURLAN FOURTH",
  account: "KZ41FRT0000000000002",
  customer: "CUST-4-0002",
  dailyMinor: 300_000_000,
};

const RACE_IDS = [
  "16fe8304-bd13-4609-b369-8a960bc6a0ee",
  "2f890b15-6183-447f-875d-990c668b9181",
  "35e08348-ecdb-4c59-8f0b-c73110d1f9ea",
  "da02925a-1cb8-4b40-b648-d3b89971bdd6",
];
const RACE_PANS = ["4400770000000030", "4400770000000048", "4400770000000055", "4400770000000063"];

/** Cards for the concurrency check: a small daily limit each, one account and customer of their own. */
export const RACE_CARDS: readonly Card[] = RACE_IDS.map((id, i) => ({
  id,
  pan: RACE_PANS[i]!,
  cvc: `30${i}`,
  month: "01",
  year: "32",
  holder: `RACE HOLDER ${i + 1}`,
  account: `KZ41FRT00000000000R${i + 1}`,
  customer: `CUST-4-R00${i + 1}`,
  dailyMinor: 30_000,
}));

export const CARDS: readonly Card[] = [PAYMENT_CARD, STATEMENT_CARD, ...RACE_CARDS];

/** A Luhn-valid number of this platform's BIN that no card has. */
export const UNKNOWN_PAN = "4400770000000097";

/** Per-debit floor and cap of the card product, minor units (period PER_TXN). */
export const PRODUCT = { minMinor: 200, maxMinor: 25_000 } as const;
/** Daily limit of each account, monthly limit of each customer, minor units. */
export const ACCOUNT_DAILY_MINOR = 900_000_000;
export const CUSTOMER_MONTHLY_MINOR = 2_000_000_000;

/** The account test debits credit (a merchant settlement account). */
export const SETTLEMENT_ACCOUNT = "KZ41FRT9999999999999";

/** The closed period with seeded operations, as a partner writes it in .env. */
export const STATEMENT_PERIOD = { start: "2025-03-01T00:00:00+00:00", end: "2025-03-31T23:59:59+00:00" } as const;

export interface SeededOperation {
  cardId: string;
  at: string;
  amountMinor: number;
  commissionMinor: number;
  rrn: string;
  terminal: Terminal;
}

const seed = (cardId: string, at: string, amountMinor: number, rrn: string, terminal = TERMINAL): SeededOperation => ({
  cardId,
  at,
  amountMinor,
  commissionMinor: amountMinor >= 100_000 ? 150 : 0,
  rrn,
  terminal,
});

/**
 * Operations of a closed period: some on the first and last instants of March 2025 (UTC), some
 * just outside it — a server that reads the days at another offset, or a bound as exclusive, shows it.
 */
export const SEEDED: readonly SeededOperation[] = [
  seed(STATEMENT_CARD.id, "2025-02-28T21:30:00.000Z", 4_210, "501200000001"),
  seed(STATEMENT_CARD.id, "2025-02-28T23:59:59.999Z", 1_990, "501200000002"),
  seed(STATEMENT_CARD.id, "2025-03-01T00:00:00.000Z", 12_500, "501200000003"),
  seed(STATEMENT_CARD.id, "2025-03-09T14:05:31.250Z", 158_000, "501200000004", CASINO),
  seed(STATEMENT_CARD.id, "2025-03-17T08:44:10.010Z", 7_345, "501200000005"),
  seed(STATEMENT_CARD.id, "2025-03-31T23:59:59.999Z", 3_300, "501200000006"),
  seed(STATEMENT_CARD.id, "2025-04-01T00:00:00.000Z", 2_750, "501200000007"),
  seed(STATEMENT_CARD.id, "2025-04-01T02:15:00.000Z", 9_999, "501200000008"),
  seed(PAYMENT_CARD.id, "2025-03-05T10:00:00.000Z", 2_500, "501200000101"),
  seed(PAYMENT_CARD.id, "2025-03-28T19:30:00.500Z", 120_000, "501200000102"),
];

/** The partner transfer API's bearer token, and the card API key (sent as X-Api-Key). */
export const PARTNER_TOKEN = "fourth-partner-token-5d1e7c20a9b84f36";
export const CARD_API_KEY = "fourth-card-key-0b9f4e6a1c2d";
export const CARD_API_KEY_HEADER = "x-api-key";
