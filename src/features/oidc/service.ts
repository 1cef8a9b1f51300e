// OpenID Connect sign-in for brokers (authorization code flow with PKCE), through openid-client:
// discovery, the token exchange and the ID token's checks (signature against the issuer's keys,
// issuer, audience, expiry, nonce) are the library's, never hand-written; only "not issued in the
// future" is added here. This file decides who
// the verified person is here: the broker linked to their (issuer, subject), else the broker with
// their verified email, else a new broker in the workspace that claims their email's domain.
import { and, eq } from "drizzle-orm";
import type * as Oidc from "openid-client";
import { brokerOidcIdentities } from "../../../db/tables.ts";
import type { AppContext, } from "../../context.ts";
import type { Config } from "../../config.ts";
import { hasNul } from "../../lib/no-nul.ts";
import { newId } from "../../lib/tokens.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import type { SsoErrorCode } from "../../shared/oidc.ts";
import { cleanName, isValidEmail, normalizeEmail } from "../../shared/validation.ts";
import { anotherBrokerExists, createBrokerWithoutPassword, signInAccountByEmail, signInAccountById } from "../auth/sign-in-accounts.ts";
import type { PublicUser } from "../auth/model.ts";
import type { Writer } from "../../lib/jobs.ts";
import { emailDomain } from "../../shared/claimed-domains.ts";
import { joinByClaimedDomain } from "../workspaces/claimed-domains.ts";
import { joinByPendingInvitation } from "../workspaces/invitations.ts";
import { foundWorkspace } from "../workspaces/founding.ts";
import { membershipOf } from "../workspaces/members.ts";
import { rememberFlow, takeFlow } from "./flows.ts";
import { instanceState, perContext } from "../../lib/instance-state.ts";
import { FailureLimiter } from "../../lib/rate-limit.ts";

type OidcConfig = NonNullable<Config["oidc"]>;

/** A sign-in that cannot go on; the route sends the browser to the landing page with this code. */
export class SsoError extends Error {
  constructor(readonly code: SsoErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "SsoError";
  }
}

/** Where the provider sends the browser back: a page load, so every answer is a redirect. */
export const OIDC_CALLBACK_PATH = "/api/oidc/callback";
export const callbackUrl = (ctx: AppContext) => `${ctx.config.publicUrl}${OIDC_CALLBACK_PATH}`;

// Discovery once an hour at most; a failure is not kept, so the next click tries again.
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const discovered = instanceState(
  "single sign-on provider's discovery",
  "per process",
  "each instance asks the provider for the same published document (and keys)",
  new WeakMap<AppContext, { config: Promise<Oidc.Configuration>; at: number }>(),
);

// Loaded with the first SSO sign-in, not at start: most portals have no OIDC provider set.
const openidClient = () => import("openid-client");

function providerConfig(ctx: AppContext, settings: OidcConfig): Promise<Oidc.Configuration> {
  const cached = discovered.get(ctx);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const issuer = new URL(settings.issuer);
  const config = openidClient()
    .then((oidc) =>
      oidc.discovery(issuer, settings.clientId, undefined, oidc.ClientSecretPost(settings.clientSecret), {
        // The ID token's signature is checked against the provider's published keys (jwks_uri):
        // openid-client skips that for a token from the token endpoint unless told, trusting TLS,
        // and a token altered in transit (another broker's email, a new subject) or signed with a
        // key the provider never published would otherwise pass. http:// only for an issuer the
        // operator allowed explicitly (OIDC_ALLOW_HTTP). client_secret_post: Google, Entra and
        // Keycloak all accept it.
        execute: [oidc.enableNonRepudiationChecks, ...(issuer.protocol === "http:" && settings.allowHttp ? [oidc.allowInsecureRequests] : [])],
        timeout: 10,
      }),
    )
    .catch((error) => {
      discovered.delete(ctx);
      throw new SsoError("provider_unavailable", String(error));
    });
  discovered.set(ctx, { config, at: Date.now() });
  return config;
}

