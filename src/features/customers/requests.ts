// Inviting a customer and asking them for documents: plan limits, the requested documents,
// the email with this relationship's link, and the notifications on both sides.
import { and, eq, sql } from "drizzle-orm";
import { customers } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { placeholders, preparedWrite } from "../../lib/prepared.ts";
import { newId, randomToken } from "../../lib/tokens.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import type { NotificationFact } from "../../lib/unit.ts";
import type { CreateCustomerInput, CustomerDetailDto, RequestDocumentsInput } from "./model.ts";
import { rulesProblem, type AcceptanceRules } from "../../shared/acceptance-rules.ts";
import { nameFromEmail } from "../../shared/documents.ts";
import { reminderAfterRequest } from "../../shared/due-date.ts";
import { canAddCustomer, maxCustomers, limitMessages, maxDocumentsPerCustomer, perCustomerError, perRequestError } from "../../shared/limits.ts";
import { displayName } from "../../shared/user-display.ts";
import { isValidEmail, messages, normalizeEmail } from "../../shared/validation.ts";
import type { PublicUser } from "../auth/model.ts";
import { effectivePlan } from "../billing/service.ts";
import { insertRequestedDocuments, parseDocumentEntries, parseDueDates, requestedNames } from "../documents/creation.ts";
import { countRequestedDocuments, type DocumentRow } from "../documents/service.ts";
import { queueEmail } from "../mail/service.ts";
import { holdInvitation } from "./held-invitation.ts";
import { documentsRequestedEmail, invitationEmail } from "../mail/templates.ts";
import { aboutCustomer, countCustomers, uploadUrl } from "./lookups.ts";
import { checkLoanType, checkName, customerDetail, findOwnedCustomer } from "./service.ts";
import { emailSender } from "../broker-profile/contact.ts";
import { brokerActor, type AuditActor } from "../audit/actor.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { checkedLanguage, customerLanguage } from "../workspaces/customer-language.ts";
import { customerNotice } from "../../shared/i18n/customer-notice.ts";

/**
 * The due date and reminder of a request sent now. A reminder that would go out with the
 * invitation or request email itself (or before it) is not scheduled: that email is the notice.
 */
function scheduledDueDates(input: { dueDate?: string | null; reminderTime?: string | null }, now: Date) {
  const { dueDate, reminderAt } = parseDueDates(input, now);
  return { dueDate, reminderAt: reminderAfterRequest(reminderAt, now) };
}

/** Refuses `adding` documents that the plan's per-request or per-customer caps do not allow. */
async function checkDocumentLimits(ctx: AppContext, brokerId: string, current: number, adding: number) {
  const plan = await effectivePlan(ctx, brokerId);
  const perRequest = perRequestError(plan, adding);
  if (perRequest) throw new AppError("forbidden", `${limitMessages.documentLimitTitle}: ${perRequest}`);
  const perCustomer = perCustomerError(current, adding, maxDocumentsPerCustomer(plan));
  if (perCustomer) throw new AppError("forbidden", `${limitMessages.perCustomerTitle}: ${perCustomer}`);
}

/**
 * The same caps for `adding` more documents of one customer, counted as the Profile's "Documents
 * Generated" counts them (every requested document, signature documents included): what a
 * signature request is held to, handed to the signatures feature by src/app.ts.
 */
export async function refuseOverDocumentLimit(ctx: AppContext, workspaceId: string, customerId: string, adding: number): Promise<void> {
  await checkDocumentLimits(ctx, workspaceId, await countRequestedDocuments(ctx, { brokerId: workspaceId, customerId }), adding);
}

