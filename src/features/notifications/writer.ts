// The notifications' writer: one stored notification, in the transaction of the change it
// announces, and its `notification_created` event (sent live once that transaction commits).
// Called by the notifications subscriber only (subscriber.ts, registered by src/side-effects.ts);
// .dependency-cruiser.cjs keeps every other feature off it.
import { notifications } from "../../../db/tables.ts";
import { timeParam } from "../../../db/dialect.ts";
import { instanceState } from "../../lib/instance-state.ts";
import { given, placeholders, preparedWrite } from "../../lib/prepared.ts";
import { newId } from "../../lib/tokens.ts";
import type { Unit } from "../../lib/unit.ts";
import type { BrokerNotificationType, CustomerNotificationType, NewNotification } from "../../shared/notifications.ts";

// Notifications are listed newest first; two written in the same millisecond (or under a test's
// frozen clock) still get distinct, ordered times.
const stamps = instanceState("last notification time", "per process", "keeps one process's notifications in the order written; two instances' may share a millisecond and then list in either order", { last: 0 });
function stamp(now: Date): Date {
  stamps.last = Math.max(now.getTime(), stamps.last + 1);
  return new Date(stamps.last);
}

/**
 * Which broker notifications are stored: the bell is for what happened while the member was not
 * looking. A member's own actions (inviting a customer, approving a document, asking for a
 * re-submit) were confirmed on screen the moment they were done, and the live channel refreshes
 * their other tabs; storing them pushed the customers' uploads out of the bell's five entries (a
 * morning of approvals buried the one upload that needed attention). So the member who acted is
 * never told (customer-team.ts `notifyCustomerTeam`); a colleague responsible for or watching the
 * customer is, and so is everyone for what a customer did.
 */
// Prepared once: a notification is part of most writes. metadata and the time are bound as given.
const notificationInsert = preparedWrite((tx) =>
  tx
    .insert(notifications)
    .values({ ...placeholders("id", "audience", "brokerId", "customerId", "type", "title", "message"), metadata: given("metadata"), createdAt: given("createdAt") })
    .prepare(),
);

function insertNotification(unit: Unit, row: { id: string; audience: "broker" | "customer"; brokerId: string | null; customerId: string | null } & NewNotification<string>) {
  return notificationInsert(unit.tx).execute({
    ...row,
    metadata: row.metadata ? JSON.stringify(row.metadata) : null,
    createdAt: timeParam(stamp(unit.now)),
  });
}

/** Stores one member's notification in the unit's transaction and announces it after commit. */
export async function addBrokerNotification(unit: Unit, brokerId: string, n: NewNotification<BrokerNotificationType>): Promise<void> {
  const id = newId();
  await insertNotification(unit, { id, audience: "broker", brokerId, customerId: null, ...n });
  unit.publish({ type: "notification_created", audience: "broker", brokerId, notificationId: id });
}

export async function addCustomerNotification(unit: Unit, customerId: string, n: NewNotification<CustomerNotificationType> & { brokerId?: string }): Promise<void> {
  const id = newId();
  await insertNotification(unit, { id, audience: "customer", customerId, ...n, brokerId: n.brokerId ?? null });
  unit.publish({ type: "notification_created", audience: "customer", customerId, notificationId: id });
}
