// A workspace's webhook endpoints and their delivery logs (the routes' service). Owner only, by
// session only (routes.ts); every read and write is under the member's workspace, so another
// workspace's endpoint or delivery id answers 404.
import { and, count, desc, eq } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { randomToken } from "../../lib/tokens.ts";
import { newId } from "../../lib/tokens.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import {
  MAX_WEBHOOK_ENDPOINTS,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LOG_LIMIT,
  WEBHOOK_TEST_EVENT,
  webhookMessages,
  type WebhookEventType,
} from "../../shared/webhooks.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { checkDeliveryTarget } from "./address-guard.ts";
import type { CreateWebhookBody, WebhookDeliveryDto, WebhookEndpointDto } from "./model.ts";
import { insertWebhookEvent, queueDelivery } from "./outbox.ts";
import { OLD_SECRET_VALID_MS } from "./signature.ts";

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** 32 random bytes; the prefix tells it from an API key in a developer's configuration. */
const newSecret = () => `whsec_${randomToken(32)}`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toDto = (row: EndpointRow): WebhookEndpointDto => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.toISOString(),
  secretRotatedAt: iso(row.secretRotatedAt),
});

function checkedEvents(events: string[]): WebhookEventType[] {
  const unique = [...new Set(events)];
  if (unique.length === 0) throw badRequest(webhookMessages.noEvents);
  if (unique.some((e) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(e))) throw badRequest(webhookMessages.unknownEvent);
  return WEBHOOK_EVENT_TYPES.filter((e) => unique.includes(e)); // in the page's order
}

/**
 * The URL's form, and where its host resolves now: an address no webhook may reach is refused
 * here already (it would be at every delivery too: a name's addresses change).
 */
async function checkedUrl(ctx: AppContext, raw: string): Promise<string> {
  const url = raw.trim();
  if (url.length > MAX_WEBHOOK_URL_LENGTH) throw badRequest(webhookMessages.urlTooLong);
  const check = await checkDeliveryTarget(url, { allowPrivate: ctx.config.webhooksAllowPrivate });
  if (!check.ok) throw badRequest(check.reason);
  return check.target.url.toString();
}

async function ownEndpoint(ctx: AppContext, member: Scope, id: string): Promise<EndpointRow> {
  const row = (await ctx.db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, member.workspaceId))))[0];
  if (!row) throw notFound(webhookMessages.notFound);
  return row;
}

export async function createEndpoint(ctx: AppContext, member: Scope, body: CreateWebhookBody) {
  const events = checkedEvents(body.events);
  const url = await checkedUrl(ctx, body.url);
  const secret = newSecret();
  const row = await inTransaction(ctx, async ({ tx, now }) => {
    const [{ n }] = (await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, member.workspaceId))) as [{ n: number }];
    if (n >= MAX_WEBHOOK_ENDPOINTS) throw new AppError("conflict", webhookMessages.tooMany);
    return (await tx.insert(webhookEndpoints).values({ id: newId(), workspaceId: member.workspaceId, url, events, secret, createdAt: now }).returning())[0]!;
  });
  return { ...toDto(row), secret };
}

export async function listEndpoints(ctx: AppContext, member: Scope): Promise<WebhookEndpointDto[]> {
  const rows = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, member.workspaceId)).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  return rows.map(toDto);
}

/** Its deliveries go with it (the log, and the pending ones: their jobs find nothing and end). */
export async function deleteEndpoint(ctx: AppContext, member: Scope, id: string): Promise<void> {
  const endpoint = await ownEndpoint(ctx, member, id);
  await inTransaction(ctx, ({ tx }) => tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)));
}

/** A new secret; the old one signs beside it for 24 h, so a receiver can switch without losing a delivery. */
export async function rotateSecret(ctx: AppContext, member: Scope, id: string) {
  const endpoint = await ownEndpoint(ctx, member, id);
  const secret = newSecret();
  const rotatedAt = await inTransaction(ctx, async ({ tx, now }) => {
    await tx.update(webhookEndpoints).set({ secret, previousSecret: endpoint.secret, secretRotatedAt: now }).where(eq(webhookEndpoints.id, endpoint.id));
    return now;
  });
  return { id: endpoint.id, secret, previousSecretValidUntil: new Date(rotatedAt.getTime() + OLD_SECRET_VALID_MS).toISOString() };
}

/** A `webhook.test` event to this endpoint alone, whatever it subscribes to (a disabled one too: that is how its owner checks a fix). */
export async function sendTestEvent(ctx: AppContext, member: Scope, id: string): Promise<string> {
  const endpoint = await ownEndpoint(ctx, member, id);
  return inTransaction(ctx, async ({ tx, now }) => {
    const eventId = await insertWebhookEvent(tx, { workspaceId: member.workspaceId, type: WEBHOOK_TEST_EVENT, data: { message: "A test event from the document portal" }, at: now });
    return queueDelivery(tx, { eventId, endpointId: endpoint.id, at: now });
  });
}

/** The stored event of one of the endpoint's deliveries, sent again as a new delivery. */
export async function resendDelivery(ctx: AppContext, member: Scope, input: { endpointId: string; deliveryId: string }): Promise<string> {
  const endpoint = await ownEndpoint(ctx, member, input.endpointId);
  const delivery = (await ctx.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, input.deliveryId), eq(webhookDeliveries.endpointId, endpoint.id))))[0];
  if (!delivery) throw notFound(webhookMessages.deliveryNotFound);
  return inTransaction(ctx, ({ tx, now }) => queueDelivery(tx, { eventId: delivery.eventId, endpointId: endpoint.id, at: now }));
}

/** The endpoint's newest deliveries first. */
export async function listDeliveries(ctx: AppContext, member: Scope, id: string): Promise<WebhookDeliveryDto[]> {
  const endpoint = await ownEndpoint(ctx, member, id);
  const rows = await ctx.db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpoint.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_LIMIT);
  return rows.map(({ delivery: d, type }) => ({
    id: d.id,
    eventId: d.eventId,
    type,
    status: d.status,
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    responseSnippet: d.responseSnippet,
    durationMs: d.durationMs,
    createdAt: d.createdAt.toISOString(),
    lastAttemptAt: iso(d.lastAttemptAt),
    nextAttemptAt: d.status === "pending" || d.status === "failed" ? iso(d.nextAttemptAt) : null,
  }));
}
