// The webhooks routes' bodies and answers (DESIGN 3b, plus rotate-secret and resend).
import { t } from "elysia";
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "../../shared/webhooks.ts";

export const CreateWebhookBody = t.Object({
  url: t.String({ maxLength: MAX_WEBHOOK_URL_LENGTH + 1 }),
  // Checked by the service (webhookMessages.unknownEvent) so a wrong name gets words, not a schema dump.
  events: t.Array(t.String({ maxLength: 64 }), { maxItems: WEBHOOK_EVENT_TYPES.length * 2 }),
});
export type CreateWebhookBody = typeof CreateWebhookBody.static;

export const WebhookEndpointDto = t.Object({
  id: t.String(),
  url: t.String(),
  events: t.Array(t.UnionEnum(WEBHOOK_EVENT_TYPES)),
  enabled: t.Boolean(),
  /** Why it was switched off (repeated failures); null while enabled. */
  disabledReason: t.Nullable(t.String()),
  createdAt: t.String(),
  /** When the secret was last rotated: the old one still signs for 24 h after. */
  secretRotatedAt: t.Nullable(t.String()),
});
export type WebhookEndpointDto = typeof WebhookEndpointDto.static;
export const WebhookEndpointList = t.Array(WebhookEndpointDto);

/** The signing secret is shown here only, once. */
export const CreatedWebhookDto = t.Object({ ...WebhookEndpointDto.properties, secret: t.String() });

export const RotatedSecretDto = t.Object({
  id: t.String(),
  secret: t.String(),
  /** Until when deliveries are signed with the old secret too. */
  previousSecretValidUntil: t.String(),
});

export const WebhookDeliveryDto = t.Object({
  id: t.String(),
  eventId: t.String(),
  type: t.String(),
  status: t.UnionEnum(WEBHOOK_DELIVERY_STATUSES),
  attempts: t.Integer(),
  /** The receiver's HTTP status of the last attempt; null: no answer (refused, unreachable, timed out). */
  lastStatus: t.Nullable(t.Integer()),
  lastError: t.Nullable(t.String()),
  /** The first 1 KB of the receiver's last answer. */
  responseSnippet: t.Nullable(t.String()),
  durationMs: t.Nullable(t.Integer()),
  createdAt: t.String(),
  lastAttemptAt: t.Nullable(t.String()),
  nextAttemptAt: t.Nullable(t.String()),
});
export type WebhookDeliveryDto = typeof WebhookDeliveryDto.static;
export const WebhookDeliveryList = t.Array(WebhookDeliveryDto);

export const DeliveryQueued = t.Object({ message: t.String(), deliveryId: t.String() });

export const DeliveryParams = t.Object({ id: t.String({ maxLength: 64 }), deliveryId: t.String({ maxLength: 64 }) });