// A new customer's two statements, prepared once (creating customers is the busiest write).
const existingCustomer = preparedWrite((tx) =>
  tx.select({ id: customers.id }).from(customers).where(and(eq(customers.workspaceId, sql.placeholder("brokerId")), eq(customers.email, sql.placeholder("email")))).prepare(),
);
const customerInsert = preparedWrite((tx) =>
  tx.insert(customers).values(placeholders("id", "workspaceId", "assigneeId", "email", "name", "loanType", "language", "uploadLink", "invitedAt")).returning().prepare(),
);
/** A new customer of the member's workspace, assigned to that member. */
export async function createCustomer(ctx: AppContext, input: CreateCustomerInput & { broker: PublicUser; member: Scope; actor?: AuditActor }): Promise<CustomerDetailDto> {
  const { broker, member } = input;
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw badRequest(messages.invalidEmailShort);
  const name = checkName(input.name ?? "") || nameFromEmail(email);
  const loanType = checkLoanType(input.loanType);
  const language = checkedLanguage(input.language ?? null);
  const now = ctx.clock.now();
  const { dueDate, reminderAt } = scheduledDueDates(input, now);
  // A description given beside a plain name (not the custom: form) is kept.
  const docs = withRules(
    parseDocumentEntries((input.requiredDocuments ?? []).map((d) => d.name)).map((d, i) => ({
      ...d,
      description: input.requiredDocuments?.[i]?.description?.trim() || d.description,
    })),
    (input.requiredDocuments ?? []).map((d) => d.acceptanceRules ?? null),
  );

  // Counted only under a plan with a limit: the count walks the broker's whole customer index
  // (150 µs at 1,000 customers, 10× that at 10,000) on every new customer.
  const plan = await effectivePlan(ctx, member.workspaceId);
  if (maxCustomers(plan) !== null && !canAddCustomer(plan, await countCustomers(ctx, member.workspaceId))) {
    throw new AppError("forbidden", limitMessages.customerLimit);
  }
  await checkDocumentLimits(ctx, member.workspaceId, 0, docs.length);

  const customerId = await inTransaction(ctx, async (unit) => {
      const { tx } = unit;
      // Only this broker's own list is looked at: whether anyone else knows this email is never asked.
      const existing = (await existingCustomer(tx).execute({ brokerId: member.workspaceId, email }))[0];
      if (existing) throw new AppError("conflict", "This customer is already in your list.");
      // 192 bits of randomness: the link is the key to this broker's requests, and only to them.
      const customer = (await customerInsert(tx).execute({ id: newId(), workspaceId: member.workspaceId, assigneeId: member.memberId, email, name, loanType: loanType ?? null, language, uploadLink: randomToken(24), invitedAt: now }))[0]!;
      const requested = await insertRequestedDocuments(tx, { brokerId: member.workspaceId, customerId: customer.id, documents: docs, dueDate, reminderAt });
      const sender = await emailSender(ctx, customer, tx);
      const content = invitationEmail({
        language: await customerLanguage(tx, customer),
        customerName: customer.name,
        brokerName: sender?.name ?? displayName(broker),
        sender,
        uploadUrl: uploadUrl(ctx, customer.uploadLink),
        documents: docs.map((d) => ({ name: d.name, dueDate })),
      });
      const invitation = { kind: "invitation", to: email, dedupeKey: `invitation:${broker.id}:${customer.id}:${now.getTime()}`, ...content };
      // An invitation with nothing in it, with the share email on its way: that one is enough.
      if (input.shareFollows && docs.length === 0) await holdInvitation(ctx, tx, customer.id, invitation);
      else await queueEmail(ctx, tx, invitation);
      unit.publish({
        type: "customer_created",
        ...aboutCustomer(customer),
        facts: {
          audit: [{ brokerId: member.workspaceId, customerId: customer.id, action: "invited", actor: input.actor ?? brokerActor(ctx, { broker }), detail: docs.length ? `Asked for: ${docs.map((d) => d.name).join(", ")}` : null }],
          notify: [
            {
              to: "team",
              customer,
              exceptMemberId: member.memberId,
              type: "customer_invited",
              title: "Customer invited",
              message: `${customer.name} (${email}) was invited${docs.length ? ` to upload ${plural(docs.length, "document")}` : ""}.`,
              metadata: { customerId: customer.id },
            },
            ...(docs.length ? [requestAnnounced(broker, customer.id, docs.map((d) => d.name))] : []),
          ],
        },
      });
      // The invitation's checklist is a request too: a CRM hears document.requested for each (webhooks).
      if (requested.length) unit.publish({ type: "documents_requested", ...aboutCustomer(customer), documentIds: requested.map((d) => d.id) });
      return customer.id;
    });
  return customerDetail(ctx, { member, customerId });
}

