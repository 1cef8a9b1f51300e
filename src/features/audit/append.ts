// The audit trail's writer: one entry appended to its workspace's hash chain, in the transaction
// of the change it records. Called by the audit subscriber only (subscriber.ts, registered by
// src/side-effects.ts); .dependency-cruiser.cjs keeps every other feature off it.
//
// Ordering: each broker's chain has one head row (last sequence and hash). An append reads the
// head, writes the entry with sequence + 1 and prevHash = head hash, and moves the head with
// `UPDATE … WHERE broker_id = ? AND sequence = <read>`, all in the writer's transaction. Writers
// take turns on both databases (db/transaction.ts): on SQLite the transaction is IMMEDIATE (one
// writer at a time); on PostgreSQL every write transaction first takes the same advisory lock. So
// two appends never read the same head, and no row lock (FOR UPDATE) is needed. The guarded
// UPDATE still refuses a stale head, and the unique (broker_id, sequence) index backs both.
import { and, eq, sql } from "drizzle-orm";
import { auditChainHeads, auditEvents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { given, placeholders, preparedWrite } from "../../lib/prepared.ts";
import { newId } from "../../lib/tokens.ts";
import type { AuditFact, Unit } from "../../lib/unit.ts";
import { customerContact } from "../customers/lookups.ts";
import { entryHash, GENESIS_HASH, type AuditRow, type ChainHead } from "./chain.ts";

async function customerLabelOf(ctx: AppContext, tx: Writer, entry: AuditFact): Promise<string> {
  if (entry.customerLabel !== undefined) return entry.customerLabel;
  const customer = await customerContact(ctx, entry.customerId, tx);
  if (customer && customer.workspaceId !== entry.brokerId) throw new Error("audit: the customer belongs to another broker");
  return customer?.name ?? "Deleted customer";
}

/** The next row of a chain whose head is `head`. */
function nextRow(head: ChainHead, entry: AuditFact, customerLabel: string, at: Date): AuditRow {
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
 * Appends an entry inside the unit's transaction: the entry commits or rolls back with the change
 * it records. Only the audit subscriber (subscriber.ts) calls it: a feature publishes the fact.
 */
export async function recordAudit(ctx: AppContext, unit: Unit, entry: AuditFact): Promise<void> {
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
