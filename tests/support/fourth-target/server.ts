/**
 * The fourth correct target: a platform written from the spec and the partner docs only, with
 * choices of its own — statement days DD.MM.YYYY at UTC, timestamps with `+00:00`, RSA signatures
 * and RSA-OAEP-wrapped client data, a per-debit maximum, a limit scoped to one MCC, RFC 7807
 * problems, declines as HTTP 200 with `request_status: "declined"`, its own required fields.
 * It imports nothing of the harness, the sandbox or the other targets.
 */
import type { AddressInfo } from "node:net";
import { createTransaction, limitFaults, limitsList, statement, type CardApi } from "./card-api.ts";
import { startBackground } from "./background.ts";
import type { LedgerModes } from "./ledger-faults.ts";
import * as data from "./data.ts";
import type { Fault } from "./faults.ts";
import { Problem, platformServer, type Route } from "./http.ts";
import { testKeys, strayKeyPair } from "./keys.ts";
import { Ledger } from "./ledger.ts";
import { registerBusiness, type PartnerApi } from "./partner-api.ts";
import { platformKeys } from "./rsa.ts";

export type { Fault } from "./faults.ts";
export type { LedgerFault } from "./ledger-faults.ts";

export interface FourthModes extends LedgerModes {
  faults?: Fault[];
  /** Another client debits the payment card, the race cards and the statement card every 300 ms (background.ts). */
  background?: boolean;
}

export interface FourthTarget {
  url: string;
  ledger: Ledger;
  clients: Map<string, unknown>;
  close: () => Promise<void>;
}

const unauthorised = (what: string) => new Problem(401, "unauthorised", "Not authorised", what);

function cardRoute(handle: (body: unknown, api: CardApi) => ReturnType<Route["handle"]>, api: CardApi): Route {
  return {
    authorise: (req) =>
      req.headers[data.CARD_API_KEY_HEADER] === data.CARD_API_KEY
        ? undefined
        : unauthorised("a valid X-Api-Key is required"),
    handle: (body) => handle(body, api),
  };
}

function partnerRoute(api: PartnerApi): Route {
  return {
    authorise: (req) =>
      req.headers.authorization === `Bearer ${data.PARTNER_TOKEN}`
        ? undefined
        : unauthorised("a valid bearer token is required"),
    handle: (body) => registerBusiness(body, api),
  };
}

export async function startFourthTarget(modes: FourthModes = {}): Promise<FourthTarget> {
  const faults = new Set(modes.faults ?? []);
  const keys = testKeys();
  const own = platformKeys(keys.platform.privatePem, keys.partner.publicPem);
  const stray = faults.has("signs-with-other-key")
    ? platformKeys(strayKeyPair().privatePem, keys.partner.publicPem)
    : own;
  const ledger = new Ledger(modes);
  const card: CardApi = { ledger, faults };
  const stopBackground = modes.background ? startBackground(ledger, limitFaults(faults)) : () => undefined;
  const partner: PartnerApi = { keys: own, signingKeys: stray, clients: new Map() };
  const server = platformServer({
    "/v5/partner/transfer/business/create": partnerRoute(partner),
    "/v5/card-api/card/statement": cardRoute(statement, card),
    "/v5/card-api/transaction/create": cardRoute(createTransaction, card),
    "/v5/card-api/limits/list": cardRoute(limitsList, card),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ledger,
    clients: partner.clients,
    close: () =>
      new Promise<void>((resolve) => {
        stopBackground();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
