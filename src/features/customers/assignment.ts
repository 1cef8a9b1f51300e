// Who is responsible for a customer: one customer handed to another member, or a member's whole
// pipeline handed over at once (someone leaving, a holiday).
import { and, eq } from "drizzle-orm";
import { customers } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { inTransaction, type Unit } from "../../lib/unit-of-work.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { requireMember } from "./assignee.ts";
import { requireRole } from "../workspaces/permissions.ts";
import type { CustomerDetailDto } from "./model.ts";
import { customerDetail, findOwnedCustomer } from "./service.ts";
import { aboutCustomer } from "./lookups.ts";
import type { AuditActor } from "../audit/actor.ts";
import { brokersById } from "../auth/brokers.ts";
import { displayName } from "../../shared/user-display.ts";
import { moveAssignedDocuments, moveCustomerDocuments } from "../documents/assignee.ts";

/** "to Bea Broker (from Olive Owner)": the audit entry's detail of a handover. */
async function handoverDetail(ctx: AppContext, fromMemberId: string, toMemberId: string): Promise<string> {
  const names = await brokersById(ctx, [fromMemberId, toMemberId]);
  return `To ${displayName(names.get(toMemberId))} (from ${displayName(names.get(fromMemberId))})`;
}

/** A customer this member sees goes to another member of the workspace. */
export async function assignCustomer(ctx: AppContext, { member, customerId, memberId, actor }: { member: Scope; customerId: string; memberId: string; actor: AuditActor }): Promise<CustomerDetailDto> {
  const customer = await findOwnedCustomer(ctx, member, customerId);
  requireRole(member, "assignCustomers");
  await requireMember(ctx, member, memberId);
  if (memberId === customer.assigneeId) return customerDetail(ctx, { member, customerId });
  const detail = await handoverDetail(ctx, customer.assigneeId, memberId);
  await inTransaction(ctx, async (unit) => {
    const { tx, publish } = unit;
    await tx.update(customers).set({ assigneeId: memberId }).where(eq(customers.id, customerId));
    await moveCustomerDocuments(tx, { customerId, assigneeId: memberId });
    // The member it was assigned to hears it too: in "assigned" mode their lists lose it.
    publish({
      type: "customer_updated",
      ...aboutCustomer({ ...customer, assigneeId: memberId }),
      previousAssigneeId: customer.assigneeId,
      facts: { audit: [{ brokerId: member.workspaceId, customerId, action: "assigned", actor, detail }] },
    });
  });
  return customerDetail(ctx, { member, customerId });
}

/** The owner hands every customer of one member to another, in one transaction. */
export async function reassignCustomers(ctx: AppContext, { member, fromMemberId, toMemberId, actor }: { member: Scope; fromMemberId: string; toMemberId: string; actor: AuditActor }): Promise<{ moved: number }> {
  requireRole(member, "manageWorkspace");
  await requireMember(ctx, member, fromMemberId);
  await requireMember(ctx, member, toMemberId);
  return inTransaction(ctx, async (unit) => {
    const moved = await handOver(ctx, unit, { workspaceId: member.workspaceId, fromMemberId, toMemberId, actor });
    // The member it left (their lists lose it) and the one it went to.
    if (moved > 0) unit.publish({ type: "customer_list_refresh", workspaceId: member.workspaceId, assigneeIds: [fromMemberId, toMemberId] });
    return { moved };
  });
}

/**
 * Every customer of one member to another in the caller's unit, each customer's trail saying who
 * handed them over, to whom (the bulk handover above, and a member's removal: src/app.ts hands it
 * to workspaces). How many moved.
 */
export async function handOver(ctx: AppContext, unit: Unit, input: { workspaceId: string; fromMemberId: string; toMemberId: string; actor: AuditActor }): Promise<number> {
  const moved = await moveAssignedCustomers(unit.tx, input);
  if (moved.length === 0) return 0;
  const detail = await handoverDetail(ctx, input.fromMemberId, input.toMemberId);
  unit.publish({
    type: "customers_handed_over",
    workspaceId: input.workspaceId,
    facts: { audit: moved.map((customerId) => ({ brokerId: input.workspaceId, customerId, action: "assigned" as const, actor: input.actor, detail })) },
  });
  return moved.length;
}

/** Every customer of one member to another, in the caller's transaction. Their ids. */
async function moveAssignedCustomers(tx: Writer, { workspaceId, fromMemberId, toMemberId }: { workspaceId: string; fromMemberId: string; toMemberId: string }): Promise<string[]> {
  const moved = await tx
    .update(customers)
    .set({ assigneeId: toMemberId })
    .where(and(eq(customers.workspaceId, workspaceId), eq(customers.assigneeId, fromMemberId)))
    .returning({ id: customers.id });
  await moveAssignedDocuments(tx, { workspaceId, fromMemberId, toMemberId });
  return moved.map((row) => row.id);
}
