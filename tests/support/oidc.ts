// A real OpenID Connect provider for tests (oauth2-mock-server) on a random port: discovery, JWKS,
// /authorize (which signs "the user" in at once and redirects back) and /token with PKCE. Each
// test says who signs in next and may tamper with the ID token before it is signed.
import { expect } from "bun:test";
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
  /** Replaces the next signed ID token on its way from the token endpoint (what an attacker in the middle does). */
  interceptNextIdToken(change: (signedIdToken: string) => string): void;
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
  let intercept: ((signed: string) => string) | null = null;
  server.service.on("beforeResponse", (response: { body: Record<string, unknown> }) => {
    if (!intercept || typeof response.body.id_token !== "string") return;
    response.body.id_token = intercept(response.body.id_token);
    intercept = null;
  });
  return {
    issuer,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, OIDC_PROVIDER_NAME: "Acme ID", OIDC_ALLOW_HTTP: "true" },
    signInAs: (next) => {
      claims = next;
    },
    tamperNextIdToken: (change) => {
      tamper = change;
    },
    interceptNextIdToken: (change) => {
      intercept = change;
    },
    stop: () => server.stop(),
  };
}

// ---------------------------------------------------------------------------------------------
// A browser's walk through the sign-in: /api/oidc/start → the provider's /authorize → /api/oidc/callback

const setCookies = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);
export const cookieNamed = (res: Response, name: string) => setCookies(res).find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1) ?? null;

export interface Walk {
  /** Where the portal sent the browser at the end. */
  location: string;
  /** The session cookie it set, if it signed someone in. */
  session: string | null;
}

/** Step one: /api/oidc/start, then the provider's /authorize; returns the callback URL on the portal and the binding cookie. */
export async function startSignInOn(server: { url: string }, provider: TestProvider): Promise<{ callback: string; flowCookie: string }> {
  const start = await fetch(`${server.url}/api/oidc/start`, { redirect: "manual" });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.origin + "/").toBe(new URL(provider.issuer).origin + "/");
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("scope")).toBe("openid email profile");
  expect(authorize.searchParams.get("nonce")).toBeTruthy();
  const flowCookie = cookieNamed(start, "portal_oidc")!;
  expect(flowCookie).toBe(`portal_oidc=${authorize.searchParams.get("state")}`);
  const back = await fetch(authorize, { redirect: "manual" });
  expect(back.status).toBe(302);
  // The test server's PUBLIC_URL names port 0; the path and query are what the provider sent.
  const returned = new URL(back.headers.get("location")!);
  return { callback: `${server.url}${returned.pathname}${returned.search}`, flowCookie };
}

/** Step two: the browser arrives back at the callback with (or without) its binding cookie. */
export async function finishSignIn(callback: string, flowCookie: string | null): Promise<Walk> {
  const res = await fetch(callback, { redirect: "manual", headers: flowCookie ? { cookie: flowCookie } : {} });
  expect(res.status).toBe(302);
  return { location: res.headers.get("location")!, session: cookieNamed(res, "portal_session") };
}

export async function signInWith(server: { url: string }, provider: TestProvider): Promise<Walk> {
  const { callback, flowCookie } = await startSignInOn(server, provider);
  return finishSignIn(callback, flowCookie);
}
