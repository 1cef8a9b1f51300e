// Who watches a customer besides their assignee: members told of the customer's uploads and
// answers as the assignee is (notifications/customer-team.ts). A member watches only a customer
// they may see; their removal from the workspace ends their watching (the table's cascade).
import { eq } from "drizzle-orm";
import { customerWatchers } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { badRequest } from "../../lib/errors.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { maySeeCustomer, workspaceMessages, type Scope } from "../../shared/workspaces.ts";
import { scopesOf } from "../workspaces/members.ts";
import { aboutCustomer, watcherIdsOf } from "./lookups.ts";
import type { Watchers } from "./model.ts";
import type { AuditActor } from "../audit/actor.ts";
import { brokersById } from "../auth/brokers.ts";
import { displayName } from "../../shared/user-display.ts";
import { findOwnedCustomer } from "./service.ts";

/**
 * Replaces the customer's watchers (a customer this member sees, else 404). Every id must be a
 * member who may see the customer, or nothing changes (400): another workspace's member, a
 * colleague who in "assigned" mode does not see them, an unknown id all get the same answer.
 */
export async function setWatchers(ctx: AppContext, { member, customerId, memberIds, actor }: { member: Scope; customerId: string; memberIds: string[]; actor: AuditActor }): Promise<Watchers> {
  const customer = await findOwnedCustomer(ctx, member, customerId);
  const wanted = [...new Set(memberIds)];
  const names = await brokersById(ctx, wanted);
  // The trail names who watches from now on (names, as the timeline shows them).
  const detail = wanted.length ? wanted.map((id) => displayName(names.get(id))).join(", ") : "Nobody";
  await inTransaction(ctx, async (unit) => {
    const { tx, publish } = unit;
    // Asked in the transaction: a role or visibility changed a moment ago counts.
    const seeing = new Set((await scopesOf(tx, wanted)).filter((scope) => maySeeCustomer(scope, customer)).map((scope) => scope.memberId));
    if (wanted.some((id) => !seeing.has(id))) throw badRequest(workspaceMessages.watcherCannotSee);
    await tx.delete(customerWatchers).where(eq(customerWatchers.customerId, customerId));
    if (wanted.length) await tx.insert(customerWatchers).values(wanted.map((memberId) => ({ customerId, memberId })));
    publish({ type: "customer_updated", ...aboutCustomer(customer), facts: { audit: [{ brokerId: member.workspaceId, customerId, action: "watchers_changed", actor, detail }] } });
  });
  return { watcherIds: (await watcherIdsOf(ctx.db, customerId)).sort() };
}
