/** The certification keys, read through the one configuration reader; a bad key is exit 2 naming the variable. */
import { createReader, type Env } from "../../config/reader.ts";
import { ConfigError } from "../../errors/config-error.ts";
import { KeyFormatError, parseSigningKey, parseVerifyKey, type SigningKey, type VerifyKey } from "./sign.ts";

export interface CertifyConfig {
  signingKey?: SigningKey;
  /** The key a pack is verified with: CERTIFY_VERIFY_KEY, else the signing key's own. */
  verifyKey?: VerifyKey;
}

function parsed<T>(name: "CERTIFY_SIGNING_KEY" | "CERTIFY_VERIFY_KEY", text: string, parse: (text: string) => T): T {
  try {
    return parse(text);
  } catch (error) {
    // Never the value: these are secrets.
    if (error instanceof KeyFormatError) throw new ConfigError(name, `(value hidden) ${error.message}`);
    throw error;
  }
}

export function loadCertifyConfig(env: Env): CertifyConfig {
  const r = createReader(env);
  const signing = r.string("CERTIFY_SIGNING_KEY");
  const verifying = r.string("CERTIFY_VERIFY_KEY") || signing;
  return {
    ...(signing ? { signingKey: parsed("CERTIFY_SIGNING_KEY", signing, parseSigningKey) } : {}),
    ...(verifying
      ? {
          verifyKey: parsed(
            signing && verifying === signing ? "CERTIFY_SIGNING_KEY" : "CERTIFY_VERIFY_KEY",
            verifying,
            parseVerifyKey,
          ),
        }
      : {}),
  };
}
