/**
 * The foreign target's business registration (§4.1): signed envelope, its own client data. A
 * refusal is an HTTP 200 with `state: false`, signed like every answer (§2.1).
 */
import { randomUUID } from "node:crypto";
import { KEYS } from "./data.ts";
import { open, signatureMatches, signatureOf } from "./scheme.ts";
import { clientDataProblem, ENVELOPE, shapeProblem } from "./validate.ts";

export function signedAnswer(state: boolean, payload: Record<string, unknown>): Record<string, unknown> {
  const body = { state, response_time: new Date().toISOString(), payload };
  return { ...body, signature: signatureOf(KEYS.platformHmac, body) };
}

export const partnerRefusal = (code: string, message: string) => signedAnswer(false, { error_code: code, message });

export function registerBusiness(body: Record<string, any>, registeredBins: Set<string>): Record<string, unknown> {
  const problem = shapeProblem(body, ENVELOPE);
  if (problem) return partnerRefusal("INVALID_REQUEST", problem);
  const { signature, ...signed } = body;
  if (!signatureMatches(KEYS.partnerHmac, signed, signature))
    return partnerRefusal("INVALID_SIGNATURE", "the signature does not verify");
  const client = open(KEYS.data, body.payload.encrypted_data);
  if (client === undefined) return partnerRefusal("UNREADABLE_DATA", "encrypted_data cannot be decrypted");
  const invalid = clientDataProblem(client);
  if (invalid) return partnerRefusal("INVALID_CLIENT_DATA", invalid);
  const { bin } = client as { bin: string };
  if (registeredBins.has(bin)) return partnerRefusal("ALREADY_REGISTERED", "a business with this BIN is registered");
  registeredBins.add(bin);
  return signedAnswer(true, { client_uuid: randomUUID(), status: "new" });
}
