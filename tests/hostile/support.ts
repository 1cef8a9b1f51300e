// Shared machinery of the hostile suite: the route table every attack is generated from, a
// seeded world with two brokers who share one customer, side-effect fingerprints, leak checks,
// and raw multipart bodies (so names and bytes are exactly what an attacker sends).
import { expect } from "bun:test";
import { appendFileSync, mkdirSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { LiveHub } from "../../src/features/live/hub.ts";
import { cookieHeader, type ApiResponse, type Broker, type TestServer } from "../support/server.ts";
import { realPdf } from "../files/samples.ts";

// ---------------------------------------------------------------------------------------------
// Routes, straight from the router

export interface AppRoute {
  method: string;
  path: string;
  /** The TypeBox schema of a JSON body, when the route declares one. */
  body: any;
}

/** Every route the running app serves, read from an Elysia instance built like the real one. */
export function appRoutes(srv: TestServer): AppRoute[] {
  const hub = new LiveHub(srv.server.ctx.events);
  try {
    const app = createApp(srv.server.ctx, hub);
    return app.routes.map((r) => ({ method: r.method, path: r.path, body: (r.hooks as any)?.body ?? null }));
  } finally {
    hub.close();
  }
}

export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

/** What a path parameter is filled with when a route is aimed at the victim. */
export type VictimValue = "customerId" | "documentId" | "brokerNotificationId" | "customerNotificationId" | "uploadLink" | "logoKey" | "templateId" | "resetToken" | "memberId" | "invitationId" | "invitationToken" | "signatureRequestId" | "signerToken" | "webhookEndpointId" | "webhookDeliveryId" | "apiKeyId" | "signatureTemplateId";

/** Reset links are checked by their random token (GET …/reset-password/{token}); what is attacked is a guessed one. */
export const GUESSED_RESET_TOKEN = "x".repeat(43);

/** Invitation links are opened by their random token (GET /api/workspace/join/{token}): what is attacked is a guessed one. */
export const GUESSED_INVITATION_TOKEN = "y".repeat(43);

/** Another signer's link opens by its token (/api/sign/{token}): what is attacked is a guessed one. */
export const GUESSED_SIGNER_TOKEN = "s".repeat(43);

/** Logos are public by their random key (portals and mail clients load them); what is attacked is a guessed key. */
export const GUESSED_LOGO_KEY = "Zq8mW3kT9vX2pL7rN4sB1yC6";

export interface RouteEntry {
  /** Who may call it: the broker session, an upload link (guest or signed-in customer), a file reader, anyone. */
  auth: "public" | "broker" | "link" | "file" | "ws" | "web";
  params?: Record<string, VictimValue>;
  /** Query string aimed at the victim (download-proxy names the document in its url). */
  query?: (w: World) => Record<string, string>;
  /** A body the route accepts, aimed at the victim: attacks must reach the authorisation check, not fail validation. */
  body?: (w: World) => unknown;
  /** A multipart route: true sends one PDF as "file"; a function gives the parts the route takes, aimed at the victim. */
  multipart?: true | ((w: World) => RawPart[]);
  /** The body names the victim's ids (bulk operations). */
  idsInBody?: true;
  /**
   * The API key scope the route takes (issue 43): absent on a broker or file route, a key is
   * refused (403, session only). tests/hostile/api-keys.test.ts checks every route against it.
   */
  key?: "read" | "write";
}

const future = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

/**
 * Every route of the app, and how to aim it at someone else's data. A route the router serves
 * but this table lacks fails `routes.test.ts` by name: add it here with its attack.
 */
export const ROUTE_TABLE: Record<string, RouteEntry> = {
  "GET /healthz": { auth: "public" },
  "GET /readyz": { auth: "public" },
  // Closed by METRICS_TOKEN (a bearer token of its own, not a broker session): tests/api/metrics.test.ts.
  "GET /metrics": { auth: "public" },
  "GET /api/demo-video": { auth: "public" },
  "POST /api/auth/signup": {
    auth: "public",
    body: () => ({ email: `new-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "a long new password", firstName: "New", lastName: "Broker" }),
  },
  "POST /api/auth/signin": { auth: "public", body: (w) => ({ email: w.brokerA.user.email, password: "not the password" }) },
  "POST /api/auth/signout": { auth: "public" },
  "GET /api/auth/user": { auth: "broker" },
  "POST /api/auth/forgot-password": { auth: "public", body: (w) => ({ email: w.brokerA.user.email }) },
  "GET /api/auth/reset-password/:token": { auth: "public", params: { token: "resetToken" } },
  "POST /api/auth/reset-password": { auth: "public", body: () => ({ token: "x".repeat(43), newPassword: "a new password" }) },
  "POST /api/auth/change-password": { auth: "broker", body: () => ({ currentPassword: "not the password", newPassword: "a brand new password" }) },
  "POST /api/auth/change-email": { auth: "broker", body: () => ({ newEmail: `moved-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "not the password" }) },
  "POST /api/auth/change-email/confirm": { auth: "broker", body: () => ({ code: "123456" }) },
  "GET /api/profile": { auth: "broker" },
  "PUT /api/profile": { auth: "broker", body: () => ({ company: "Hijack & Co", phone: "+1 555 0100" }) },
  "POST /api/profile/logo": {
    auth: "broker",
    multipart: () => [{ name: "logo", filename: "logo.png", contentType: "image/png", data: Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010802000000", "hex") }],
  },
  "DELETE /api/profile/logo": { auth: "broker" },
  "GET /api/logos/:key": { auth: "public", params: { key: "logoKey" } },
  "GET /api/site": { auth: "public" },
  // The API's description: shapes only, never data (tests/api/openapi.test.ts).
  "GET /api/openapi.json": { auth: "public" },
  "GET /api/reference": { auth: "public" },
  // Two-factor: each broker's own factor only (no ids to aim); the second sign-in step takes a challenge.
  "GET /api/two-factor": { auth: "broker" },
  "POST /api/two-factor/setup": { auth: "broker" },
  "POST /api/two-factor/confirm": { auth: "broker", body: () => ({ code: "123456" }) },
  "POST /api/two-factor/recovery-codes": { auth: "broker", body: () => ({ code: "123456" }) },
  "POST /api/two-factor/disable": { auth: "broker", body: () => ({ code: "123456" }) },
  "POST /api/two-factor/verify": { auth: "public", body: () => ({ challenge: "x".repeat(43), code: "123456" }) },
  // OpenID Connect: settings for the sign-in dialog, and the redirects to and from the provider.
  "GET /api/oidc/settings": { auth: "public" },
  "GET /api/oidc/start": { auth: "public" },
  // Always a redirect (to the dashboard, or the landing page with ?sso_error=…): tests/api/oidc.test.ts.
  "GET /api/oidc/callback": { auth: "public" },
  "GET /api/customers": { auth: "broker", key: "read" },
  "GET /api/all-customers": { auth: "broker", key: "read" },
  "POST /api/customers": {
    auth: "broker",
    key: "write",
    body: () => ({ email: `new-${crypto.randomUUID().slice(0, 8)}@example.com`, name: "New Customer", loanType: "fha", requiredDocuments: [{ name: "Paystub" }] }),
  },
  "GET /api/customer/:id": { auth: "broker", key: "read", params: { id: "customerId" } },
  "GET /api/customer/:id/documents": { auth: "broker", key: "read", params: { id: "customerId" } },
  "GET /api/customers/:id/document-limit": { auth: "broker", key: "read", params: { id: "customerId" } },
  "PUT /api/customers/:id": {
    auth: "broker",
    key: "write",
    params: { id: "customerId" },
    body: () => ({ name: "Hijacked Name", email: "hijacked@example.com", loanType: "va" }),
  },
  "DELETE /api/customers/:id": { auth: "broker", key: "write", params: { id: "customerId" } },
  // Checklist templates: each broker's own; another broker's id answers 404 like a missing one.
  "PUT /api/customers/:id/assignee": { auth: "broker", key: "write", params: { id: "customerId" }, body: (w) => ({ memberId: w.brokerB.user.id }) },
  // Watchers: the victim's customer by id (404); naming the victim's members as watchers is tests/hostile/team-live.test.ts.
  "PUT /api/customers/:id/watchers": { auth: "broker", key: "write", params: { id: "customerId" }, body: (w) => ({ memberIds: [w.brokerB.user.id] }) },
  "POST /api/customers/reassign": { auth: "broker", key: "write", idsInBody: true, body: (w) => ({ fromMemberId: w.brokerA.user.id, toMemberId: w.brokerB.user.id }) },
  "DELETE /api/workspace/members/:id": { auth: "broker", params: { id: "memberId" }, query: (w) => ({ reassignTo: w.brokerB.user.id }) },
  "GET /api/workspace": { auth: "broker" },
  "PUT /api/workspace": { auth: "broker", body: () => ({ name: "Hijacked brokerage", visibility: "assigned", claimedDomains: ["intruder.example"] }) },
  "GET /api/workspace/members": { auth: "broker" },
  "PUT /api/workspace/members/:id": { auth: "broker", params: { id: "memberId" }, body: () => ({ role: "assistant" }) },
  "POST /api/workspace/invitations": { auth: "broker", body: () => ({ email: `recruit-${crypto.randomUUID().slice(0, 8)}@example.com`, role: "owner" }) },
  "GET /api/workspace/invitations": { auth: "broker" },
  // API keys (issue 43): the owner's, with a session only; another workspace's key id is 404.
  "POST /api/api-keys": { auth: "broker", body: () => ({ name: "Intruder's key", scopes: ["read", "write"] }) },
  "GET /api/api-keys": { auth: "broker" },
  "DELETE /api/api-keys/:id": { auth: "broker", params: { id: "apiKeyId" } },
  "DELETE /api/workspace/invitations/:id": { auth: "broker", params: { id: "invitationId" } },
  // A public IP literal: no DNS needed, and nothing is sent (the tests run no delivery job).
  "POST /api/webhooks": { auth: "broker", body: () => ({ url: "https://93.184.215.14/hooks", events: ["customer.created"] }) },
  "GET /api/webhooks": { auth: "broker" },
  "DELETE /api/webhooks/:id": { auth: "broker", params: { id: "webhookEndpointId" } },
  "POST /api/webhooks/:id/rotate-secret": { auth: "broker", params: { id: "webhookEndpointId" } },
  "POST /api/webhooks/:id/test": { auth: "broker", params: { id: "webhookEndpointId" } },
  "GET /api/webhooks/:id/deliveries": { auth: "broker", params: { id: "webhookEndpointId" } },
  "POST /api/webhooks/:id/deliveries/:deliveryId/resend": { auth: "broker", params: { id: "webhookEndpointId", deliveryId: "webhookDeliveryId" } },
  "GET /api/workspace/join/:token": { auth: "public", params: { token: "invitationToken" } },
  "POST /api/workspace/join": { auth: "public", body: () => ({ token: GUESSED_INVITATION_TOKEN, password: "a long new password", firstName: "Intruder" }) },
  "GET /api/templates": { auth: "broker", key: "read" },
  "POST /api/templates": { auth: "broker", key: "write", body: () => ({ name: `Intruder checklist ${crypto.randomUUID().slice(0, 8)}`, documents: [{ name: "Paystub" }] }) },
  "PUT /api/templates/:id": { auth: "broker", key: "write", params: { id: "templateId" }, body: () => ({ name: "Hijacked checklist", documents: [{ name: "Photo ID" }] }) },
  "DELETE /api/templates/:id": { auth: "broker", key: "write", params: { id: "templateId" } },
  // A proposed checklist: from the caller's own templates only (the victim's never appear: routes.test.ts).
  "POST /api/templates/suggest": { auth: "broker", key: "read", body: () => ({ description: "self-employed borrower buying a condo with a gift letter and a co-borrower" }) },
  "POST /api/customers/:id/resend-invitation": { auth: "broker", key: "write", params: { id: "customerId" } },
  "POST /api/customers/:id/request-documents": {
    auth: "broker",
    key: "write",
    params: { id: "customerId" },
    body: () => ({ documentTypes: ["Tax Returns"] }),
  },
  "POST /api/documents/:id/verify": {
    auth: "broker",
    key: "write",
    params: { id: "documentId" },
    body: () => ({ status: "approved", comments: "looks fine" }),
  },
  "PUT /api/documents/bulk-due-date": {
    auth: "broker",
    key: "write",
    idsInBody: true,
    body: (w) => ({ documentIds: w.victim.documentIds.slice(1), dueDate: future() }),
  },
  "PUT /api/documents/:id/due-date": { auth: "broker", key: "write", params: { id: "documentId" }, body: () => ({ dueDate: future() }) },
  "DELETE /api/documents/:id": { auth: "broker", key: "write", params: { id: "documentId" } },
  "GET /api/documents/acceptance-rules/standard": { auth: "broker", key: "read" },
  "PUT /api/documents/:id/acceptance-rules": {
    auth: "broker",
    key: "write",
    params: { id: "documentId" },
    body: () => ({ rules: { kinds: ["pdf"], minPages: 2, maxPages: null, minImageShortSide: 800, minImageLongSide: 1100, noPassword: true } }),
  },
  "POST /api/documents/:id/unavailable": { auth: "broker", key: "write", params: { id: "documentId" }, body: () => ({ decision: "keep_open" }) },
  "POST /api/documents/share": {
    auth: "broker",
    key: "write",
    idsInBody: true,
    multipart: (w) => [
      { name: "customerIds", data: JSON.stringify([w.victim.customerId]) },
      { name: "documents", filename: "intruder.pdf", contentType: "application/pdf", data: victimPdf() },
    ],
  },
  "GET /api/documents/share/settings": { auth: "broker", key: "read" },
  "GET /api/customers/:id/export": { auth: "broker", key: "read", params: { id: "customerId" }, query: () => ({ scope: "all" }) },
  "POST /api/customers/export": { auth: "broker", key: "read", idsInBody: true, body: (w) => ({ customerIds: [w.victim.customerId], scope: "all" }) },
  "GET /api/customers/export": { auth: "broker", key: "read", query: (w) => ({ ids: w.victim.customerId, scope: "all" }) },
  "GET /api/customer/:id/audit": { auth: "broker", key: "read", params: { id: "customerId" } },
  "GET /api/customer/:id/audit.csv": { auth: "broker", key: "read", params: { id: "customerId" } },
  "GET /api/customer/:id/audit.pdf": { auth: "broker", key: "read", params: { id: "customerId" } },
  "GET /api/export/settings": { auth: "broker", key: "read" },
  "PUT /api/export/settings": { auth: "broker", key: "write", body: () => ({ fileNamePattern: "{document} hijacked.{ext}" }) },
  "GET /api/dashboard/metrics": { auth: "broker", key: "read" },
  "GET /api/pending-documents": { auth: "broker", key: "read" },
  "GET /api/completed-documents": { auth: "broker", key: "read" },
  "GET /api/shared-documents": { auth: "broker", key: "read" },
  "POST /api/customer/:id/send-reminder": { auth: "broker", key: "write", params: { id: "customerId" } },
  "POST /api/send-bulk-reminders": { auth: "broker", key: "write" },
  "GET /api/customers/:id/reminders": { auth: "broker", key: "read", params: { id: "customerId" } },
  "PUT /api/customers/:id/reminders/cadence": {
    auth: "broker",
    key: "write",
    params: { id: "customerId" },
    body: () => ({ cadence: { almostDueDays: 3, everyDays: 2, maxCount: 3 } }),
  },
  "POST /api/customers/:id/reminders/pause": { auth: "broker", key: "write", params: { id: "customerId" } },
  "POST /api/customers/:id/reminders/resume": { auth: "broker", key: "write", params: { id: "customerId" } },
  "GET /api/reminder-settings": { auth: "broker", key: "read" },
  "PUT /api/reminder-settings": { auth: "broker", key: "write", body: () => ({ blackoutDays: ["2026-12-24"], expiryLeadDays: 30 }) },
  "PUT /api/documents/:id/expiry": { auth: "broker", key: "write", params: { id: "documentId" }, body: () => ({ expiresOn: "2030-01-31" }) },
  "GET /api/dashboard/expiring-documents": { auth: "broker", key: "read" },
  "GET /api/customers/:id/document-expiries": { auth: "broker", key: "read", params: { id: "customerId" } },
  "GET /api/subscription": { auth: "broker" },
  // Billing: the plan calls act only on the caller's own subscription (another broker's payment
  // id is a 404: tests/api/billing-stripe.test.ts). Billing is off in this suite, so they answer 409.
  "POST /api/create-subscription": { auth: "broker", body: () => ({ plan: "pro" }) },
  "POST /api/activate-subscription": { auth: "broker", body: () => ({ paymentIntentId: "pi_victim_payment" }) },
  "POST /api/cancel-subscription": { auth: "broker" },
  // Public: prices and whether billing is on, shown on the landing page before sign-in.
  "GET /api/billing/config": { auth: "public" },
  // Unauthenticated by design: Stripe calls it, and the signature on the raw body (checked with
  // STRIPE_WEBHOOK_SECRET) is its only credential; forged, stale and replayed deliveries are
  // refused in tests/api/billing-stripe.test.ts.
  "POST /api/stripe/webhook": { auth: "public", body: () => ({ id: "evt_forged", type: "customer.subscription.deleted" }) },
  "GET /api/documents/:id/download": { auth: "file", key: "read", params: { id: "documentId" } },
  "GET /api/documents/:id/view": { auth: "file", key: "read", params: { id: "documentId" } },
  "POST /api/documents/:id/link": { auth: "file", key: "read", params: { id: "documentId" } },
  "GET /api/download-proxy": {
    auth: "file",
    key: "read",
    query: (w) => ({ url: `/api/documents/${w.victim.documentIds[0]}/download`, filename: "x.pdf" }),
  },
  "GET /api/notifications": { auth: "broker" },
  "GET /api/notifications/unread-count": { auth: "broker" },
  "POST /api/notifications/mark-all-read": { auth: "broker" },
  "POST /api/notifications/:id/read": { auth: "broker", params: { id: "brokerNotificationId" } },
  "GET /api/upload/:uploadLink/notifications": { auth: "link", params: { uploadLink: "uploadLink" } },
  "GET /api/upload/:uploadLink/notifications/unread-count": { auth: "link", params: { uploadLink: "uploadLink" } },
  "POST /api/upload/:uploadLink/notifications/mark-all-read": { auth: "link", params: { uploadLink: "uploadLink" } },
  "POST /api/upload/:uploadLink/notifications/:id/read": {
    auth: "link",
    params: { uploadLink: "uploadLink", id: "customerNotificationId" },
  },
  "WS /ws": { auth: "ws" },
  "GET /api/upload/:uploadLink": { auth: "link", params: { uploadLink: "uploadLink" } },
  "POST /api/upload/:uploadLink/documents/:documentId": {
    auth: "link",
    params: { uploadLink: "uploadLink", documentId: "documentId" },
    multipart: true,
  },
  "POST /api/upload/:uploadLink/documents/:documentId/recognition": {
    auth: "link",
    params: { uploadLink: "uploadLink", documentId: "documentId" },
    multipart: true,
  },
  // The customer's own language (issue 44): the link's relationship only (tests/hostile/languages.test.ts).
  "PUT /api/upload/:uploadLink/language": { auth: "link", params: { uploadLink: "uploadLink" }, body: () => ({ language: "es" }) },
  "POST /api/upload/:uploadLink/documents/:documentId/unavailable": {
    auth: "link",
    params: { uploadLink: "uploadLink", documentId: "documentId" },
    body: () => ({ reason: "I am self-employed and have no payslips." }),
  },
  // Signatures (issue 41): the broker's, the customer's on their link, another signer's on their own link.
  "POST /api/customers/:id/signature-requests": {
    auth: "broker",
    key: "write",
    params: { id: "customerId" },
    multipart: (w) => [
      { name: "request", data: JSON.stringify(signatureRequestBody(w.victim.email)) },
      { name: "file", filename: "intruder.pdf", contentType: "application/pdf", data: victimPdf() },
    ],
  },
  "GET /api/customers/:id/signature-requests": { auth: "broker", key: "read", params: { id: "customerId" } },
  "GET /api/signature-requests/:id": { auth: "broker", key: "read", params: { id: "signatureRequestId" } },
  "POST /api/signature-requests/:id/void": { auth: "broker", key: "write", params: { id: "signatureRequestId" } },
  "POST /api/signature-requests/:id/seal": { auth: "broker", key: "write", params: { id: "signatureRequestId" } },
  "POST /api/signature-requests/:id/resend": { auth: "broker", key: "write", params: { id: "signatureRequestId" } },
  "GET /api/signature-requests/:id/download": { auth: "broker", key: "read", params: { id: "signatureRequestId" } },
  // The workspace's signature templates: another workspace's id is a 404 like a missing one.
  "GET /api/signature-templates": { auth: "broker", key: "read" },
  "POST /api/signature-templates": {
    auth: "broker",
    key: "write",
    multipart: () => [
      { name: "name", data: "Intruder template" },
      { name: "fields", data: JSON.stringify(signatureRequestBody("x@example.com").fields) },
      { name: "file", filename: "intruder.pdf", contentType: "application/pdf", data: victimPdf() },
    ],
  },
  "GET /api/signature-templates/:id": { auth: "broker", key: "read", params: { id: "signatureTemplateId" } },
  "GET /api/signature-templates/:id/pdf": { auth: "broker", key: "read", params: { id: "signatureTemplateId" } },
  "PATCH /api/signature-templates/:id": { auth: "broker", key: "write", params: { id: "signatureTemplateId" }, body: () => ({ name: "Hijacked template" }) },
  "DELETE /api/signature-templates/:id": { auth: "broker", key: "write", params: { id: "signatureTemplateId" } },
  "GET /api/upload/:uploadLink/signature-requests": { auth: "link", params: { uploadLink: "uploadLink" } },
  "GET /api/upload/:uploadLink/signature-requests/:id": { auth: "link", params: { uploadLink: "uploadLink", id: "signatureRequestId" } },
  "GET /api/upload/:uploadLink/signature-requests/:id/document": { auth: "link", params: { uploadLink: "uploadLink", id: "signatureRequestId" } },
  "POST /api/upload/:uploadLink/signature-requests/:id/sign": {
    auth: "link",
    params: { uploadLink: "uploadLink", id: "signatureRequestId" },
    body: () => ({ consent: true, signature: { type: "typed", text: "Intruder" }, values: {} }),
  },
  "POST /api/upload/:uploadLink/signature-requests/:id/decline": { auth: "link", params: { uploadLink: "uploadLink", id: "signatureRequestId" }, body: () => ({ reason: "Not mine to sign." }) },
  "GET /api/sign/:token": { auth: "public", params: { token: "signerToken" } },
  "GET /api/sign/:token/document": { auth: "public", params: { token: "signerToken" } },
  "POST /api/sign/:token/sign": { auth: "public", params: { token: "signerToken" }, body: () => ({ consent: true, signature: { type: "typed", text: "Intruder" }, values: {} }) },
  "POST /api/sign/:token/decline": { auth: "public", params: { token: "signerToken" }, body: () => ({ reason: "Not mine to sign." }) },
  "POST /api/customer/check-email": { auth: "public", body: (w) => ({ email: w.victim.email, uploadLink: w.victim.uploadLink }) },
  "POST /api/customer/signup": {
    auth: "public",
    body: (w) => ({ email: w.victim.email, password: "another long password", uploadLink: w.victim.uploadLink }),
  },
  "POST /api/customer/signin": {
    auth: "public",
    body: (w) => ({ email: w.victim.email, password: "not the password", uploadLink: w.victim.uploadLink }),
  },
  "POST /api/customer/signout": { auth: "public" },
  "POST /api/customer/forgot-password": { auth: "public", body: (w) => ({ email: w.victim.email, uploadLink: w.victim.uploadLink }) },
  "GET /api/customer/reset-password/:token": { auth: "public", params: { token: "resetToken" } },
  "POST /api/customer/reset-password": { auth: "public", body: () => ({ token: "x".repeat(43), newPassword: "a new password" }) },
  "GET /*": { auth: "web" },
};

// ---------------------------------------------------------------------------------------------
// The world: broker A's customer is the victim; broker B holds the same person (same email)
// as its own customer; B also has an unrelated customer; broker C has nothing.

export const VICTIM_EMAIL = "same@example.com";
export const FILE_MARKER = "VICTIM-FILE-BYTES-7f3a9c";

export interface Party {
  customerId: string;
  uploadLink: string;
  documentIds: string[];
  email: string;
  name: string;
  /** Session cookie of the customer signed in on this link (or "" before sign-up). */
  cookie: string;
}

export interface World {
  brokerA: Broker;
  brokerB: Broker;
  brokerC: Broker;
  /** A's customer: the data every attack tries to reach. */
  victim: Party & { customDocName: string; brokerNotificationId: string; customerNotificationId: string; templateId: string; templateName: string; invitationId: string; signatureRequestId: string; signatureTemplateId: string; webhookEndpointId: string; webhookDeliveryId: string; apiKeyId: string };
  /** API keys (read and write) of B's workspace, used once (so their last use is written before any attack). */
  keyB: string;
  /** The same person as B's customer (B's own link; the tenancy contract says a different record). */
  victimViaB: Party;
  /** B's unrelated customer, signed in on their own link. */
  other: Party;
}

/** The victim's signature template's name: a secret outside A's workspace. */
const VICTIM_SIGNATURE_TEMPLATE = "Victim brokerage engagement form";

/** A signature request for `email` (the customer) and a co-signer: one signature field each. */
export const signatureRequestBody = (email: string) => ({
  name: "Victim engagement letter",
  signers: [
    { email, name: "Victoria Signer" },
    { email: "co-signer@example.com", name: "Colin Signer" },
  ],
  fields: [0, 1].map((signer) => ({ type: "signature", page: 1, x: 0.1, y: 0.1 + 0.2 * signer, width: 0.3, height: 0.06, signer, required: true })),
});

/** A PDF carrying a marker, so a leak of its bytes is visible in any response. */
/** A real PDF (uploads are opened by pdf.js) carrying the marker in a comment after its header. */
export const victimPdf = () => realPdf(1, { comment: FILE_MARKER });

export async function createCustomerAs(srv: TestServer, broker: Broker, body: Record<string, unknown>) {
  const res = await srv.call("/api/customers", { method: "POST", token: broker.token, body });
  if (res.status !== 201) throw new Error(`create customer failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; uploadLink: string; name: string; documents: { id: string; name: string }[] };
}

/** The 6-digit code in the newest email to `to` (the tenancy contract's sign-up code). */
export function latestCode(srv: TestServer, to: string): string | null {
  const rows = srv.server.ctx.db.$client
    .query("select text from emails where \"to\" = ? order by created_at desc, rowid desc limit 5")
    .all(to) as { text: string }[];
  return codeIn(rows.map((r) => r.text));
}

/** The 6-digit code in the newest text that has one, preferring digits that follow the word "code". */
export function codeIn(texts: string[]): string | null {
  for (const text of texts) {
    const code = text.match(/code\D{0,80}?(\d{6})(?!\d)/i)?.[1] ?? text.match(/(?<![\w-])(\d{6})(?![\w-])/)?.[1];
    if (code) return code;
  }
  return null;
}

/**
 * Signs a customer up on a link and returns the session cookie. Works with the emailed-code
 * sign-up (202 codeRequired, then the same body with `code`) and without it.
 */
export async function signUpCustomerOn(srv: TestServer, uploadLink: string, email: string, password = "customer password 1"): Promise<string> {
  const body = { email, password, uploadLink };
  let res = await srv.call("/api/customer/signup", { method: "POST", body });
  if (res.status === 202 && res.body?.codeRequired) {
    const code = latestCode(srv, email);
    if (!code) throw new Error("sign-up asked for a code but no email with a 6-digit code was queued");
    res = await srv.call("/api/customer/signup", { method: "POST", body: { ...body, code } });
  }
  if (res.status === 409) {
    res = await srv.call("/api/customer/signin", { method: "POST", body: { email, password, uploadLink } });
  }
  if (res.status !== 201 && res.status !== 200) throw new Error(`customer sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return cookieHeader(res);
}

export async function seedWorld(srv: TestServer): Promise<World> {
  const tag = crypto.randomUUID().slice(0, 6);
  const brokerA = await srv.signUpBroker({ email: `alpha-${tag}@example.com`, firstName: "Alfreda", lastName: "Alphason" });
  const brokerB = await srv.signUpBroker({ email: `bravo-${tag}@example.com`, firstName: "Bert", lastName: "Bravoman" });
  const brokerC = await srv.signUpBroker({ email: `charlie-${tag}@example.com`, firstName: "Cora", lastName: "Charlton" });
  const email = tag === "" ? VICTIM_EMAIL : VICTIM_EMAIL.replace("same", `same-${tag}`);

  const customDocName = `Zanzibar Trust Deed ${tag}`;
  const a = await createCustomerAs(srv, brokerA, {
    email,
    name: `Victoria Secretname ${tag}`,
    loanType: "jumbo",
    requiredDocuments: [{ name: "Paystub" }, { name: `custom:${customDocName}:Alpha's private request` }, { name: "Bank Statement" }],
  });
  const up = await uploadRaw(srv, a.uploadLink, a.documents[0]!.id, { bytes: victimPdf(), name: "victim-statement.pdf" });
  if (up.status !== 200 && up.status !== 201) throw new Error(`victim upload failed: ${up.status} ${JSON.stringify(up.body)}`);
  const victimCookie = await signUpCustomerOn(srv, a.uploadLink, email);

  const b = await createCustomerAs(srv, brokerB, {
    email,
    name: `Vicky Bee ${tag}`,
    loanType: "va",
    requiredDocuments: [{ name: `custom:Bermuda Bond Form ${tag}:Bravo's request` }],
  });
  const o = await createCustomerAs(srv, brokerB, {
    email: `other-${tag}@example.com`,
    name: `Oscar Other ${tag}`,
    requiredDocuments: [{ name: "Photo ID" }],
  });
  const otherCookie = await signUpCustomerOn(srv, o.uploadLink, `other-${tag}@example.com`);

  const templateName = `Alpha Secret Checklist ${tag}`;
  const template = await srv.call("/api/templates", { method: "POST", token: brokerA.token, body: { name: templateName, documents: [{ name: "Paystub" }, { name: "Gift Letter", description: "Alpha's private request" }] } });
  if (template.status !== 201) throw new Error(`victim template failed: ${template.status} ${JSON.stringify(template.body)}`);

  // A's pending invitation to join A's workspace.
  const invitation = await srv.call("/api/workspace/invitations", { method: "POST", token: brokerA.token, body: { email: `recruit-${tag}@example.com`, role: "broker" } });
  if (invitation.status !== 201) throw new Error(`victim invitation failed: ${invitation.status} ${JSON.stringify(invitation.body)}`);

  // A's API key, and B's (the attacker's) with both scopes (issue 43).
  const makeKey = async (broker: Broker, name: string) => {
    const made = await srv.call("/api/api-keys", { method: "POST", token: broker.token, body: { name, scopes: ["read", "write"] } });
    if (made.status !== 201) throw new Error(`API key failed: ${made.status} ${JSON.stringify(made.body)}`);
    await srv.call("/api/customers", { token: made.body.key });
    return made.body as { id: string; key: string };
  };
  const keyA = await makeKey(brokerA, `Alpha CRM ${tag}`);
  const keyB = await makeKey(brokerB, `Bravo CRM ${tag}`);

  // A's request that the victim sign (issue 41).
  const signing = multipartBody([
    { name: "request", data: JSON.stringify(signatureRequestBody(email)) },
    { name: "file", filename: "victim-engagement.pdf", contentType: "application/pdf", data: victimPdf() },
  ]);
  const signature = await rawFetch(`${srv.url}/api/customers/${a.id}/signature-requests`, {
    method: "POST",
    headers: { authorization: `Bearer ${brokerA.token}`, "content-type": signing.contentType },
    body: signing.body,
  });
  if (signature.status !== 201) throw new Error(`victim signature request failed: ${signature.status} ${signature.text}`);

  // A's signature template (its name and PDF are A's workspace's).
  const templating = multipartBody([
    { name: "name", data: VICTIM_SIGNATURE_TEMPLATE },
    { name: "fields", data: JSON.stringify(signatureRequestBody(email).fields) },
    { name: "file", filename: "victim-template.pdf", contentType: "application/pdf", data: victimPdf() },
  ]);
  const signatureTemplate = await rawFetch(`${srv.url}/api/signature-templates`, {
    method: "POST",
    headers: { authorization: `Bearer ${brokerA.token}`, "content-type": templating.contentType },
    body: templating.body,
  });
  if (signatureTemplate.status !== 201) throw new Error(`victim signature template failed: ${signatureTemplate.status} ${signatureTemplate.text}`);

  // A's webhook endpoint and one delivery in its log (a test event).
  const endpoint = await srv.call("/api/webhooks", { method: "POST", token: brokerA.token, body: { url: `https://93.184.215.14/victim-${tag}`, events: ["customer.created"] } });
  if (endpoint.status !== 201) throw new Error(`victim webhook failed: ${endpoint.status} ${JSON.stringify(endpoint.body)}`);
  const testEvent = await srv.call(`/api/webhooks/${endpoint.body.id}/test`, { method: "POST", token: brokerA.token });
  if (testEvent.status !== 202) throw new Error(`victim webhook test failed: ${testEvent.status} ${JSON.stringify(testEvent.body)}`);

  const db = srv.server.ctx.db.$client;
  const brokerNotification = db.query("select id from notifications where audience = 'broker' and broker_id = ? limit 1").get(brokerA.user.id) as
    | { id: string }
    | null;
  const customerNotification = db
    .query("select n.id from notifications n where n.audience = 'customer' and n.customer_id = ? limit 1")
    .get(a.id) as { id: string } | null;
  if (!brokerNotification || !customerNotification) throw new Error("the world has no notifications to aim at");

  return {
    brokerA,
    brokerB,
    brokerC,
    victim: {
      customerId: a.id,
      uploadLink: a.uploadLink,
      documentIds: a.documents.map((d) => d.id),
      email,
      name: a.name,
      cookie: victimCookie,
      customDocName,
      brokerNotificationId: brokerNotification.id,
      customerNotificationId: customerNotification.id,
      templateId: template.body.id,
      templateName,
      invitationId: invitation.body.id,
      signatureRequestId: JSON.parse(signature.text).id,
      signatureTemplateId: JSON.parse(signatureTemplate.text).id,
      apiKeyId: keyA.id,
      webhookEndpointId: endpoint.body.id,
      webhookDeliveryId: testEvent.body.deliveryId,
    },
    keyB: keyB.key,
    victimViaB: { customerId: b.id, uploadLink: b.uploadLink, documentIds: b.documents.map((d) => d.id), email, name: b.name, cookie: "" },
    other: { customerId: o.id, uploadLink: o.uploadLink, documentIds: o.documents.map((d) => d.id), email: `other-${tag}@example.com`, name: o.name, cookie: otherCookie },
  };
}

/**
 * What must never reach someone who is not broker A or the victim signed in. `knowsEmail`: the
 * caller legitimately knows the customer's email (broker B invited the same address).
 */
export function victimSecrets(w: World, options: { knowsEmail: boolean }): string[] {
  const secrets = [
    w.victim.name,
    w.victim.customDocName,
    w.victim.customerId,
    w.victim.uploadLink,
    ...w.victim.documentIds,
    w.victim.brokerNotificationId,
    w.victim.customerNotificationId,
    w.victim.templateId,
    w.victim.templateName,
    w.victim.invitationId,
    w.victim.signatureRequestId,
    w.victim.signatureTemplateId,
    VICTIM_SIGNATURE_TEMPLATE,
    w.victim.webhookEndpointId,
    w.victim.webhookDeliveryId,
    "Victim engagement letter",
    FILE_MARKER,
    "victim-statement.pdf",
    "Alpha's private request",
    w.brokerA.user.id,
    w.brokerA.user.email,
    "Alphason",
    w.brokerA.token,
  ];
  if (!options.knowsEmail) secrets.push(w.victim.email);
  return secrets;
}

/** Fails naming every secret found in the text, except those the request itself carried. */
export function expectNoLeak(text: string, secrets: string[], context: string, carried = ""): void {
  const leaked = secrets.filter((s) => s && !carried.includes(s) && text.includes(s));
  expect(leaked, `${context} leaked ${JSON.stringify(leaked)} in: ${text.slice(0, 400)}`).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Side effects: every table's rows, hashed

export function tableNames(srv: TestServer): string[] {
  return (
    srv.server.ctx.db.$client
      .query("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name")
      .all() as { name: string }[]
  ).map((r) => r.name);
}

/**
 * Row count and a content hash per table: a changed row shows up, not only an added one. Throttle
 * counts (rate_limits) are left out: a refused sign-in is meant to count as a failure.
 */
export function fingerprint(srv: TestServer): Record<string, string> {
  const db = srv.server.ctx.db.$client;
  const out: Record<string, string> = {};
  for (const table of tableNames(srv)) {
    if (table === "rate_limits") continue;
    const rows = db.query(`select * from "${table}"`).all();
    out[table] = `${rows.length}:${Bun.hash(JSON.stringify(rows)).toString(36)}`;
  }
  return out;
}

/** The audit trail's tables: reads a caller may make (opening their own link) add entries there. */
export const AUDIT_TABLES = ["audit_events", "audit_chain_heads"];

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}

export function countRows(srv: TestServer, table: string): number {
  return (srv.server.ctx.db.$client.query(`select count(*) as n from "${table}"`).get() as { n: number }).n;
}

// ---------------------------------------------------------------------------------------------
// Responses

const STACK_TRACE = /\n\s+at |\bat [\w.<>]+ \(|\.ts:\d+|\.js:\d+:\d+|node_modules|\/src\/|SQLITE_|TypeError|ReferenceError/;

/** A refusal as the contract says: the status, JSON `{message}`, no stack trace. */
export function expectJsonError(res: ApiResponse, context: string, statuses?: number[]): void {
  const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body);
  if (statuses) {
    // A listed 5xx (507 for a full disk) is the contract's answer there; anything unlisted is not.
    expect(statuses.includes(res.status), `${context}: status ${res.status}, expected ${statuses.join(" or ")}; body ${text.slice(0, 300)}`).toBe(true);
  } else {
    expect(res.status, `${context}: status ${res.status}, body ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `${context}: server error ${res.status}, body ${text.slice(0, 300)}`).toBeLessThan(500);
  }
  expect(res.headers.get("content-type") ?? "", `${context}: content-type of a ${res.status}`).toContain("application/json");
  expect(typeof res.body?.message, `${context}: body ${text.slice(0, 300)}`).toBe("string");
  expect(res.body.message.length, `${context}: empty message`).toBeGreaterThan(0);
  expect(STACK_TRACE.test(text), `${context}: stack trace or internals in ${text.slice(0, 300)}`).toBe(false);
}

/** fetch without throwing on the body, keeping status, headers and text. */
export async function rawFetch(url: string, init: RequestInit = {}): Promise<ApiResponse & { text: string }> {
  const res = await fetch(url, { redirect: "manual", ...init });
  const text = await res.text();
  let body: any = text;
  if (res.headers.get("content-type")?.includes("json")) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: res.status, headers: res.headers, body, text };
}

// ---------------------------------------------------------------------------------------------
// Multipart, built by hand

export interface RawPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Uint8Array | string;
}

/** The multipart parts of a route's attack: its own (aimed at the victim), else `fallback`. */
export const multipartParts = (entry: RouteEntry, w: World, fallback: RawPart[]): RawPart[] =>
  typeof entry.multipart === "function" ? entry.multipart(w) : fallback;

export function multipartBody(parts: RawPart[], boundary = `----hostile${crypto.randomUUID().replaceAll("-", "")}`) {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += "\r\n";
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(enc.encode(head + "\r\n"));
    chunks.push(typeof p.data === "string" ? enc.encode(p.data) : p.data);
    chunks.push(enc.encode("\r\n"));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One file uploaded on a link, with the name sent as raw UTF-8 bytes, as browsers do. */
export async function uploadRaw(
  srv: { url: string },
  uploadLink: string,
  documentId: string,
  file: { bytes: Uint8Array; name?: string; type?: string; headers?: Record<string, string>; field?: string },
) {
  const { body, contentType } = multipartBody([
    { name: "isGuest", data: "true" },
    { name: file.field ?? "file", filename: file.name ?? "statement.pdf", contentType: file.type ?? "application/pdf", data: file.bytes },
  ]);
  return rawFetch(`${srv.url}/api/upload/${uploadLink}/documents/${documentId}`, {
    method: "POST",
    headers: { "content-type": contentType, ...file.headers },
    body,
  });
}

export function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Figures for docs/security.md: each test appends what it tried and what happened.

export const REPORT_FILE = process.env.HOSTILE_REPORT ?? join(tmpdir(), "hostile-report.jsonl");

export function record(section: string, figures: Record<string, unknown>): void {
  try {
    mkdirSync(join(REPORT_FILE, ".."), { recursive: true });
    appendFileSync(REPORT_FILE, JSON.stringify({ at: new Date().toISOString(), section, ...figures }) + "\n");
  } catch {
    // figures are a convenience; never fail a test over them
  }
}

/** The route's path filled with the victim's own ids (what the owner, or a forged request on their behalf, would call). */
export function victimPath(world: World, route: AppRoute): string {
  const entry = ROUTE_TABLE[routeKey(route)]!;
  const ids = {
    customerId: world.victim.customerId,
    documentId: world.victim.documentIds[1]!,
    brokerNotificationId: world.victim.brokerNotificationId,
    customerNotificationId: world.victim.customerNotificationId,
    uploadLink: world.victim.uploadLink,
    logoKey: GUESSED_LOGO_KEY,
    templateId: world.victim.templateId,
    resetToken: GUESSED_RESET_TOKEN,
    // The victim's broker as a member of their workspace.
    memberId: world.brokerA.user.id,
    invitationId: world.victim.invitationId,
    invitationToken: GUESSED_INVITATION_TOKEN,
    signatureRequestId: world.victim.signatureRequestId,
    signatureTemplateId: world.victim.signatureTemplateId,
    signerToken: GUESSED_SIGNER_TOKEN,
    apiKeyId: world.victim.apiKeyId,
    webhookEndpointId: world.victim.webhookEndpointId,
    webhookDeliveryId: world.victim.webhookDeliveryId,
  };
  return pathParams(route.path).reduce((path, p) => path.replace(`:${p}`, ids[entry.params![p]! as keyof typeof ids]), route.path);
}
