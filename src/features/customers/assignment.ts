// Who is responsible for a customer: one customer handed to another member, or a member's whole
// pipeline handed over at once (someone leaving, a holiday).
import { and, eq } from "drizzle-orm";
import { customers } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { requireMember } from "./assignee.ts";
import { requireRole } from "../workspaces/permissions.ts";
import type { CustomerDetailDto } from "./model.ts";
import { customerDetail, findOwnedCustomer } from "./service.ts";
import { aboutCustomer } from "./lookups.ts";

/** A customer this member sees goes to another member of the workspace. */
export async function assignCustomer(ctx: AppContext, { member, customerId, memberId }: { member: Scope; customerId: string; memberId: string }): Promise<CustomerDetailDto> {
  const customer = await findOwnedCustomer(ctx, member, customerId);
  requireRole(member, "assignCustomers");
  await requireMember(ctx, member, memberId);
  await inTransaction(ctx, async ({ tx, publish }) => {
    await tx.update(customers).set({ assigneeId: memberId }).where(eq(customers.id, customerId));
    // The member it was assigned to hears it too: in "assigned" mode their lists lose it.
    publish({ type: "customer_updated", ...aboutCustomer({ ...customer, assigneeId: memberId }), previousAssigneeId: customer.assigneeId });
  });
  return customerDetail(ctx, { member, customerId });
}

/** The owner hands every customer of one member to another, in one transaction. */
export async function reassignCustomers(ctx: AppContext, { member, fromMemberId, toMemberId }: { member: Scope; fromMemberId: string; toMemberId: string }): Promise<{ moved: number }> {
  requireRole(member, "manageWorkspace");
  await requireMember(ctx, member, fromMemberId);
  await requireMember(ctx, member, toMemberId);
  return inTransaction(ctx, async ({ tx, publish }) => {
    const moved = await moveAssignedCustomers(tx, { workspaceId: member.workspaceId, fromMemberId, toMemberId });
    if (moved > 0) publish({ type: "customer_list_refresh", workspaceId: member.workspaceId });
    return { moved };
  });
}

/** Every customer of one member to another, in the caller's transaction (also a member's removal: src/app.ts hands it to workspaces). */
export async function moveAssignedCustomers(tx: Writer, { workspaceId, fromMemberId, toMemberId }: { workspaceId: string; fromMemberId: string; toMemberId: string }): Promise<number> {
  const moved = await tx
    .update(customers)
    .set({ assigneeId: toMemberId })
    .where(and(eq(customers.workspaceId, workspaceId), eq(customers.assigneeId, fromMemberId)))
    .returning({ id: customers.id });
  return moved.length;
}
