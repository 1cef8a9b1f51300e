// A real OpenID Connect provider for tests (oauth2-mock-server) on a random port: discovery, JWKS,
// /authorize (which signs "the user" in at once and redirects back) and /token with PKCE. Each
// test says who signs in next and may tamper with the ID token before it is signed.
import { OAuth2Server } from "oauth2-mock-server";
import { freePort } from "./smtp.ts";

export const CLIENT_ID = "broker-portal";
export const CLIENT_SECRET = "portal-client-secret";

export interface IdTokenClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestProvider {
  issuer: string;
  /** OIDC_* settings pointing a portal at this provider. */
  env: Record<string, string>;
  /** Who the next sign-in is. */
  signInAs(claims: IdTokenClaims): void;
  /** Changes the next ID token's payload before it is signed (wrong audience, expired, another nonce …). */
  tamperNextIdToken(change: (payload: Record<string, unknown>) => void): void;
  stop(): Promise<void>;
}

export async function startProvider(): Promise<TestProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(await freePort(), "127.0.0.1");
  const issuer = server.issuer.url!;
  let claims: IdTokenClaims = { sub: "nobody" };
  let tamper: ((payload: Record<string, unknown>) => void) | null = null;
  // Both tokens pass here; the ID token is the one addressed to the client.
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    if (token.payload.aud !== CLIENT_ID) return;
    Object.assign(token.payload, claims);
    tamper?.(token.payload);
    tamper = null;
  });
  return {
    issuer,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, OIDC_PROVIDER_NAME: "Acme ID" },
    signInAs: (next) => {
      claims = next;
    },
    tamperNextIdToken: (change) => {
      tamper = change;
    },
    stop: () => server.stop(),
  };
}