export async function requestDocuments(ctx: AppContext, input: RequestDocumentsInput & { broker: PublicUser; member: Scope; customerId: string; actor?: AuditActor }): Promise<DocumentRow[]> {
  const { broker, member, customerId } = input;
  const customer = await findOwnedCustomer(ctx, member, customerId);
  if (input.documentTypes.length === 0) throw badRequest("Please select at least one document to request.");
  // Given, the list has exactly one entry (rules or null) per document, in documentTypes' order.
  if (input.acceptanceRules && input.acceptanceRules.length !== input.documentTypes.length) {
    throw badRequest("acceptanceRules must have one entry (rules or null) per document in documentTypes.");
  }
  const docs = withRules(parseDocumentEntries(input.documentTypes), input.acceptanceRules ?? []);
  const now = ctx.clock.now();
  const { dueDate, reminderAt } = scheduledDueDates(input, now);

  const existing = await requestedNames(ctx, member.workspaceId, customerId);
  const repeated = docs.find((d) => existing.has(d.name.toLowerCase()));
  if (repeated) throw new AppError("conflict", `${repeated.name} has already been requested from this customer.`);
  await checkDocumentLimits(ctx, member.workspaceId, existing.size, docs.length);

  return inTransaction(ctx, async (unit) => {
    const { tx } = unit;
    const rows = await insertRequestedDocuments(tx, { brokerId: member.workspaceId, customerId, documents: docs, dueDate, reminderAt });
    const sender = await emailSender(ctx, customer, tx); // the customer's assignee, whoever asks
    const content = documentsRequestedEmail({
      language: await customerLanguage(tx, customer),
      customerName: customer.name,
      brokerName: sender?.name ?? displayName(broker),
      sender,
      uploadUrl: uploadUrl(ctx, customer.uploadLink),
      documents: docs.map((d) => ({ name: d.name, dueDate })),
    });
    await queueEmail(ctx, tx, { kind: "documents_requested", to: customer.email, dedupeKey: `requested:${rows[0]!.id}`, ...content });
    unit.publish({
      type: "documents_requested",
      ...aboutCustomer(customer),
      documentIds: rows.map((r) => r.id),
      facts: {
        audit: [{ brokerId: member.workspaceId, customerId, action: "documents_requested", actor: input.actor ?? brokerActor(ctx, { broker }), detail: docs.map((d) => d.name).join(", ") }],
        notify: [requestAnnounced(broker, customerId, docs.map((d) => d.name))],
      },
    });
    return rows;
  });
}

/** Each document with its rules from the request (a template's), checked for sense. */
function withRules<D extends object>(docs: D[], rules: (AcceptanceRules | null)[]): (D & { acceptanceRules: AcceptanceRules | null })[] {
  return docs.map((d, i) => {
    const own = rules[i] ?? null;
    const problem = own && rulesProblem(own);
    if (problem) throw badRequest(problem);
    return { ...d, acceptanceRules: own };
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Tells the customer (bell and portal) that a broker asked for documents. */
const requestAnnounced = (broker: PublicUser, customerId: string, names: string[]): NotificationFact => ({
  to: "customer",
  customerId,
  brokerId: broker.id,
  ...customerNotice("documentsRequested", { brokerName: displayName(broker), documentNames: names }, { brokerId: broker.id }),
});
