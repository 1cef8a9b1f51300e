// The audit trail: every event on a customer, appended to its broker's hash chain in the same
// transaction as the change it records (so the change and its entry commit, or roll back,
// together); reads (link opened, file downloaded or viewed, export) record in a small
// transaction of their own. This feature owns audit_events and audit_chain_heads.
//
// Ordering: each broker's chain has one head row (last sequence and hash). An append reads the
// head, writes the entry with sequence + 1 and prevHash = head hash, and moves the head with
// `UPDATE … WHERE broker_id = ? AND sequence = <read>`, all in the writer's transaction. Writers
// take turns on both databases (db/transaction.ts): on SQLite the transaction is IMMEDIATE (one
// writer at a time); on PostgreSQL every write transaction first takes the same advisory lock. So
// two appends never read the same head, and no row lock (FOR UPDATE) is needed. The guarded
// UPDATE still refuses a stale head, and the unique (broker_id, sequence) index backs both.
import { and, desc, eq, gt, lt, asc, sql } from "drizzle-orm";
import { auditChainHeads, auditEvents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import type { Writer } from "../../lib/jobs.ts";
import { given, placeholders, prepared, preparedWrite } from "../../lib/prepared.ts";
import { newId } from "../../lib/tokens.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { AUDIT_PAGE_SIZE, type AuditAction } from "../../shared/audit.ts";
import { customerContact, customersVisibleTo } from "../customers/lookups.ts";
import { seesEveryCustomer, type Scope } from "../../shared/workspaces.ts";
import type { AuditActor } from "./actor.ts";
import { ChainChecker, entryHash, GENESIS_HASH, type AuditRow, type ChainCheck, type ChainHead } from "./chain.ts";
import type { AuditEntryDto, AuditPage, AuditPageQuery } from "./model.ts";
import { perContext } from "../../lib/instance-state.ts";

export interface AuditEntryInput {
  brokerId: string;
  customerId: string;
  action: AuditAction;
  actor: AuditActor;
  document?: { id: string; name: string } | null;
  /** A reason, a scope, a file name: what the action needs said. */
  detail?: string | null;
  /** The customer's name, when the row may already be gone (deletion); else looked up. */
  customerLabel?: string;
}

/** A transaction and its time: inTransaction's unit, or any writer with a clock reading. */
export interface AuditWriter {
  tx: Writer;
  now: Date;
}

async function customerLabelOf(ctx: AppContext, tx: Writer, entry: AuditEntryInput): Promise<string> {
  if (entry.customerLabel !== undefined) return entry.customerLabel;
  const customer = await customerContact(ctx, entry.customerId, tx);
  if (customer && customer.workspaceId !== entry.brokerId) throw new Error("audit: the customer belongs to another broker");
  return customer?.name ?? "Deleted customer";
}

/** The next row of a chain whose head is `head`. */
function nextRow(head: ChainHead, entry: AuditEntryInput, customerLabel: string, at: Date): AuditRow {
  const fields = {
    workspaceId: entry.brokerId,
    sequence: head.sequence + 1,
    customerId: entry.customerId,
    customerLabel,
    at,
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    address: entry.actor.address,
    action: entry.action,
    documentId: entry.document?.id ?? null,
    documentName: entry.document?.name ?? null,
    detail: entry.detail ?? null,
    prevHash: head.hash,
  };
  return { id: newId(), ...fields, hash: entryHash(fields) };
}

const EMPTY_HEAD: ChainHead = { sequence: 0, hash: GENESIS_HASH };

// The four statements of an append, prepared once (an append is part of nearly every write).
const headCreate = preparedWrite((tx) => tx.insert(auditChainHeads).values({ workspaceId: sql.placeholder("brokerId"), ...EMPTY_HEAD }).onConflictDoNothing().prepare());
const headRead = preparedWrite((tx) => tx.select().from(auditChainHeads).where(eq(auditChainHeads.workspaceId, sql.placeholder("brokerId"))).prepare());
const ROW_FIELDS = ["id", "workspaceId", "sequence", "customerId", "customerLabel", "at", "actorKind", "actorId", "actorLabel", "address", "action", "documentId", "documentName", "detail", "prevHash", "hash"] as const satisfies readonly (keyof AuditRow)[];
const rowInsert = preparedWrite((tx) => tx.insert(auditEvents).values(placeholders(...ROW_FIELDS)).prepare());
const headMove = preparedWrite((tx) =>
  tx
    .update(auditChainHeads)
    .set({ sequence: given("sequence"), hash: given("hash") })
    .where(and(eq(auditChainHeads.workspaceId, sql.placeholder("brokerId")), eq(auditChainHeads.sequence, sql.placeholder("previous"))))
    .returning({ sequence: auditChainHeads.sequence })
    .prepare(),
);

/**
 * Appends an entry inside the caller's transaction (inTransaction's unit, or any writer with a
 * clock reading): the entry commits or rolls back with the change it records.
 */
export async function recordAudit(ctx: AppContext, unit: AuditWriter, entry: AuditEntryInput): Promise<void> {
  const { tx } = unit;
  const customerLabel = await customerLabelOf(ctx, tx, entry);
  const brokerId = entry.brokerId;
  await headCreate(tx).execute({ brokerId });
  const [head] = await headRead(tx).execute({ brokerId });
  const row = nextRow(head!, entry, customerLabel, unit.now);
  await rowInsert(tx).execute(row);
  const moved = await headMove(tx).execute({ sequence: row.sequence, hash: row.hash, brokerId, previous: head!.sequence });
  if (moved.length !== 1) throw new Error("audit: the chain head moved during an append");
}

/** A read (file downloaded or viewed, export): recorded in its own small transaction. */
export async function recordRead(ctx: AppContext, entries: AuditEntryInput | AuditEntryInput[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await inTransaction(ctx, async (unit) => {
    for (const entry of list) await recordAudit(ctx, unit, entry);
  });
}

/**
 * Opening the upload link counts once per visitor and half hour: the portal refetches its view
 * on every live update and window focus, and the trail should say who came, not how often the
 * page redrew. Another address, or the customer signing in, is a new entry.
 */
export const LINK_OPEN_WINDOW_MS = 30 * 60 * 1000;

const lastLinkOpen = prepared((db) =>
  db
    .select({ at: auditEvents.at })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.workspaceId, sql.placeholder("brokerId")),
        eq(auditEvents.customerId, sql.placeholder("customerId")),
        eq(auditEvents.action, "link_opened"),
        eq(auditEvents.actorKind, sql.placeholder("kind")),
        // "" stands for no address: `=` never matches null.
        sql`coalesce(${auditEvents.address}, '') = ${sql.placeholder("address")}`,
      ),
    )
    // The newest first, walking the customer index backwards (the trail is appended in time order).
    .orderBy(desc(auditEvents.sequence))
    .limit(1)
    .prepare(),
);

