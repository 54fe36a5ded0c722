/** Requests to the fourth target, as its own tests send them (not through the harness). */
import { randomUUID } from "node:crypto";
import * as data from "../support/fourth-target/data.ts";

export const CARD = {
  statement: "/v5/card-api/card/statement",
  transaction: "/v5/card-api/transaction/create",
  limits: "/v5/card-api/limits/list",
} as const;
export const REGISTER = "/v5/partner/transfer/business/create";

export const CARD_AUTH = { "x-api-key": data.CARD_API_KEY };
export const PARTNER = { authorization: `Bearer ${data.PARTNER_TOKEN}` };

export interface Reply {
  status: number;
  type: string;
  body: any;
}

export async function post(
  target: { url: string },
  path: string,
  body: unknown,
  headers: Record<string, string> = CARD_AUTH,
): Promise<Reply> {
  const res = await fetch(`${target.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: await res.json() };
}

export type Edit = (body: any) => unknown;

/** A valid debit of 10.00 on the payment card at the test terminal, edited. */
export function debit(edit: Edit = () => {}) {
  const pay = data.PAYMENT_CARD;
  const body: any = {
    request_id: randomUUID(),
    transaction: { order_id: `F4-${randomUUID().slice(0, 8)}`, description: "fourth", type: "debit" },
    debit: {
      amount: 10,
      currency: "KZT",
      terminal_number: data.TERMINAL.number,
      card: { card_id: pay.id, card_pan: pay.pan, card_cvc: pay.cvc, card_month: pay.month, card_year: pay.year },
      account: { number: pay.account },
      client: { client_id: pay.customer },
    },
    credit: { amount: 10, currency: "KZT", account: { number: data.SETTLEMENT_ACCOUNT } },
  };
  edit(body);
  return body;
}
