// Messages on the live channel (/ws). Sent by the hub as JSON; declared here so the web app reads
// the same shapes. An update is named by the domain event it passes on (src/lib/events.ts), so a
// renamed or new event shows up here and in the web app's typecheck.
import { t } from "elysia";
import type { DomainEvent } from "../../lib/events.ts";

const role = t.UnionEnum(["broker", "customer"]);

/** The domain events about one customer and their documents: a broker's screens refetch on each, by its name. */
const CUSTOMER_DATA_EVENTS = [
  "customer_created",
  "customer_updated",
  "customer_deleted",
  "documents_requested",
  "document_uploaded",
  "document_recognised",
  "document_verified",
  "document_status_changed",
] as const satisfies readonly DomainEvent["type"][];
/** Many customers changed at once: the broker refetches everything. */
const LIST_REFRESH = "customer_list_refresh" satisfies DomainEvent["type"];
/** Every socket, broker's or customer's, refetches everything: this instance may have missed events (SPEC 7 lists the name). */
const ALL_REFRESH = "all_data_refresh";
/** What the customer's portal hears for any change to its documents (it only needs to refetch). */
const PORTAL_UPDATE = "customer_portal_update";

export const LiveMessage = t.Union([
  t.Object({
    type: t.Literal("data_update"),
    updateType: t.UnionEnum([...CUSTOMER_DATA_EVENTS, PORTAL_UPDATE]),
    data: t.Object({ customerId: t.Optional(t.String()), documentId: t.Optional(t.String()), documentIds: t.Optional(t.Array(t.String())) }),
  }),
  t.Object({ type: t.Literal("force_refresh"), updateType: t.UnionEnum([LIST_REFRESH, ALL_REFRESH]) }),
  t.Object({ type: t.Literal("notification"), data: t.Object({ id: t.String(), audience: role }) }),
  t.Object({ type: t.Literal("notification_update") }),
  t.Object({ type: t.Literal("auth_success"), role }),
  t.Object({ type: t.Literal("auth_error"), message: t.String() }),
]);
export type LiveMessage = typeof LiveMessage.static;
/** Every updateType the server sends. */
export type LiveUpdateType = Extract<LiveMessage, { updateType: string }>["updateType"];
