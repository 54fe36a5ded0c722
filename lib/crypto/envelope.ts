/** The signed envelope of the partner transfer API (§2.1): sealing (harness) and opening (sandbox). */
import type { CryptoProfile, JsonObject } from "./profile.ts";

export interface SignedRequest {
  payload: { encrypted_data: string };
  signature: string;
}

/** Encrypts the client data and signs the envelope as the partner. */
export async function sealRequest(profile: CryptoProfile, clientData: unknown): Promise<SignedRequest> {
  const payload = { encrypted_data: await profile.encrypt(clientData) };
  return { payload, signature: await profile.sign({ payload }, "partner") };
}

/** The body a signature covers: everything but the signature field itself. */
export function unsignedPart(body: JsonObject): JsonObject {
  const { signature: _signature, ...rest } = body;
  return rest;
}

/** Adds the platform's signature to a response body. */
export async function signResponse<T extends JsonObject>(
  profile: CryptoProfile,
  body: T,
): Promise<T & { signature: string }> {
  return { ...body, signature: await profile.sign(body, "platform") };
}
