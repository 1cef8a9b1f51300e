// Builds the Elysia app from the feature plugins. Used by `portal serve` and by the tests.
import { Elysia, type AnyElysia } from "elysia";
import { apiDocsRoutes } from "./features/api-docs/routes.ts";
import type { AppContext } from "./context.ts";
import { authRoutes, joinRoutes } from "./features/auth/routes.ts";
import { rememberTimeZone } from "./features/broker-profile/contact.ts";
import { secondFactorChallenge } from "./features/two-factor/service.ts";
import { billingRoutes } from "./features/billing/routes.ts";
import { brokerProfileRoutes } from "./features/broker-profile/routes.ts";
import { customerAuthRoutes } from "./features/customer-auth/routes.ts";
import { customerRoutes } from "./features/customers/routes.ts";
import { dashboardRoutes } from "./features/dashboard/routes.ts";
import { demoRoutes } from "./features/demo/routes.ts";
import { documentRoutes } from "./features/documents/routes.ts";
import { adoptRecognisedExpiry } from "./features/expiry/recognised.ts";
import { exportRoutes } from "./features/export/routes.ts";
import { auditRoutes } from "./features/audit/routes.ts";
import { fileRoutes } from "./features/files/routes.ts";
import { LiveHub } from "./features/live/hub.ts";
import { liveRoutes } from "./features/live/routes.ts";
import { notificationRoutes } from "./features/notifications/routes.ts";
import { dropBrokerNotifications } from "./features/notifications/service.ts";
import { portalRoutes } from "./features/portal/routes.ts";
import { reminderRoutes } from "./features/reminders/routes.ts";
import { expiryRoutes } from "./features/expiry/routes.ts";
import { sharingRoutes } from "./features/sharing/routes.ts";
import { signatureRoutes } from "./features/signatures/routes.ts";
import { refuseOverDocumentLimit } from "./features/customers/requests.ts";
import { templateRoutes } from "./features/templates/routes.ts";
import { workspaceRoutes } from "./features/workspaces/routes.ts";
import { apiKeyRoutes } from "./features/api-keys/routes.ts";
import { webhookRoutes } from "./features/webhooks/routes.ts";
import { brokerById, brokersById } from "./features/auth/brokers.ts";
import { endBrokerSessions } from "./features/auth/account.ts";
import { handOver } from "./features/customers/assignment.ts";
import { memberActor } from "./features/audit/actor.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { HttpMetrics } from "./features/observability/http-metrics.ts";
import { requestTracking } from "./features/observability/request-tracking.ts";
import { metricsRoutes } from "./features/observability/routes.ts";
import { siteRoutes } from "./features/site/routes.ts";
import { oidcRoutes } from "./features/oidc/routes.ts";
import { twoFactorRoutes } from "./features/two-factor/routes.ts";
import { webRoutes } from "./features/web/routes.ts";
import { errorHandler } from "./lib/error-handler.ts";
import { limitBodySize } from "./lib/body-limit.ts";
import { refuseNulInBody, refuseNulInUrl } from "./lib/no-nul.ts";
import { OIDC_CALLBACK_PATH } from "./features/oidc/service.ts";
import { assertSameSiteWrite, securityHeaders } from "./lib/security.ts";

const isOidcCallback = (url: string) => new URL(url).pathname === OIDC_CALLBACK_PATH;

export function createApp(ctx: AppContext, hub = new LiveHub(ctx.events), metrics = new HttpMetrics()) {
  const headers = securityHeaders(ctx.config);
  // The API's description reads the finished app's routes (their schemas), hence the name.
  const app = (
    // encodeSchema off: Elysia's t.Integer carries a Transform (it decodes numeric strings in
    // bodies), which made every response holding one (a document's acceptance rules) go through
    // TypeBox's interpreted Encode: 20 % of a documents list. Our responses need no encoding;
    // they are still checked against their schema.
    new Elysia({ encodeSchema: false })
      .use(errorHandler(ctx.log))
      .use(requestTracking(ctx, metrics))
      .onRequest(({ request, set }) => {
        Object.assign(set.headers, headers);
        assertSameSiteWrite(request, ctx.config);
        limitBodySize(request);
        // The OIDC callback is the browser coming back from the provider: it answers with a
        // redirect to the landing page even then, and refuses a NUL itself.
        refuseNulInUrl(request.url, isOidcCallback);
      })
      // Before validation and every handler (src/lib/no-nul.ts says why).
      .onTransform(({ body }) => refuseNulInBody(body))
      .use(healthRoutes(ctx))
      .use(apiDocsRoutes(ctx, (): AnyElysia => app))
      .use(metricsRoutes(ctx, hub, metrics))
      .use(authRoutes(ctx, { secondFactor: secondFactorChallenge, rememberTimeZone }))
      .use(brokerProfileRoutes(ctx))
      .use(siteRoutes(ctx))
      .use(twoFactorRoutes(ctx))
      .use(oidcRoutes(ctx))
      .use(customerRoutes(ctx))
      .use(documentRoutes(ctx, { onApproved: adoptRecognisedExpiry }))
      .use(sharingRoutes(ctx))
      .use(signatureRoutes(ctx, { refuseOverDocumentLimit }))
      .use(exportRoutes(ctx))
      .use(auditRoutes(ctx))
      .use(templateRoutes(ctx))
      // Members' names and sessions are auth's, their customers customers'; workspaces sits below both.
      .use(workspaceRoutes(ctx, { brokersById, endSessions: endBrokerSessions, moveCustomers: async (unit, { by, ...input }) => handOver(ctx, unit, { ...input, actor: memberActor(await brokerById(ctx, by.memberId), by.address) }), dropNotifications: dropBrokerNotifications }))
      .use(joinRoutes(ctx, { secondFactor: secondFactorChallenge }))
      .use(apiKeyRoutes(ctx))
      .use(dashboardRoutes(ctx))
      .use(reminderRoutes(ctx))
      .use(expiryRoutes(ctx))
      .use(billingRoutes(ctx))
      .use(webhookRoutes(ctx))
      .use(fileRoutes(ctx))
      .use(notificationRoutes(ctx))
      .use(liveRoutes(ctx, hub))
      .use(portalRoutes(ctx))
      .use(customerAuthRoutes(ctx))
      .use(demoRoutes(ctx))
      // Last: everything else that is a GET is the web app.
      .use(webRoutes(ctx))
  );
  return app;
}

/** @public The whole API's type, for a typed client of it; nothing imports it yet. */
export type App = ReturnType<typeof createApp>;
