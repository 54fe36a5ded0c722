/**
 * The security requirement of an imported operation, from its document's `securitySchemes`:
 * HTTP bearer (OAuth 2.0 and OpenID Connect send one too), HTTP basic and an API key in a header
 * are what the harness can send; an API key in a query or cookie, mutual TLS or another HTTP
 * scheme stops the run at start, naming the scheme.
 */
import { ConfigError } from "../errors/config-error.ts";
import { VARIABLE, type Where } from "./openapi-operation.ts";
import type { DeclaredScheme } from "./types.ts";

type Json = Record<string, unknown>;

function schemeOf(where: Where, name: string, scheme: Json | undefined): DeclaredScheme {
  const refuse = (what: string): never => {
    throw new ConfigError(
      VARIABLE,
      `${where.file}#/components/securitySchemes/${name}: ${what} (used at ${where.pointer})`,
    );
  };
  if (!scheme) return refuse("no such security scheme");
  const type = String(scheme.type);
  const http = String(scheme.scheme ?? "").toLowerCase();
  if ((type === "http" && http === "bearer") || type === "oauth2" || type === "openIdConnect")
    return { name, kind: "bearer", header: "Authorization" };
  if (type === "http" && http === "basic") return { name, kind: "basic", header: "Authorization" };
  if (type === "apiKey" && scheme.in === "header" && typeof scheme.name === "string")
    return { name, kind: "header", header: scheme.name };
  return refuse(
    `${type}${http ? ` ${http}` : ""}${scheme.in ? ` in ${String(scheme.in)}` : ""} is not sent by the harness (bearer, basic or an API key in a header)`,
  );
}

/** Alternatives (any one will do), each the schemes it needs; [] when the operation needs none. */
export function securityOf(where: Where, document: Json): DeclaredScheme[][] {
  const requirement = (where.operation.security ?? document.security ?? []) as Json[];
  const schemes = ((document.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  const alternatives = requirement.map((alt) => Object.keys(alt ?? {}).map((n) => schemeOf(where, n, schemes[n])));
  // An empty alternative ({}) makes authentication optional: nothing needs to be sent.
  return alternatives.some((alt) => alt.length === 0) ? [] : alternatives;
}
