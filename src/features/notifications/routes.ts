import { Elysia, t } from "elysia";
import type { AppContext } from "../../context.ts";
import { unauthorized } from "../../lib/errors.ts";
import { brokerAuth } from "../auth/plugin.ts";
import { isSignedIn, portalAccess, type PortalAccess } from "../customer-auth/plugin.ts";
import { brokerNotifications, customerNotifications, markAllRead, markRead, unreadCount, type Owner } from "./service.ts";

const IdParams = t.Object({ id: t.String({ maxLength: 64 }) });
const LinkParams = t.Object({ uploadLink: t.String({ maxLength: 128 }) });
const LinkIdParams = t.Object({ uploadLink: t.String({ maxLength: 128 }), id: t.String({ maxLength: 64 }) });

/** A customer's notifications need their account's session; guests have none. Every broker's, as for documents. */
function customerOwner(portal: PortalAccess): Extract<Owner, { audience: "customer" }> {
  if (!isSignedIn(portal)) throw unauthorized("Please sign in to see your notifications.");
  return { audience: "customer", customerIds: portal.customers.map((c) => c.id) };
}

export const notificationRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/api" })
    .use(brokerAuth(ctx))
    .use(portalAccess(ctx))
    .guard({ broker: true }, (app) =>
      app
        .get("/notifications", ({ broker }) => brokerNotifications(ctx, broker.id))
        .get("/notifications/unread-count", ({ broker }) => ({ count: unreadCount(ctx, { audience: "broker", brokerId: broker.id }) }))
        .post("/notifications/mark-all-read", ({ broker }) => ({ updated: markAllRead(ctx, { audience: "broker", brokerId: broker.id }) }))
        .post(
          "/notifications/:id/read",
          ({ broker, params }) => {
            markRead(ctx, { audience: "broker", brokerId: broker.id }, params.id);
            return { message: "Marked as read" };
          },
          { params: IdParams },
        ),
    )
    .guard({ portal: true }, (app) =>
      app
        .get("/upload/:uploadLink/notifications", ({ portal }) => customerNotifications(ctx, customerOwner(portal).customerIds), {
          params: LinkParams,
        })
        .get("/upload/:uploadLink/notifications/unread-count", ({ portal }) => ({ count: unreadCount(ctx, customerOwner(portal)) }), {
          params: LinkParams,
        })
        .post("/upload/:uploadLink/notifications/mark-all-read", ({ portal }) => ({ updated: markAllRead(ctx, customerOwner(portal)) }), {
          params: LinkParams,
        })
        .post(
          "/upload/:uploadLink/notifications/:id/read",
          ({ portal, params }) => {
            markRead(ctx, customerOwner(portal), params.id);
            return { message: "Marked as read" };
          },
          { params: LinkIdParams },
        ),
    );
