/**
 * Key files for the RSA profile module (docs/examples/rsa-oaep-profile.mts), of keys made at
 * test time (never committed; throwaway-rsa.ts): the partner's and the platform's RSA pairs as PEM files, and the module's
 * variables for each side. A helper that starts nothing.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { throwawayRsaPem } from "./throwaway-rsa.ts";

export const RSA_MODULE = "./docs/examples/rsa-oaep-profile.mts";

export interface RsaKeyFiles {
  /** The harness's side: the partner signs, the platform's public key verifies and wraps. */
  partnerSide: Record<string, string>;
  /** The platform's side (the sandbox): verifies the partner, signs responses, unwraps. */
  platformSide: Record<string, string>;
  /** A public key of a pair nobody signs with. */
  strangerPublicKeyFile: string;
}

function pair(dir: string, name: "partner" | "platform" | "stranger"): { privateFile: string; publicFile: string } {
  const { privatePem, publicPem } = throwawayRsaPem(`rsa-profile-${name}`);
  const privateFile = join(dir, `${name}-private.pem`);
  const publicFile = join(dir, `${name}-public.pem`);
  writeFileSync(privateFile, privatePem);
  writeFileSync(publicFile, publicPem);
  return { privateFile, publicFile };
}

export function rsaKeyFiles(): RsaKeyFiles {
  const dir = mkdtempSync(join(tmpdir(), "rsa-profile-keys-"));
  const [partner, platform, stranger] = (["partner", "platform", "stranger"] as const).map((name) => pair(dir, name));
  return {
    partnerSide: {
      RSA_PARTNER_PRIVATE_KEY_FILE: partner!.privateFile,
      RSA_PLATFORM_PUBLIC_KEY_FILE: platform!.publicFile,
    },
    platformSide: {
      RSA_PARTNER_PUBLIC_KEY_FILE: partner!.publicFile,
      RSA_PLATFORM_PRIVATE_KEY_FILE: platform!.privateFile,
    },
    strangerPublicKeyFile: stranger!.publicFile,
  };
}
