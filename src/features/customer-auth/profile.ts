// The signed-in customer as the portal's profile menu shows them (CustomerProfileDto): through the
// link in use, with the brokers who invited them. Sign-in and sign-up answer with it, and the
// portal's page carries it.
import type { AppContext } from "../../context.ts";
import { brokerContacts } from "../broker-profile/contact.ts";
import type { BrokerContactDto } from "../broker-profile/model.ts";
import { customersWithEmail } from "../customers/lookups.ts";
import type { CustomerProfileDto } from "./model.ts";
import type { CustomerSession } from "./service.ts";
import type { PortalAccess } from "./session.ts";

/**
 * The brokers of the relationships this request may see, in invitation order, with how to reach
 * them: each relationship's assignee under their workspace's branding.
 */
export async function brokersOf(ctx: AppContext, access: PortalAccess): Promise<BrokerContactDto[]> {
  const brokers = await brokerContacts(ctx, access.customers);
  return [...new Set(access.customers.map((c) => c.workspaceId))].flatMap((id) => {
    const broker = brokers.get(id);
    return broker ? [broker] : [];
  });
}

/** `brokers`: the request's brokers when the caller has them already (brokersOf). */
export async function customerProfile(ctx: AppContext, access: PortalAccess, brokers?: BrokerContactDto[]): Promise<CustomerProfileDto> {
  const { customer } = access;
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    loanType: customer.loanType ?? access.customers.find((c) => c.loanType)?.loanType ?? null,
    invitedBy: (brokers ?? (await brokersOf(ctx, access))).map((b) => b.name),
  };
}

/** The profile a sign-in or sign-up answers with: as seen through the link used, else the oldest. */
export async function profileAfterSignIn(ctx: AppContext, { session, uploadLink }: { session: CustomerSession; uploadLink?: string }): Promise<CustomerProfileDto> {
  const customers = await customersWithEmail(ctx, session.account.email);
  const customer = customers.find((c) => c.uploadLink === uploadLink) ?? customers[0];
  if (!customer) return { id: session.account.id, name: session.account.email, email: session.account.email, loanType: null, invitedBy: [] };
  return customerProfile(ctx, { customer, session, customers });
}