// When each visitor's link_opened entry was last written or found, per running portal: a view
// within the window then asks the database nothing (the view is polled and refetched on every
// live update). Only entries the database holds are remembered, so another instance's entry is
// still found by the query; the trail is append-only, so a remembered entry stays true.
const seenFor = perContext(
  "link-opened entries seen",
  "per process",
  "only saves a query: an instance that has not seen an entry asks the database, which has every instance's",
  (_ctx: AppContext) => new Map<string, number>(),
);
const MAX_REMEMBERED_VISITORS = 10_000;

export async function recordLinkOpened(ctx: AppContext, entry: Omit<AuditEntryInput, "action">): Promise<void> {
  const now = ctx.clock.now().getTime();
  const { address, kind } = entry.actor;
  const seen = seenFor(ctx);
  const visitor = `${entry.brokerId} ${entry.customerId} ${kind} ${address ?? ""}`;
  const remembered = seen.get(visitor);
  if (remembered !== undefined && remembered > now - LINK_OPEN_WINDOW_MS) return;
  const [last] = await lastLinkOpen(ctx.db).execute({ brokerId: entry.brokerId, customerId: entry.customerId, kind, address: address ?? "" });
  let at = last?.at.getTime();
  if (at === undefined || at <= now - LINK_OPEN_WINDOW_MS) {
    await recordRead(ctx, { ...entry, action: "link_opened" });
    at = now;
  }
  if (seen.size >= MAX_REMEMBERED_VISITORS) seen.clear();
  seen.set(visitor, at);
}

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
