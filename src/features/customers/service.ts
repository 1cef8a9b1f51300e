// Customers as one broker sees them. A row is one broker's relationship with one person: the
// same email invited by two brokers is two rows, two links, and nothing one broker does or reads
// touches the other's row. (Accounts that span brokers are customer-auth's, proven by email.)
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { customers } from "../../../db/schema.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import type { Writer } from "../../lib/jobs.ts";
import { newId, randomToken } from "../../lib/tokens.ts";
import type { CustomerDetailDto, CustomerDto, DocumentCounts, DocumentLimit } from "../../shared/api-types.ts";
import { customerStatusFromCounts, isRequirement, nameFromEmail } from "../../shared/documents.ts";
import { canAddCustomer, limitMessages, maxDocumentsPerCustomer, perCustomerError, perRequestError } from "../../shared/limits.ts";
import { UNLIMITED } from "../../shared/plans.ts";
import { displayName } from "../../shared/user-display.ts";
import { isValidEmail, MAX_NAME_LENGTH, messages, normalizeEmail } from "../../shared/validation.ts";
import type { PublicUser } from "../auth/model.ts";
import { effectivePlan } from "../billing/service.ts";
import {
  countRequestedDocuments,
  deleteDocumentRows,
  documentCounts,
  documentCountsByCustomer,
  insertRequestedDocuments,
  listCustomerDocuments,
  parseDocumentEntries,
  parseDueDates,
  removeFiles,
  requestedNames,
  toDocumentDto,
  type DocumentRow,
} from "../documents/service.ts";
import { queueEmail } from "../mail/service.ts";
import { addBrokerNotification, addCustomerNotification } from "../notifications/service.ts";
import { inTransaction, type Unit } from "../../lib/unit-of-work.ts";
import { countCustomers, uploadUrl, type CustomerRow } from "./contact.ts";
import { documentsRequestedEmail, invitationEmail, invitationResendEmail } from "../mail/templates.ts";

export const MAX_LOAN_TYPE_LENGTH = 60;


const iso = (d: Date | null) => d?.toISOString() ?? null;


function toCustomerDto(broker: PublicUser, customer: CustomerRow, counts: DocumentCounts): CustomerDto {
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
    brokerName: displayName(broker),
    uploadLink: customer.uploadLink,
    status: customerStatusFromCounts(counts),
    documentCounts: counts,
  };
}

/** The customer if this broker works with them; 404 otherwise (another broker's id looks missing). */
export function findOwnedCustomer(ctx: AppContext, brokerId: string, customerId: string): CustomerRow {
  const row = ctx.db.select().from(customers).where(and(eq(customers.brokerId, brokerId), eq(customers.id, customerId))).get();
  if (!row) throw notFound("Customer not found");
  return row;
}

export function listCustomers(ctx: AppContext, broker: PublicUser): CustomerDto[] {
  const now = ctx.clock.now();
  const counts = documentCountsByCustomer(ctx, broker.id, now);
  return ctx.db
    .select()
    .from(customers)
    .where(eq(customers.brokerId, broker.id))
    .orderBy(asc(customers.name))
    .all()
    .map((row) => toCustomerDto(broker, row, counts.get(row.id) ?? emptyCounts()));
}

const emptyCounts = (): DocumentCounts => ({ total: 0, approved: 0, underReview: 0, awaitingUpload: 0, overdue: 0 });

export function customerDetail(ctx: AppContext, broker: PublicUser, customerId: string): CustomerDetailDto {
  const owned = findOwnedCustomer(ctx, broker.id, customerId);
  const docs = listCustomerDocuments(ctx, broker.id, customerId);
  const counts = documentCounts(ctx, broker.id, customerId, ctx.clock.now());
  return { ...toCustomerDto(broker, owned, counts), documents: docs.map(toDocumentDto) };
}

export function customerDocuments(ctx: AppContext, brokerId: string, customerId: string) {
  findOwnedCustomer(ctx, brokerId, customerId);
  return listCustomerDocuments(ctx, brokerId, customerId).map(toDocumentDto);
}

export function documentLimit(ctx: AppContext, brokerId: string, customerId: string): DocumentLimit {
  findOwnedCustomer(ctx, brokerId, customerId);
  return {
    currentCount: countRequestedDocuments(ctx, { brokerId, customerId }),
    maxAllowed: maxDocumentsPerCustomer(effectivePlan(ctx, brokerId)) ?? UNLIMITED,
  };
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length > MAX_NAME_LENGTH) throw badRequest(`Names must be text of at most ${MAX_NAME_LENGTH} characters`);
  return trimmed;
}

function checkLoanType(loanType: string | null | undefined): string | null {
  const trimmed = loanType?.trim() ?? "";
  if (trimmed.length > MAX_LOAN_TYPE_LENGTH) throw badRequest(`Loan type must be at most ${MAX_LOAN_TYPE_LENGTH} characters`);
  return trimmed || null;
}

