// Messages on the live channel (/ws). Sent by the hub as JSON; declared here so the web app reads
// the same shapes.
import { t } from "elysia";

const role = t.UnionEnum(["broker", "customer"]);

export const LiveMessage = t.Union([
  t.Object({
    type: t.Literal("data_update"),
    updateType: t.String(),
    data: t.Object({ customerId: t.Optional(t.String()), documentId: t.Optional(t.String()), documentIds: t.Optional(t.Array(t.String())) }),
  }),
  t.Object({ type: t.Literal("force_refresh"), updateType: t.String() }),
  t.Object({ type: t.Literal("notification"), data: t.Object({ id: t.String(), audience: role }) }),
  t.Object({ type: t.Literal("notification_update") }),
  t.Object({ type: t.Literal("auth_success"), role }),
  t.Object({ type: t.Literal("auth_error"), message: t.String() }),
]);
export type LiveMessage = typeof LiveMessage.static;
