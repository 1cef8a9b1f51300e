// OpenID Connect sign-in for brokers (OIDC_*): off unless configured, then complete or refused.
import { ConfigError, parseBoolean, parseUrl, value, type Env } from "./parse.ts";

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown as "Sign in with <providerName>" (OIDC_PROVIDER_NAME). */
  providerName: string;
  /** Lower-cased email domains allowed to sign in (OIDC_ALLOWED_DOMAINS); null: any. */
  allowedDomains: string[] | null;
  /** OIDC_ONLY: brokers sign in through the provider only, never with a password. */
  only: boolean;
  /** OIDC_ALLOW_HTTP: the operator's explicit yes to an http:// issuer (a provider on a private network). */
  allowHttp: boolean;
}

export function oidcConfig(env: Env): OidcConfig | null {
  const issuer = value(env, "OIDC_ISSUER");
  const clientId = value(env, "OIDC_CLIENT_ID");
  const clientSecret = value(env, "OIDC_CLIENT_SECRET");
  const only = parseBoolean(value(env, "OIDC_ONLY"), "OIDC_ONLY", false);
  if (!issuer && !clientId && !clientSecret) {
    if (only) throw new ConfigError("OIDC_ONLY needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
    return null;
  }
  if (!issuer || !clientId || !clientSecret) {
    throw new ConfigError("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together");
  }
  const url = parseUrl(issuer, "OIDC_ISSUER", ["https:", "http:"]);
  // Over plain http the discovery document, the keys and the tokens can all be swapped in transit.
  const allowHttp = parseBoolean(value(env, "OIDC_ALLOW_HTTP"), "OIDC_ALLOW_HTTP", false);
  if (url.protocol === "http:" && !allowHttp) {
    throw new ConfigError(`OIDC_ISSUER must start with https:// (got "${issuer}"); set OIDC_ALLOW_HTTP=true only for a provider on a private network`);
  }
  const domains = value(env, "OIDC_ALLOWED_DOMAINS")?.split(",").map((d) => d.trim().toLowerCase().replace(/^@/, "")).filter(Boolean);
  return {
    issuer,
    clientId,
    clientSecret,
    providerName: value(env, "OIDC_PROVIDER_NAME") ?? defaultProviderName(url),
    allowedDomains: domains?.length ? domains : null,
    only,
    allowHttp,
  };
}

/** A name brokers recognise for the well-known providers; otherwise the neutral "SSO". */
function defaultProviderName(issuer: URL): string {
  if (issuer.hostname === "accounts.google.com") return "Google";
  if (issuer.hostname.endsWith("microsoftonline.com")) return "Microsoft";
  return "SSO";
}