/** Refuses `adding` documents that the plan's per-request or per-customer caps do not allow. */
function checkDocumentLimits(ctx: AppContext, brokerId: string, current: number, adding: number) {
  const plan = effectivePlan(ctx, brokerId);
  const perRequest = perRequestError(plan, adding);
  if (perRequest) throw new AppError("forbidden", `${limitMessages.documentLimitTitle}: ${perRequest}`);
  const perCustomer = perCustomerError(current, adding, maxDocumentsPerCustomer(plan));
  if (perCustomer) throw new AppError("forbidden", `${limitMessages.perCustomerTitle}: ${perCustomer}`);
}

export interface CreateCustomerInput {
  name?: string | null;
  email: string;
  loanType?: string | null;
  dueDate?: string | null;
  reminderTime?: string | null;
  requiredDocuments?: { name: string; description?: string | null }[];
}

export function createCustomer(ctx: AppContext, broker: PublicUser, input: CreateCustomerInput): CustomerDetailDto {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw badRequest(messages.invalidEmailShort);
  const name = checkName(input.name ?? "") || nameFromEmail(email);
  const loanType = checkLoanType(input.loanType);
  const now = ctx.clock.now();
  const { dueDate, reminderAt } = parseDueDates(input, now);
  // A description given beside a plain name (not the custom: form) is kept.
  const docs = parseDocumentEntries((input.requiredDocuments ?? []).map((d) => d.name)).map((d, i) => ({
    ...d,
    description: input.requiredDocuments?.[i]?.description?.trim() || d.description,
  }));

  if (!canAddCustomer(effectivePlan(ctx, broker.id), countCustomers(ctx, broker.id))) {
    throw new AppError("forbidden", limitMessages.customerLimit);
  }
  checkDocumentLimits(ctx, broker.id, 0, docs.length);

  const customerId = inTransaction(ctx, (unit) => {
    const { tx } = unit;
    // Only this broker's own list is looked at: whether anyone else knows this email is never asked.
    const existing = tx.select({ id: customers.id }).from(customers).where(and(eq(customers.brokerId, broker.id), eq(customers.email, email))).get();
    if (existing) throw new AppError("conflict", "This customer is already in your list.");
    // 192 bits of randomness: the link is the key to this broker's requests, and only to them.
    const customer = tx
      .insert(customers)
      .values({ id: newId(), brokerId: broker.id, email, name, loanType, uploadLink: randomToken(24), invitedAt: now })
      .returning()
      .get()!;
    insertRequestedDocuments(tx, { brokerId: broker.id, customerId: customer.id, documents: docs, dueDate, reminderAt });
    const content = invitationEmail({
      customerName: customer.name,
      brokerName: displayName(broker),
      uploadUrl: uploadUrl(ctx, customer.uploadLink),
      documents: docs.map((d) => ({ name: d.name, dueDate })),
    });
    queueEmail(ctx, tx, { kind: "invitation", to: email, dedupeKey: `invitation:${broker.id}:${customer.id}:${now.getTime()}`, ...content });
    addBrokerNotification(unit, broker.id, {
      type: "customer_invited",
      title: "Customer invited",
      message: `${customer.name} (${email}) was invited${docs.length ? ` to upload ${plural(docs.length, "document")}` : ""}.`,
      metadata: { customerId: customer.id },
    });
    if (docs.length) announceRequest(unit, broker, customer.id, docs.map((d) => d.name));
    unit.publish({ type: "customer_created", brokerId: broker.id, customerId: customer.id });
    return customer.id;
  });
  return customerDetail(ctx, broker, customerId);
}

export function requestDocuments(
  ctx: AppContext,
  broker: PublicUser,
  customerId: string,
  input: { documentTypes: string[]; dueDate?: string | null; reminderTime?: string | null },
): DocumentRow[] {
  const customer = findOwnedCustomer(ctx, broker.id, customerId);
  if (input.documentTypes.length === 0) throw badRequest("Please select at least one document to request.");
  const docs = parseDocumentEntries(input.documentTypes);
  const now = ctx.clock.now();
  const { dueDate, reminderAt } = parseDueDates(input, now);

  const existing = requestedNames(ctx, broker.id, customerId);
  const repeated = docs.find((d) => existing.has(d.name.toLowerCase()));
  if (repeated) throw new AppError("conflict", `${repeated.name} has already been requested from this customer.`);
  checkDocumentLimits(ctx, broker.id, existing.size, docs.length);

  return inTransaction(ctx, (unit) => {
    const { tx } = unit;
    const rows = insertRequestedDocuments(tx, { brokerId: broker.id, customerId, documents: docs, dueDate, reminderAt });
    const content = documentsRequestedEmail({
      customerName: customer.name,
      brokerName: displayName(broker),
      uploadUrl: uploadUrl(ctx, customer.uploadLink),
      documents: docs.map((d) => ({ name: d.name, dueDate })),
    });
    queueEmail(ctx, tx, { kind: "documents_requested", to: customer.email, dedupeKey: `requested:${rows[0]!.id}`, ...content });
    announceRequest(unit, broker, customerId, docs.map((d) => d.name));
    unit.publish({ type: "documents_requested", brokerId: broker.id, customerId, documentIds: rows.map((r) => r.id) });
    return rows;
  });
}

