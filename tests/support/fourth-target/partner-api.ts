/**
 * Business client registration (§4.1): a bearer token, a partner signature that verifies with the
 * partner's RSA key, client data sealed for this platform's RSA key, and an answer signed with it.
 */
import { randomUUID } from "node:crypto";
import { Problem, invalid } from "./http.ts";
import type { Answer } from "./ledger.ts";
import { openSealed, partnerSigned, signAsPlatform, type PlatformKeys } from "./rsa.ts";
import { violation } from "./validate.ts";

export interface PartnerApi {
  keys: PlatformKeys;
  /** The key responses are signed with: the platform's own, or (a broken build) another. */
  signingKeys: PlatformKeys;
  clients: Map<string, unknown>;
}

interface Envelope {
  payload: { encrypted_data: string };
  signature: string;
}

export function registerBusiness(body: unknown, api: PartnerApi): Answer {
  const broken = violation("registration", body);
  if (broken) throw new Problem(400, "invalid-envelope", "Not a signed envelope", broken);
  const { signature, ...signed } = body as Envelope;
  if (!partnerSigned(signed, signature, api.keys))
    throw new Problem(
      403,
      "bad-signature",
      "Signature does not verify",
      "the signature is not the partner's over this body",
    );
  let client: unknown;
  try {
    client = openSealed(signed.payload.encrypted_data, api.keys);
  } catch {
    throw new Problem(
      422,
      "undecryptable",
      "Client data cannot be opened",
      "encrypted_data was not sealed for this platform",
    );
  }
  const wrong = violation("clientData", client);
  if (wrong) throw invalid(`client data ${wrong}`);
  const clientUuid = randomUUID();
  api.clients.set(clientUuid, client);
  const answer = {
    state: true,
    response_time: new Date().toISOString(),
    payload: { client_uuid: clientUuid, status: "new" },
  };
  return { status: 200, body: { ...answer, signature: signAsPlatform(answer, api.signingKeys) } };
}
