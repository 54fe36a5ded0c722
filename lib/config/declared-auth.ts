/**
 * The authentication an imported operation's document declares (its `securitySchemes`), mapped to
 * the harness's variables of its family: at start, an operation none of whose alternatives the
 * configuration can send is exit 2 naming the variable to set. The auth of the merchant API, the
 * gateway API and the partner API's other areas is not shown (§5), so what the document declares
 * is what is sent: MERCHANT_API_HEADERS, GATEWAY_API_HEADERS, OTHER_PARTNER_API_HEADERS.
 */
import type { DeclaredScheme, Family, Operation } from "../catalogue/types.ts";
import { ConfigError } from "../errors/config-error.ts";
import { headerVariableOf } from "./families.ts";
import type { Config } from "./load.ts";

const sets = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase());

/** Whether the configuration sends this scheme on the family's requests. */
function sends(config: Config, family: Family, scheme: DeclaredScheme): boolean {
  // The run's bearer token: every partner transfer request, and card API ones with CARD_API_AUTH=bearer.
  if (scheme.kind === "bearer" && family === "partner-transfer-api") return true;
  if (scheme.kind === "bearer" && family === "card-api" && config.cardApi.auth === "bearer") return true;
  return sets(config.headersByFamily[family] ?? {}, scheme.header);
}

function hint(scheme: DeclaredScheme): string {
  if (scheme.kind === "bearer") return `{"Authorization":"Bearer …"}`;
  if (scheme.kind === "basic") return `{"Authorization":"Basic …"}`;
  return `{"${scheme.header}":"…"}`;
}

export function checkDeclaredAuth(config: Config, operations: readonly Operation[]): void {
  for (const op of operations) {
    const alternatives = op.source?.security ?? [];
    if (alternatives.length === 0 || alternatives.some((alt) => alt.every((s) => sends(config, op.family, s))))
      continue;
    const first = alternatives[0]!.find((s) => !sends(config, op.family, s))!;
    const variable = headerVariableOf(op.family);
    const what = `${op.key} needs its security scheme ${first.name} (${first.kind} in ${first.header}, OPENAPI_DOCUMENT)`;
    if (!variable)
      throw new ConfigError("OPENAPI_DOCUMENT", `${what}: the harness sends no headers of yours to ${op.family}`);
    throw new ConfigError(variable, `${what}: set it, e.g. ${variable}=${hint(first)}`);
  }
}