export function updateCustomer(
  ctx: AppContext,
  broker: PublicUser,
  customerId: string,
  input: { name: string; email: string; loanType: string },
): CustomerDetailDto {
  const customer = findOwnedCustomer(ctx, broker.id, customerId);
  if (!input.name.trim() || !input.email.trim() || !input.loanType.trim()) throw badRequest("Please fill in all required fields");
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw badRequest(messages.invalidEmailShort);
  const name = checkName(input.name);
  const loanType = checkLoanType(input.loanType);

  inTransaction(ctx, ({ tx, publish }) => {
    if (email !== customer.email) {
      const taken = tx.select({ id: customers.id }).from(customers).where(and(eq(customers.brokerId, broker.id), eq(customers.email, email))).get();
      if (taken) throw new AppError("conflict", "Another of your customers already uses this email address.");
    }
    // A new address is a new person for the portal: whoever held the old one is no longer
    // connected to this link until the new address's owner signs in through it.
    const connection = email !== customer.email ? { accountConnectedAt: null } : {};
    tx.update(customers).set({ name, email, loanType, ...connection }).where(eq(customers.id, customerId)).run();
    publish({ type: "customer_updated", brokerId: broker.id, customerId });
  });
  return customerDetail(ctx, broker, customerId);
}

/**
 * Removes the customer from this broker: the relationship (its link stops working), this
 * broker's documents and their files, and the notifications of that relationship. The person's
 * account, if they made one, stays: other brokers may still work with them.
 */
export function deleteCustomer(ctx: AppContext, brokerId: string, customerId: string): void {
  findOwnedCustomer(ctx, brokerId, customerId);
  const keys = inTransaction(ctx, ({ tx, publish }) => {
    const keys = deleteDocumentRows(tx, listCustomerDocuments(ctx, brokerId, customerId));
    publish({ type: "customer_deleted", brokerId, customerId });
    tx.delete(customers).where(eq(customers.id, customerId)).run();
    return keys;
  });
  removeFiles(ctx, keys);
}

export function resendInvitation(ctx: AppContext, broker: PublicUser, customerId: string): void {
  const customer = findOwnedCustomer(ctx, broker.id, customerId);
  if (customer.invitationStatus === "accepted") throw new AppError("conflict", "This customer has already accepted the invitation.");
  const docs = listCustomerDocuments(ctx, broker.id, customerId).filter((d) => isRequirement(d.status));
  const content = invitationResendEmail({
    customerName: customer.name,
    brokerName: displayName(broker),
    uploadUrl: uploadUrl(ctx, customer.uploadLink),
    documents: docs.map((d) => ({ name: d.name, dueDate: d.dueDate })),
  });
  const now = ctx.clock.now();
  ctx.db.transaction((tx) =>
    queueEmail(ctx, tx, { kind: "invitation_resend", to: customer.email, dedupeKey: `resend:${broker.id}:${customerId}:${now.getTime()}`, ...content }),
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Tells the customer (bell and portal) that a broker asked for documents. */
function announceRequest(unit: Unit, broker: PublicUser, customerId: string, names: string[]) {
  addCustomerNotification(unit, customerId, {
    type: "documents_requested",
    brokerId: broker.id,
    title: "Documents requested",
    message: `${displayName(broker)} asked you to upload: ${names.join(", ")}.`,
    metadata: { brokerId: broker.id },
  });
}

/** Names of this broker's customers by id, for lists that show documents with their customer. */
export function customerNames(ctx: AppContext, brokerId: string): Map<string, string> {
  const rows = ctx.db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.brokerId, brokerId)).all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function markReminded(tx: Writer, brokerId: string, customerIds: string[], at: Date): void {
  if (customerIds.length === 0) return;
  tx.update(customers)
    .set({ lastReminderAt: at })
    .where(and(eq(customers.brokerId, brokerId), inArray(customers.id, customerIds)))
    .run();
}

/** This broker's customers reminded at or after `since`. */
export function remindedSince(ctx: AppContext, brokerId: string, since: Date): Set<string> {
  const rows = ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.brokerId, brokerId), gte(customers.lastReminderAt, since)))
    .all();
  return new Set(rows.map((r) => r.id));
}
