// The audit trail read: a customer's page, the whole trail for the exports, a chain's check. This
// feature owns audit_events and audit_chain_heads; entries are written by the audit subscriber
// (subscriber.ts, append.ts) from the facts of the events a change publishes, in its transaction.
import { and, desc, eq, gt, lt, asc } from "drizzle-orm";
import { auditChainHeads, auditEvents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { AUDIT_PAGE_SIZE } from "../../shared/audit.ts";
import { customerContact, customersVisibleTo } from "../customers/lookups.ts";
import { seesEveryCustomer, type Scope } from "../../shared/workspaces.ts";
import { ChainChecker, type AuditRow, type ChainCheck } from "./chain.ts";
import type { AuditEntryDto, AuditPage, AuditPageQuery } from "./model.ts";

export function toAuditEntryDto(row: AuditRow): AuditEntryDto {
  return {
    id: row.id,
    sequence: row.sequence,
    at: row.at.toISOString(),
    action: row.action as AuditEntryDto["action"],
    actor: { kind: row.actorKind as AuditEntryDto["actor"]["kind"], id: row.actorId, label: row.actorLabel },
    address: row.address,
    documentId: row.documentId,
    documentName: row.documentName,
    detail: row.detail,
    hash: row.hash,
  };
}

interface CustomerTrail {
  member: Scope;
  customerId: string;
}

/**
 * 404 unless this member sees the customer, or the customer was the workspace's and is gone (a
 * deleted customer's entries stay in the workspace's chain: those who see every customer read
 * them). Another workspace's customer, or a colleague's in "assigned" mode, looks missing.
 */
async function assertTrailVisible(ctx: AppContext, { member, customerId }: CustomerTrail): Promise<void> {
  if ((await customersVisibleTo(ctx, member, [customerId])).has(customerId)) return;
  if (!seesEveryCustomer(member) || (await customerContact(ctx, customerId))) throw notFound("Customer not found");
  const [any] = await ctx.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, member.workspaceId), eq(auditEvents.customerId, customerId)))
    .limit(1);
  if (!any) throw notFound("Customer not found");
}

/** One page of a customer's trail, newest first; `before` is the sequence the previous page ended at. */
export async function customerAuditPage(ctx: AppContext, input: CustomerTrail & AuditPageQuery): Promise<AuditPage> {
  await assertTrailVisible(ctx, input);
  const limit = input.limit ?? AUDIT_PAGE_SIZE;
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.workspaceId, input.member.workspaceId),
        eq(auditEvents.customerId, input.customerId),
        input.before !== undefined ? lt(auditEvents.sequence, input.before) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.sequence))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { entries: page.map(toAuditEntryDto), nextBefore: rows.length > limit ? page.at(-1)!.sequence : null };
}

/** A customer's whole trail, oldest first (the CSV and PDF), read in batches. */
export async function* customerTrail(ctx: AppContext, input: CustomerTrail): AsyncGenerator<AuditRow> {
  await assertTrailVisible(ctx, input);
  let after = 0;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, input.member.workspaceId), eq(auditEvents.customerId, input.customerId), gt(auditEvents.sequence, after)))
      .orderBy(asc(auditEvents.sequence))
      .limit(VERIFY_BATCH);
    yield* rows;
    if (rows.length < VERIFY_BATCH) return;
    after = rows.at(-1)!.sequence;
  }
}

const VERIFY_BATCH = 1000;

/** One broker's chain, checked from the first entry to the head, a batch at a time. */
export async function verifyBrokerChain(ctx: AppContext, brokerId: string): Promise<ChainCheck> {
  const checker = new ChainChecker();
  let after = 0;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, brokerId), gt(auditEvents.sequence, after)))
      .orderBy(asc(auditEvents.sequence))
      .limit(VERIFY_BATCH);
    for (const row of rows) checker.add(row);
    if (rows.length < VERIFY_BATCH) break;
    after = rows.at(-1)!.sequence;
  }
  const [head] = await ctx.db.select().from(auditChainHeads).where(eq(auditChainHeads.workspaceId, brokerId));
  return checker.finish(head ? { sequence: head.sequence, hash: head.hash } : null);
}

/** Every broker with a trail (an entry or a chain head), or just the one asked for. */
export async function auditedBrokers(ctx: AppContext, only?: string): Promise<string[]> {
  if (only) return [only];
  const fromEntries = await ctx.db.selectDistinct({ brokerId: auditEvents.workspaceId }).from(auditEvents);
  const fromHeads = await ctx.db.select({ brokerId: auditChainHeads.workspaceId }).from(auditChainHeads);
  return [...new Set([...fromEntries, ...fromHeads].map((r) => r.brokerId))].sort();
}

/** The ids of a document's audit entries, oldest first: the entries a sealed PDF's certificate page names. */
export async function auditEntryIdsOfDocument(ctx: AppContext, input: { brokerId: string; customerId: string; documentId: string }): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    // The customer's entries (audit_events_customer_idx), then the document's among them.
    .where(and(eq(auditEvents.workspaceId, input.brokerId), eq(auditEvents.customerId, input.customerId), eq(auditEvents.documentId, input.documentId)))
    .orderBy(asc(auditEvents.sequence));
  return rows.map((r) => r.id);
}
