/**
 * §4.1 register business client: bearer token, signed envelope, encrypted client data (§5).
 * The answer is signed by the server pipeline, like every partner transfer answer.
 */
import { randomUUID } from "node:crypto";
import { unsignedPart } from "../../lib/crypto/envelope.ts";
import { SANDBOX_PARTNER } from "../test-data.ts";
import { validateRequest, type SandboxEnv } from "../env.ts";
import { ok, reject, type SandboxRequest, type SandboxResponse } from "../protocol.ts";

interface SignedRequest { payload: { encrypted_data: string }; signature: string }

function requireBearer(req: SandboxRequest): void {
  const header = req.headers["authorization"];
  if (header !== `Bearer ${SANDBOX_PARTNER.accessToken}`) reject(401, "UNAUTHORIZED", "missing or unknown bearer token");
}

export async function registerBusiness(req: SandboxRequest, env: SandboxEnv): Promise<SandboxResponse> {
  requireBearer(req);
  const body = validateRequest<SignedRequest>(env, "partner-transfer/signed-request.schema.json", req.body);
  const signed = await env.profile.verify(unsignedPart(body as unknown as Record<string, unknown>), body.signature, "partner");
  if (!signed) reject(401, "INVALID_SIGNATURE", "the request signature does not verify");
  let clientData: unknown;
  try {
    clientData = await env.profile.decrypt(body.payload.encrypted_data);
  } catch {
    reject(400, "UNDECRYPTABLE", "encrypted_data cannot be decrypted");
  }
  validateRequest(env, "partner-transfer/business-client-data.schema.json", clientData);
  const clientUuid = randomUUID();
  env.ledger.businessClients.set(clientUuid, { clientUuid, status: "new", createdAt: Date.now() });
  return ok({ state: true, response_time: new Date().toISOString(), payload: { client_uuid: clientUuid, status: "new" } });
}
