// A broker notification about a customer goes to the customer's team: the member responsible for
// them (the assignee) and the members watching them who may still see them, never to the member
// whose own action it announces.
import type { Reader } from "../../../db/client.ts";
import type { Unit } from "../../lib/unit.ts";
import { maySeeCustomer, type CustomerOwnership } from "../../shared/workspaces.ts";
import { watcherIdsOf } from "../customers/lookups.ts";
import { scopesOf } from "../workspaces/members.ts";
import type { BrokerNotificationType, NewNotification } from "../../shared/notifications.ts";
import { addBrokerNotification } from "./writer.ts";

type Customer = CustomerOwnership & { id: string };

/**
 * The assignee (who always sees their own customer) and the watchers who may see the customer
 * now: a watcher added while every member saw every customer is not told of it once the
 * workspace shows brokers only their own.
 */
export async function customerTeam(db: Reader, customer: Customer): Promise<string[]> {
  const watchers = (await watcherIdsOf(db, customer.id)).filter((id) => id !== customer.assigneeId);
  const seeing = watchers.length ? (await scopesOf(db, watchers)).filter((scope) => maySeeCustomer(scope, customer)).map((scope) => scope.memberId) : [];
  return [customer.assigneeId, ...seeing];
}

/**
 * Stores the notification for each member of the customer's team but `exceptMemberId`, the member
 * who did it (null or absent: the customer or the portal itself did, and the whole team is told).
 */
export async function notifyCustomerTeam(
  unit: Unit,
  input: { customer: Customer; exceptMemberId?: string | null } & NewNotification<BrokerNotificationType>,
): Promise<void> {
  const { customer, exceptMemberId, ...notification } = input;
  for (const memberId of await customerTeam(unit.tx, customer)) {
    if (memberId !== exceptMemberId) await addBrokerNotification(unit, memberId, notification);
  }
}
