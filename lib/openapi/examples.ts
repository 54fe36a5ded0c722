/**
 * One example answer per documented operation, using only the values the spec shows for the
 * success path (§3) and the sandbox's seeded period (June 2025), so that a mock serving the export
 * (Prism) answers the harness's requests with bodies its checks accept. A harness test validates
 * each against its response schema, so they cannot drift from the schemas.
 */
import { CARD_STATEMENT, CREATE_TRANSACTION, LIMITS_LIST, REGISTER_BUSINESS } from "../catalogue/index.ts";

const DT = "2025-06-15T10:00:00.000+05:00";

const merchant = {
  name: "SMALL SHOP ALMATY",
  country: "KAZ",
  address_line1: "Abay Ave 10",
  postal_code: "050000",
  url: "https://shop.example",
};

const limitRecord = (id: string) => ({
  id,
  mcc: "5999",
  transaction_type: "pay",
  region: "KAZ",
  period: "day",
  amount: [
    { type: "min", value: "1.00", current: "0.00", remaining: "1.00", currency: "KZT" },
    { type: "total", value: "500000.00", current: "1500.00", remaining: "498500.00", currency: "KZT" },
  ],
});

export const RESPONSE_EXAMPLES: Record<string, Record<string, unknown>> = {
  [REGISTER_BUSINESS.key]: {
    state: true,
    response_time: "2025-06-15T05:00:00.123Z",
    payload: { client_uuid: "3f2c7a9e-1b4d-4c8e-9a6f-2d5b8e0c1a47", status: "new" },
    // Illustrative only: a real signature depends on the platform's key and profile (§5).
    signature: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  },
  [CARD_STATEMENT.key]: {
    status: "ok",
    request_status: "success",
    operations: [
      {
        type: "purchase",
        amount: 1500,
        commission: 0,
        currency: "KZT",
        mcc: 5411,
        datetime: "2025-06-03T09:15:30.250Z",
        rrn: "500000001013",
        merchant,
      },
      {
        type: "refund",
        amount: 250.5,
        commission: 0.5,
        currency: "KZT",
        mcc: 5411,
        datetime: "2025-06-11T13:15:30.250Z",
        rrn: "500000005065",
        merchant,
      },
    ],
    dt: DT,
  },
  [CREATE_TRANSACTION.key]: { status: "ok", request_status: "success", dt: DT },
  [LIMITS_LIST.key]: {
    status: "ok",
    request_status: "success",
    dt: DT,
    limits: { product: [limitRecord("SBX-LIM-PRODUCT-1")], card: [limitRecord("SBX-LIM-CARD-1")] },
  },
};