function settingsOf(ctx: AppContext): OidcConfig {
  if (!ctx.config.oidc) throw new SsoError("not_configured");
  return ctx.config.oidc;
}

// Every sign-in begun writes a flow row (flows.ts) before anyone is known, so one caller may begin
// only so many: 30 in 10 minutes per address, more than a person retrying ever needs.
const startsFor = perContext("single sign-on start limit", "shared", "the counts are in the database (rate_limits); this holds only the limit's settings", (ctx: AppContext) =>
  new FailureLimiter(ctx, "oidc-starts-by-caller", 30, 10 * 60 * 1000));

/** Step one: where to send the browser, and the state its binding cookie must carry back. */
export async function beginOidcSignIn(ctx: AppContext, { address }: { address: string }): Promise<{ url: string; state: string; expiresAt: Date }> {
  const settings = settingsOf(ctx);
  if ((await startsFor(ctx).take(address)) > 0) throw new SsoError("too_many_attempts", `address ${address} began too many sign-ins`);
  const config = await providerConfig(ctx, settings);
  const oidc = await openidClient();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const expiresAt = await rememberFlow(ctx, state, { codeVerifier, nonce });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.href, state, expiresAt };
}

export interface CallbackInput {
  /** The query string the provider sent the browser back with. */
  search: string;
  /** The state in this browser's binding cookie, set by step one. */
  cookieState: string | null;
}

/** Step two: the provider's answer checked and exchanged; returns the broker to sign in. */
export async function completeOidcSignIn(ctx: AppContext, input: CallbackInput): Promise<{ userId: string }> {
  const settings = settingsOf(ctx);
  // The app's NUL check lets this page load through (its JSON 400 would strand the browser);
  // a NUL in the answer is refused here, before anything reads it, as a bad state.
  if (hasNul(input.search)) throw new SsoError("invalid_state", "NUL in the callback's query");
  const params = new URLSearchParams(input.search);
  const state = params.get("state");
  // The state must be the one this browser started with (a login forged by another site carries
  // someone else's) and one not spent yet (a replayed callback finds nothing).
  const flow = state && input.cookieState === state ? await takeFlow(ctx, state) : null;
  if (params.get("error")) throw new SsoError(params.get("error") === "access_denied" ? "cancelled" : "token_invalid", params.get("error")!);
  if (!state || !flow) throw new SsoError("invalid_state");
  const config = await providerConfig(ctx, settings);
  const oidc = await openidClient();
  let claims: Oidc.IDToken;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, new URL(`${callbackUrl(ctx)}?${params}`), {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
    // The library checks expiry but not a token issued in the future (a stolen signing key's
    // long-lived token, or a provider's clock far ahead): allow a few minutes of skew only. The
    // wall clock, as the library's own expiry check uses.
    if (claims.iat * 1000 > Date.now() + ID_TOKEN_CLOCK_SKEW_MS) throw new Error("ID token issued in the future");
  } catch (error) {
    throw new SsoError(isNetworkFailure(error) ? "provider_unavailable" : "token_invalid", describe(error));
  }
  return { userId: await brokerFor(ctx, settings, claims) };
}

const ID_TOKEN_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The library's error with the check that failed (its cause), for the log. */
const describe = (error: unknown) => {
  const cause = (error as { cause?: { message?: string } } | null)?.cause;
  return cause?.message ? `${String(error)} (${cause.message})` : String(error);
};

/** No answer from the provider (refused, timed out), as opposed to an answer that failed its checks. */
function isNetworkFailure(error: unknown): boolean {
  const err = error as { name?: string; code?: string; cause?: { code?: string } } | null;
  if (!err) return false;
  if (err.name === "TimeoutError" || err.name === "AbortError") return true;
  if (err.name === "TypeError" || err.code === "ConnectionRefused" || err.cause?.code === "ECONNREFUSED") return true;
  return err.code === "OAUTH_RESPONSE_IS_NOT_JSON" || (typeof err.code === "string" && /ECONN|ETIMEDOUT|ENOTFOUND|FailedToOpenSocket/.test(err.code));
}

