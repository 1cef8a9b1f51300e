// GET /api/oidc/start sends the browser to the identity provider; the provider sends it back to
// GET /api/oidc/callback, which opens the same broker session as a password sign-in and goes on
// to the dashboard. Every failure ends on the landing page with ?sso_error=<code>, never a 500.
import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { clientAddress } from "../../lib/http.ts";
import { NotJson } from "../../lib/model.ts";
import { sessionCookies } from "../../lib/session-cookie.ts";
import { SSO_ERROR_PARAM } from "../../shared/oidc.ts";
import { brokerCookie } from "../auth/session.ts";
import { createSession } from "../auth/service.ts";
import { OidcSettings } from "./model.ts";
import { beginOidcSignIn, completeOidcSignIn, oidcPublicSettings, SsoError } from "./service.ts";

/** Binds a sign-in to the browser that began it: the state, HttpOnly, SameSite=Lax (sent on the provider's redirect back). */
const FLOW_COOKIE = "portal_oidc";

export const oidcRoutes = (ctx: AppContext) => {
  const session = brokerCookie(ctx);
  const flowCookie = sessionCookies(ctx, FLOW_COOKIE);

  const toLanding = (error: unknown) => {
    const code = error instanceof SsoError ? error.code : "provider_unavailable";
    if (!(error instanceof SsoError)) ctx.log.error("oidc sign-in failed", { error: String(error) });
    else ctx.log.info("oidc sign-in refused", { reason: error.message });
    return redirect(`/?${SSO_ERROR_PARAM}=${code}`);
  };

  return new Elysia({ name: "oidc", seed: contextSeed(ctx), prefix: "/api/oidc" })
    .get("/settings", () => oidcPublicSettings(ctx), { response: OidcSettings })
    .get(
      "/start",
      async ({ cookie, request, server }) => {
        try {
          const { url, state, expiresAt } = await beginOidcSignIn(ctx, { address: clientAddress(ctx, request, server) });
          flowCookie.set(cookie, state, expiresAt);
          return redirect(url);
        } catch (error) {
          return toLanding(error);
        }
      },
      { response: NotJson },
    )
    .get(
      "/callback",
      async ({ cookie, request }) => {
        const cookieState = flowCookie.read(cookie);
        flowCookie.clear(cookie);
        try {
          const { userId } = await completeOidcSignIn(ctx, { search: new URL(request.url).search, cookieState });
          const { token, expiresAt } = await createSession(ctx, userId);
          session.set(cookie, token, expiresAt);
          return redirect("/dashboard");
        } catch (error) {
          return toLanding(error);
        }
      },
      { response: NotJson },
    );
};

/** A 302 whose Set-Cookie headers Elysia adds from the cookie jar. */
const redirect = (location: string) => new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });
