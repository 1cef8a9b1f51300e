// Customers as one broker sees them. A row is one broker's relationship with one person: the
// same email invited by two brokers is two rows, two links, and nothing one broker does or reads
// touches the other's row. (Accounts that span brokers are customer-auth's, proven by email.)
// Reads, edits, deletion and resent invitations are here; inviting and requesting documents in
// requests.ts; lookups other features need in lookups.ts.
import { and, asc, count, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import { customers } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { MAX_PAGE_SIZE, PAGE_SIZE_ERROR, type CustomerListQuery, type CustomerDetailDto, type CustomerDto, type CustomerPage, type CustomerPageQuery, type DocumentLimit, type UpdateCustomerInput } from "./model.ts";
import type { DocumentCounts } from "../documents/model.ts";
import { customerStatusFromCounts, isRequirement } from "../../shared/documents.ts";
import { maxDocumentsPerCustomer } from "../../shared/limits.ts";
import { UNLIMITED } from "../../shared/plans.ts";
import { storedLoanType } from "../../shared/loan-types.ts";
import { displayName } from "../../shared/user-display.ts";
import { cleanName, isValidEmail, MAX_NAME_LENGTH, messages, normalizeEmail } from "../../shared/validation.ts";
import type { PublicUser } from "../auth/model.ts";
import { effectivePlan } from "../billing/service.ts";
import { earliestDueCustomers, urgencyOrder } from "../documents/urgency.ts";
import {
  countRequestedDocuments,
  deleteDocumentRows,
  documentCounts,
  documentCountsByCustomer,
  documentCountsOfCustomers,
  documentCountsOfSelectedCustomers,
  listCustomerDocuments,
  removeFiles,
  toDocumentDto,
} from "../documents/service.ts";
import { queueEmail } from "../mail/service.ts";
import { takeHeldInvitation } from "./held-invitation.ts";
import { filteredAssignee } from "./assignee.ts";
import { invitationResendEmail } from "../mail/templates.ts";
import { aboutCustomer, uploadUrl, visibleCustomers, watchersByCustomer, type CustomerRow } from "./lookups.ts";
import { seesEveryCustomer, viewedAssignees, type Scope } from "../../shared/workspaces.ts";
import { requireRole } from "../workspaces/permissions.ts";
import { checkedLanguage, customerLanguage } from "../workspaces/customer-language.ts";
import { brokersById } from "../auth/brokers.ts";
import { emailSender } from "../broker-profile/contact.ts";
import type { AuditActor } from "../audit/actor.ts";
import { caseInsensitive, likeInsensitive } from "../../../db/dialect.ts";

export const MAX_LOAN_TYPE_LENGTH = 60;


const iso = (d: Date | null) => d?.toISOString() ?? null;


type Assignees = Map<string, { id: string; email: string; firstName: string | null; lastName: string | null }>;

/** The assignees of these customers: their names and emails (auth's accounts). */
const assigneesOf = (ctx: AppContext, rows: CustomerRow[]): Promise<Assignees> => brokersById(ctx, rows.map((r) => r.assigneeId));

/** Each customer's watchers (customer_watchers), by customer id; a customer without any is absent. */
type Watchers = Map<string, string[]>;

function toCustomerDto(customer: CustomerRow, counts: DocumentCounts, assignees: Assignees, watchers: Watchers): CustomerDto {
  const { id, firstName, lastName, email } = assignees.get(customer.assigneeId)!;
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    loanType: customer.loanType,
    invitationStatus: customer.invitationStatus,
    invitedAt: customer.invitedAt.toISOString(),
    acceptedAt: iso(customer.acceptedAt),
    lastReminderAt: iso(customer.lastReminderAt),
    lastActive: iso(customer.lastActiveAt),
    brokerName: displayName({ firstName, lastName, email }),
    assigneeId: customer.assigneeId,
    assignee: { id, firstName, lastName, email },
    watcherIds: watchers.get(customer.id) ?? [],
    uploadLink: customer.uploadLink,
    language: customer.language,
    chosenLanguage: customer.chosenLanguage,
    status: customerStatusFromCounts(counts),
    documentCounts: counts,
  };
}

/**
 * The customer if this member may see them; 404 otherwise (another workspace's customer, or a
 * colleague's in "assigned" mode, looks missing).
 */
export async function findOwnedCustomer(ctx: AppContext, scope: Scope, customerId: string): Promise<CustomerRow> {
  const row = (await ctx.db.select().from(customers).where(and(visibleCustomers(scope), eq(customers.id, customerId))))[0];
  if (!row) throw notFound("Customer not found");
  return row;
}

/** These customers, in the order asked, or 404 if this member may not see any one of them (or it is missing). */
export async function findOwnedCustomers(ctx: AppContext, scope: Scope, customerIds: string[]): Promise<CustomerRow[]> {
  const unique = [...new Set(customerIds)];
  if (unique.length === 0) return [];
  const rows = await ctx.db.select().from(customers).where(and(visibleCustomers(scope), inArray(customers.id, unique)));
  if (rows.length !== unique.length) throw notFound("Customer not found");
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}

/** Every customer this member may see, by name; with `assignee`, only that member's ("me": the asker's). */
export async function listCustomers(ctx: AppContext, { member }: { member: Scope }, query: CustomerListQuery = {}): Promise<CustomerDto[]> {
  const now = ctx.clock.now();
  const assignee = await filteredAssignee(ctx, member, query.assignee);
  const listed = visibleCustomers(member, assignee);
  // The whole workspace's counts in one grouped pass; one member's customers counted by customer.
  const counts =
    seesEveryCustomer(member) && assignee === undefined
      ? await documentCountsByCustomer(ctx, member.workspaceId, now)
      : await documentCountsOfSelectedCustomers(ctx, ctx.db.select({ id: customers.id }).from(customers).where(listed), now);
  const rows = await ctx.db.select().from(customers).where(listed).orderBy(asc(customers.name));
  const assignees = await assigneesOf(ctx, rows);
  // Every watcher of every customer the member sees, in one query (the visibility condition, not 10,000 ids).
  const watchers = rows.length ? await watchersByCustomer(ctx.db, member) : new Map();
  return rows.map((row) => toCustomerDto(row, counts.get(row.id) ?? emptyCounts(), assignees, watchers));
}

export const DEFAULT_PAGE_SIZE = 25;

/** Whether a request to /api/all-customers asks for a page (any paging, search, filter or sort). */
export const asksForPage = (query: CustomerPageQuery) =>
  query.page !== undefined || query.pageSize !== undefined || query.q !== undefined || query.email !== undefined || query.status !== undefined || query.sort !== undefined;

/** The page asked for, as numbers (the schema has checked they are digits). */
function pagingOf(query: CustomerPageQuery): { page: number; pageSize: number } {
  const pageSize = query.pageSize === undefined ? DEFAULT_PAGE_SIZE : Number(query.pageSize);
  if (pageSize > MAX_PAGE_SIZE) throw badRequest(PAGE_SIZE_ERROR);
  return { page: query.page === undefined ? 1 : Number(query.page), pageSize };
}

// LIKE's wildcards typed by the broker are searched for as themselves.
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of All Customers, searched, filtered (invitation status, assignee) and sorted by SQLite: the work grows with the page,
 * not with the brokerage. Search is case-insensitive for ASCII letters (SQLite's LIKE).
 */
export async function pageCustomers(ctx: AppContext, { member }: { member: Scope }, query: CustomerPageQuery): Promise<CustomerPage> {
  const { page, pageSize } = pagingOf(query);
  const search = query.q?.trim();
  const pattern = search ? likePattern(search.toLowerCase()) : null;
  const assignee = await filteredAssignee(ctx, member, query.assignee);
  const where = and(
    visibleCustomers(member, assignee),
    query.status && query.status !== "all" ? eq(customers.invitationStatus, query.status) : undefined,
    pattern ? or(likeInsensitive(customers.name, pattern), likeInsensitive(customers.email, pattern)) : undefined,
    // Addresses are stored lower-cased; the (broker, email) index answers this.
    query.email !== undefined ? eq(customers.email, normalizeEmail(query.email)) : undefined,
  );
  const sort = query.sort ?? "-invitedAt";
  const direction = sort.startsWith("-") ? desc : asc;
  // Namesakes are ordered by email, then id, so a page never repeats or skips a row.
  const byName = (dir: typeof asc) => [dir(caseInsensitive(customers.name)), dir(customers.email), dir(customers.id)];
  const order =
    sort === "urgency"
      ? [...urgencyOrder(ctx, customers.id, ctx.clock.now()), ...byName(asc)]
      : sort.endsWith("name")
        ? byName(direction)
        : [direction(customers.invitedAt), direction(customers.id)];
  const total = (await ctx.db.select({ n: count() }).from(customers).where(where))[0]!.n;
  const unfiltered = !pattern && query.email === undefined && (query.status ?? "all") === "all";
  const rows =
    (sort === "urgency" && unfiltered ? await mostUrgentPage(ctx, member, assignee, where, byName(asc), { page, pageSize }) : null) ??
    (await ctx.db.select().from(customers).where(where).orderBy(...order).limit(pageSize).offset((page - 1) * pageSize));
  const counts = await documentCountsOfCustomers(ctx, member.workspaceId, rows.map((r) => r.id), ctx.clock.now());
  const assignees = await assigneesOf(ctx, rows);
  const watchers = await watchersByCustomer(ctx.db, rows.map((r) => r.id));
  return { customers: rows.map((row) => toCustomerDto(row, counts.get(row.id) ?? emptyCounts(), assignees, watchers)), total, page, pageSize };
}

/**
 * A page of "most urgent first" read from the top of the order alone, when the page lies within
 * its first two tiers (customers with a waiting document that has a due date: documents/urgency.ts
 * earliestDueCustomers walks those documents in due order); null otherwise, for the ranking of
 * every customer the member sees. Ties on the date go by name, as in urgencyOrder.
 */
async function mostUrgentPage(ctx: AppContext, member: Scope, assignee: string | undefined, where: SQL | undefined, byName: SQL[], { page, pageSize }: { page: number; pageSize: number }): Promise<CustomerRow[] | null> {
  const assignees = viewedAssignees(member, assignee);
  if (assignees.length > 1) return null; // no one's customers: the ranking finds none at once
  const offset = (page - 1) * pageSize;
  const top = await earliestDueCustomers(ctx, { workspaceId: member.workspaceId, assigneeId: assignees[0] }, offset + pageSize);
  if (!top) return null;
  const dueOf = new Map(top.map((c) => [c.customerId, c.due]));
  const rows = await ctx.db.select().from(customers).where(and(where, inArray(customers.id, [...dueOf.keys()]))).orderBy(...byName);
  // A customer the documents name but the member does not see (never, while documents carry
  // their customer's assignee): rank them all instead.
  if (rows.length !== dueOf.size) return null;
  return rows.toSorted((a, b) => dueOf.get(a.id)! - dueOf.get(b.id)!).slice(offset, offset + pageSize);
}

const emptyCounts = (): DocumentCounts => ({ total: 0, approved: 0, underReview: 0, awaitingUpload: 0, overdue: 0 });

/** One customer, asked for by a member (who may or may not see them). */
interface OwnedCustomer {
  member: Scope;
  customerId: string;
}

export async function customerDetail(ctx: AppContext, { member, customerId }: OwnedCustomer): Promise<CustomerDetailDto> {
  const owned = await findOwnedCustomer(ctx, member, customerId);
  const docs = await listCustomerDocuments(ctx, member.workspaceId, customerId);
  const counts = await documentCounts(ctx, member.workspaceId, customerId, ctx.clock.now());
  return { ...toCustomerDto(owned, counts, await assigneesOf(ctx, [owned]), await watchersByCustomer(ctx.db, [owned.id])), documents: docs.map(toDocumentDto) };
}

export async function customerDocuments(ctx: AppContext, { member, customerId }: OwnedCustomer) {
  await findOwnedCustomer(ctx, member, customerId);
  return (await listCustomerDocuments(ctx, member.workspaceId, customerId)).map(toDocumentDto);
}

export async function documentLimit(ctx: AppContext, { member, customerId }: OwnedCustomer): Promise<DocumentLimit> {
  await findOwnedCustomer(ctx, member, customerId);
  return {
    currentCount: await countRequestedDocuments(ctx, { brokerId: member.workspaceId, customerId }),
    maxAllowed: maxDocumentsPerCustomer(await effectivePlan(ctx, member.workspaceId)) ?? UNLIMITED,
  };
}

export function checkName(name: string): string {
  const trimmed = cleanName(name);
  if (trimmed.length > MAX_NAME_LENGTH) throw badRequest(`Names must be text of at most ${MAX_NAME_LENGTH} characters`);
  return trimmed;
}

export function checkLoanType(loanType: string | null | undefined): string | null {
  const stored = storedLoanType(loanType);
  if (stored && stored.length > MAX_LOAN_TYPE_LENGTH) throw badRequest(`Loan type must be at most ${MAX_LOAN_TYPE_LENGTH} characters`);
  return stored;
}

export async function updateCustomer(ctx: AppContext, input: UpdateCustomerInput & OwnedCustomer & { broker: PublicUser }): Promise<CustomerDetailDto> {
  const { broker, member, customerId } = input;
  const customer = await findOwnedCustomer(ctx, member, customerId);
  if (!cleanName(input.name) || !input.email.trim() || !input.loanType.trim()) throw badRequest("Please fill in all required fields");
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw badRequest(messages.invalidEmailShort);
  const name = checkName(input.name);
  const loanType = checkLoanType(input.loanType);
  const language = input.language === undefined ? {} : { language: checkedLanguage(input.language) };

  await inTransaction(ctx, async ({ tx, publish }) => {
    if (email !== customer.email) {
      const taken = (await tx.select({ id: customers.id }).from(customers).where(and(eq(customers.workspaceId, member.workspaceId), eq(customers.email, email))))[0];
      if (taken) throw new AppError("conflict", "Another of your customers already uses this email address.");
    }
    // A new address is a new person for the portal: whoever held the old one is no longer
    // connected to this link until the new address's owner signs in through it.
    const connection = email !== customer.email ? { accountConnectedAt: null } : {};
    await tx.update(customers).set({ name, email, loanType, ...language, ...connection }).where(eq(customers.id, customerId));
    publish({ type: "customer_updated", ...aboutCustomer(customer), ...(email !== customer.email ? { emailChanged: true } : {}) });
  });
  return customerDetail(ctx, { member, customerId });
}

/**
 * Removes the customer from this broker: the relationship (its link stops working), this
 * broker's documents and their files, and the notifications of that relationship. The person's
 * account, if they made one, stays: other brokers may still work with them.
 */
export async function deleteCustomer(ctx: AppContext, { member, customerId, actor }: OwnedCustomer & { actor: AuditActor }): Promise<void> {
  const customer = await findOwnedCustomer(ctx, member, customerId);
  requireRole(member, "deleteCustomers");
  const brokerId = member.workspaceId;
  const keys = await inTransaction(ctx, async (unit) => {
      const { tx, publish } = unit;
      const keys = await deleteDocumentRows(tx, await listCustomerDocuments(ctx, brokerId, customerId));
      publish({
        type: "customer_deleted",
        ...aboutCustomer(customer),
        // Named here: the row is gone by the time the entry (and the webhooks' payload) is written.
        facts: {
          audit: [{ brokerId, customerId, customerLabel: customer.name, action: "customer_deleted", actor, detail: customer.email }],
          contact: { name: customer.name, email: customer.email },
        },
      });
      await takeHeldInvitation(ctx, tx, customerId); // never sent to someone no longer a customer
      await tx.delete(customers).where(eq(customers.id, customerId));
      return keys;
    });
  await removeFiles(ctx, keys);
}

export async function resendInvitation(ctx: AppContext, { broker, member, customerId, actor }: OwnedCustomer & { broker: PublicUser; actor: AuditActor }): Promise<void> {
  const customer = await findOwnedCustomer(ctx, member, customerId);
  if (customer.invitationStatus === "accepted") throw new AppError("conflict", "This customer has already accepted the invitation.");
  const docs = (await listCustomerDocuments(ctx, member.workspaceId, customerId)).filter((d) => isRequirement(d.status));
  const sender = await emailSender(ctx, customer); // the customer's assignee, whoever resends
  const content = invitationResendEmail({
    language: await customerLanguage(ctx.db, customer),
    customerName: customer.name,
    brokerName: sender?.name ?? displayName(broker),
    sender,
    uploadUrl: uploadUrl(ctx, customer.uploadLink),
    documents: docs.map((d) => ({ name: d.name, dueDate: d.dueDate })),
  });
  await inTransaction(ctx, async (unit) => {
    await takeHeldInvitation(ctx, unit.tx, customerId); // this one says it all
    await queueEmail(ctx, unit.tx, { kind: "invitation_resend", to: customer.email, dedupeKey: `resend:${broker.id}:${customerId}:${unit.now.getTime()}`, ...content });
    unit.publish({ type: "invitation_resent", workspaceId: member.workspaceId, facts: { audit: [{ brokerId: member.workspaceId, customerId, action: "invitation_resent", actor }] } });
  });
}
