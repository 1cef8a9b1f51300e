import { t } from "elysia";
import { IdParams, IsoDate, LinkParams } from "../../lib/model.ts";

export const LinkIdParams = t.Composite([LinkParams, IdParams]);

const notification = {
  id: t.String(),
  type: t.String(),
  title: t.String(),
  message: t.String(),
  createdAt: IsoDate,
  /** For example { customerId, documentId }: the broker's bell opens /customer/{customerId}. */
  metadata: t.Nullable(t.Record(t.String(), t.Unknown())),
};

/** Broker side: types document_uploaded, document_verified, customer_invited. */
export const BrokerNotificationDto = t.Object({ ...notification, read: t.Boolean() });
export type BrokerNotificationDto = typeof BrokerNotificationDto.static;
export const BrokerNotificationList = t.Array(BrokerNotificationDto);

/** Customer side (the flag is named isRead there): document_verified, documents_requested, document_deleted, other. */
export const CustomerNotificationDto = t.Object({ ...notification, isRead: t.Boolean() });
export type CustomerNotificationDto = typeof CustomerNotificationDto.static;
export const CustomerNotificationList = t.Array(CustomerNotificationDto);

export const UnreadCountDto = t.Object({ count: t.Number() });
export type UnreadCountDto = typeof UnreadCountDto.static;

export const MarkedAllRead = t.Object({ updated: t.Number() });

/** The full notifications page: `filter=unread` for unread only, `before` (an ISO time) for the next page. */
export const BrokerListQuery = t.Object({
  filter: t.Optional(t.Union([t.Literal("all"), t.Literal("unread")], { error: "filter must be all or unread" })),
  before: t.Optional(t.String({ maxLength: 40, error: "before must be an ISO date" })),
});
export type BrokerListQuery = typeof BrokerListQuery.static;
