/**
 * §4.1 register business client: bearer token, signed envelope, encrypted client data (§5).
 * The answer is signed by the server pipeline, like every partner transfer answer.
 */
import { randomUUID } from "node:crypto";
import { unsignedPart } from "../../lib/crypto/envelope.ts";
import { servedByOldBuild, validateRequest, type SandboxEnv } from "../env.ts";
import { ok, reject, type SandboxRequest, type SandboxResponse } from "../protocol.ts";

interface SignedRequest {
  payload: { encrypted_data: string };
  signature: string;
}

const NON_ASCII = /[^\x00-\x7f]/;

function requireBearer(req: SandboxRequest, env: SandboxEnv): void {
  if (!env.hooks.checksBearer) return;
  if (!env.tokens.accepts(req.headers["authorization"]))
    reject(401, "UNAUTHORIZED", "missing, unknown or expired bearer token");
}

async function decryptClientData(encrypted: string, env: SandboxEnv): Promise<unknown> {
  let clientData: unknown;
  try {
    clientData = await env.profile.decrypt(encrypted);
  } catch {
    if (env.hooks.undecryptableAsEmpty) return {};
    reject(400, "UNDECRYPTABLE", "encrypted_data cannot be decrypted");
  }
  validateRequest(env, "partner-transfer/business-client-data.schema.json", clientData);
  return clientData;
}

export async function registerBusiness(req: SandboxRequest, env: SandboxEnv): Promise<SandboxResponse> {
  requireBearer(req, env);
  const skipSignature = !env.hooks.checksSignature;
  const raw = req.body as Record<string, unknown>;
  const body = validateRequest<SignedRequest>(
    env,
    "partner-transfer/signed-request.schema.json",
    skipSignature ? { signature: "-", ...raw } : raw,
  );
  const signed =
    skipSignature ||
    (await env.profile.verify(unsignedPart(body as unknown as Record<string, unknown>), body.signature, "partner"));
  if (!signed) reject(401, "INVALID_SIGNATURE", "the request signature does not verify");
  const clientData = await decryptClientData(body.payload.encrypted_data, env);
  if (NON_ASCII.test(JSON.stringify(clientData))) {
    if (env.hooks.nonAsciiClientData === "server-error") throw new Error("fault: non-ASCII client data");
    if (env.hooks.nonAsciiClientData === "refused") reject(400, "INVALID_REQUEST", "client data must be ASCII");
  }
  const clientUuid = randomUUID();
  env.ledger.businessClients.set(clientUuid, { clientUuid, status: "new", createdAt: Date.now() });
  const at = new Date().toISOString();
  return ok({
    state: true,
    // An older build (fault-hooks.ts) wrote response_time without its fraction.
    response_time: servedByOldBuild(env, "registration") ? at.replace(/\.\d+Z$/, "Z") : at,
    payload: { client_uuid: clientUuid, status: "new" },
  });
}
