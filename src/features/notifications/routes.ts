import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { badRequest, unauthorized } from "../../lib/errors.ts";
import { IdParams, Message } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { LinkParams } from "../../lib/model.ts";
import { BrokerListQuery, BrokerNotificationList, CustomerNotificationList, LinkIdParams, MarkedAllRead, UnreadCountDto } from "./model.ts";
import { brokerNotifications, customerNotifications, markAllRead, markRead, unreadCount, type ListFilter, type Owner } from "./service.ts";

/** A customer's notifications need their account's session; guests have none. Every broker's, as for documents. */
function customerOwner(portal: { session: object | null; customers: { id: string }[] }): Extract<Owner, { audience: "customer" }> {
  // What the portal macro resolved (customer-auth/session.ts's PortalAccess), named by shape: customer-auth is above notifications.
  if (portal.session === null) throw unauthorized("Please sign in to see your notifications.");
  return { audience: "customer", customerIds: portal.customers.map((c) => c.id) };
}

function listFilter(query: BrokerListQuery): ListFilter {
  const before = query.before === undefined ? undefined : new Date(query.before);
  if (before && Number.isNaN(before.getTime())) throw badRequest("before must be an ISO date");
  return { unreadOnly: query.filter === "unread", before };
}

export const notificationRoutes = (ctx: AppContext) =>
  new Elysia({ name: "notifications", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .guard({ broker: true }, (app) =>
      app
        // Polled by every open dashboard (the list, the count): cached until any write.
        .get("/notifications", async ({ broker, query, set }) => {
          const filter = listFilter(query);
          return ctx.cache.response(set, `notifications:${broker.id}:${JSON.stringify(filter)}`, BrokerNotificationList, () => brokerNotifications(ctx, broker.id, filter));
        }, {
          query: BrokerListQuery,
          response: BrokerNotificationList,
        })
        .get("/notifications/unread-count", async ({ broker, set }) =>
          ctx.cache.response(set, `unread:${broker.id}`, UnreadCountDto, async () => ({ count: await unreadCount(ctx, { audience: "broker", brokerId: broker.id }) })), {
          response: UnreadCountDto,
        })
        .post("/notifications/mark-all-read", async ({ broker }) => ({ updated: await markAllRead(ctx, { audience: "broker", brokerId: broker.id }) }), {
          response: MarkedAllRead,
        })
        .post(
          "/notifications/:id/read",
          async ({ broker, params }) => {
            await markRead(ctx, { owner: { audience: "broker", brokerId: broker.id }, id: params.id });
            return { message: "Marked as read" };
          },
          { params: IdParams, response: Message },
        ),
    )
    .guard({ portal: true }, (app) =>
      app
        .get("/upload/:uploadLink/notifications", async ({ portal, set }) => {
          const { customerIds } = customerOwner(portal);
          return ctx.cache.response(set, `customer-notifications:${customerIds.join(",")}`, CustomerNotificationList, () => customerNotifications(ctx, customerIds));
        }, {
          params: LinkParams,
          response: CustomerNotificationList,
        })
        .get("/upload/:uploadLink/notifications/unread-count", async ({ portal, set }) => {
          const owner = customerOwner(portal);
          return ctx.cache.response(set, `customer-unread:${owner.customerIds.join(",")}`, UnreadCountDto, async () => ({ count: await unreadCount(ctx, owner) }));
        }, {
          params: LinkParams,
          response: UnreadCountDto,
        })
        .post("/upload/:uploadLink/notifications/mark-all-read", async ({ portal }) => ({ updated: await markAllRead(ctx, customerOwner(portal)) }), {
          params: LinkParams,
          response: MarkedAllRead,
        })
        .post(
          "/upload/:uploadLink/notifications/:id/read",
          async ({ portal, params }) => {
            await markRead(ctx, { owner: customerOwner(portal), id: params.id });
            return { message: "Marked as read" };
          },
          { params: LinkIdParams, response: Message },
        ),
    );
