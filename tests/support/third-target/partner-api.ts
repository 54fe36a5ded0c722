/**
 * Business-client registration (§4.1): the bearer token, the signed envelope (§2.1) checked under
 * the `default` profile, the client data opened and held to this target's own client-data schema,
 * one profile per registration number, and a signed answer.
 */
import { randomUUID } from "node:crypto";
import { enforceRules, type Env } from "./card-api.ts";
import { openClientData, partnerSignatureValid, platformSignature } from "./crypto.ts";
import { Problem } from "./http.ts";
import { utcMillis } from "./time.ts";
import { brokenClientDataRule } from "./validate.ts";

type Json = Record<string, any>;

export function registerBusiness(body: Json, env: Env): Json {
  enforceRules("partner-transfer-api.register-business", body, env);
  if (!partnerSignatureValid(body)) throw new Problem(401, "bad-signature", "the signature does not verify");
  const data = openClientData(body.payload.encrypted_data);
  if (data === undefined)
    throw new Problem(400, "undecryptable", "encrypted_data does not open with the partner's key");
  const broken = brokenClientDataRule(data);
  if (broken) throw new Problem(422, "invalid-client-data", `client data ${broken}`);
  if (!env.ledger.registerOnce((data as Json).registration_number)) {
    throw new Problem(409, "already-registered", "a client with this registration_number exists");
  }
  const answer: Json = {
    state: true,
    response_time: utcMillis(Date.now()),
    payload: { client_uuid: randomUUID(), status: "new" },
  };
  // Fault mode: the platform signs the payload alone, not the body it sends.
  answer.signature = platformSignature(env.faults.has("signs-wrong-bytes") ? answer.payload : answer);
  return answer;
}