async function brokerFor(ctx: AppContext, settings: OidcConfig, claims: Oidc.IDToken): Promise<string> {
  const email = typeof claims.email === "string" ? normalizeEmail(claims.email) : "";
  // Only an address the provider vouches for is matched to (or creates) an account.
  if (!isValidEmail(email) || claims.email_verified !== true) throw new SsoError("email_not_verified");
  const domain = emailDomain(email);
  if (settings.allowedDomains && !settings.allowedDomains.includes(domain)) throw new SsoError("domain_not_allowed", domain);

  const linked = (await ctx.db
      .select({ userId: brokerOidcIdentities.userId })
      .from(brokerOidcIdentities)
      .where(and(eq(brokerOidcIdentities.issuer, settings.issuer), eq(brokerOidcIdentities.subject, claims.sub))))[0];
  if (linked) {
    const account = await signInAccountById(ctx, linked.userId);
    if (account?.disabled !== false) throw new SsoError("account_disabled");
    // The account's own address: the provider's may have changed since it was linked.
    await rejoinIfRemoved(ctx, linked.userId, account.user.email);
    return linked.userId;
  }

  const existing = await signInAccountByEmail(ctx, email);
  if (existing?.disabled) throw new SsoError("account_disabled");
  if (existing) await rejoinIfRemoved(ctx, existing.user.id, email);
  return inTransaction(ctx, async ({ tx, now }) => {
    const userId =
      existing?.user.id ??
      (await createBrokerWithoutPassword(tx, { email, firstName: nameClaim(claims.given_name), lastName: nameClaim(claims.family_name) }, (tx, user) => joinFirstTime(ctx, tx, { user, domain, now }))).id;
    await tx.insert(brokerOidcIdentities).values({ id: newId(), userId, issuer: settings.issuer, subject: claims.sub, createdAt: ctx.clock.now() });
    return userId;
  });
}

/**
 * Where a first single sign-on's new account belongs (issue 40: no more islands): an invitation
 * still open for its email (the provider proved the email as the link would), else the workspace
 * that claims its email's domain, with that workspace's default role, whether sign-up is open or
 * not (the owner's claim is the admission, as an invitation is). Neither: refused, except for the
 * very first account of an empty portal with sign-up allowed, which founds the first workspace (as
 * password sign-up's first account does), so a portal behind single sign-on can start. Anyone
 * else founds a workspace by signing up with a password, where ALLOW_SIGNUP allows.
 */
async function joinFirstTime(ctx: AppContext, tx: Writer, { user, domain, now }: { user: PublicUser; domain: string; now: Date }): Promise<void> {
  if (await joinByPendingInvitation(tx, { email: user.email, userId: user.id, now })) return;
  if (await joinByClaimedDomain(tx, { userId: user.id, domain })) return;
  if (!ctx.config.allowSignup) throw new SsoError("no_account", domain);
  if (await anotherBrokerExists(tx, user.id)) throw new SsoError("domain_not_claimed", domain);
  await foundWorkspace(tx, user);
}

/**
 * An account in no workspace (a removed member) comes back only by a new invitation, which its
 * sign-in accepts; never by a claimed domain (that would undo the removal). Without one it is
 * told so at the door instead of landing on a dashboard that answers 401.
 */
async function rejoinIfRemoved(ctx: AppContext, userId: string, email: string): Promise<void> {
  if (await membershipOf(ctx, userId)) return;
  const joined = await inTransaction(ctx, ({ tx, now }) => joinByPendingInvitation(tx, { email, userId, now }));
  if (!joined) throw new SsoError("no_workspace");
}

const nameClaim = (value: unknown) => (typeof value === "string" && cleanName(value).slice(0, 100)) || null;

/** What the sign-in dialog needs to know. */
export function oidcPublicSettings(ctx: AppContext) {
  const settings = ctx.config.oidc;
  return { enabled: Boolean(settings), providerName: settings?.providerName ?? null, passwordSignIn: !settings?.only };
}
