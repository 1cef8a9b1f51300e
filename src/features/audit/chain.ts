// The hash chain, as pure functions: an entry's canonical form and hash, and the check of a
// broker's whole chain. Each entry's hash covers every stored field and the previous entry's
// hash, so editing a field, deleting an entry or moving one breaks every hash from there on;
// the chain head (last sequence and hash) catches the newest entries being deleted.
import { createHash } from "node:crypto";
import type { auditEvents } from "../../../db/tables.ts";

export type AuditRow = typeof auditEvents.$inferSelect;

/** The previous hash of a chain's first entry. */
export const GENESIS_HASH = "0".repeat(64);

/** Every field the hash covers (all of a row but its id and its own hash). */
export type HashedFields = Omit<AuditRow, "id" | "hash">;

/**
 * The canonical serialisation: a JSON array in a fixed order, with the time as epoch
 * milliseconds and absent values as null. "v1" names this layout, should it ever change.
 */
export function canonicalForm(e: HashedFields): string {
  return JSON.stringify([
    "v1",
    e.workspaceId,
    e.sequence,
    e.at.getTime(),
    e.customerId,
    e.customerLabel,
    e.actorKind,
    e.actorId ?? null,
    e.actorLabel,
    e.address ?? null,
    e.action,
    e.documentId ?? null,
    e.documentName ?? null,
    e.detail ?? null,
    e.prevHash,
  ]);
}

export const entryHash = (e: HashedFields): string => createHash("sha256").update(canonicalForm(e)).digest("hex");

export interface ChainHead {
  sequence: number;
  hash: string;
}

export type ChainCheck =
  | { intact: true; entries: number; head: ChainHead | null }
  | { intact: false; entries: number; sequence: number; entryId: string | null; problem: string };

/**
 * Checks one broker's chain, fed its rows in sequence order (in batches, so memory stays flat),
 * then its stored head. Names the first entry that does not hold: a gap (deleted), a previous
 * hash that is not the entry before's (deleted or moved), a hash that is not the entry's own
 * (edited or moved), or a head ahead of the last entry (the newest deleted).
 */
export class ChainChecker {
  private entries = 0;
  private last: AuditRow | null = null;
  private broken: ChainCheck | null = null;

  add(row: AuditRow): void {
    if (this.broken) return;
    const expected = this.entries + 1;
    const fail = (problem: string) => {
      this.broken = { intact: false, entries: expected, sequence: row.sequence, entryId: row.id, problem };
    };
    if (row.sequence !== expected) fail(`entry #${expected} is missing (deleted or renumbered); the next is #${row.sequence}`);
    else if (row.prevHash !== (this.last?.hash ?? GENESIS_HASH)) fail(`entry #${row.sequence} does not follow entry #${expected - 1} (an entry was deleted or moved)`);
    else if (entryHash(row) !== row.hash) fail(`entry #${row.sequence} does not match its hash (edited or moved)`);
    this.entries = expected;
    this.last = row;
  }

  finish(head: ChainHead | null): ChainCheck {
    if (this.broken) return this.broken;
    const last = this.last;
    if (!head) {
      return last
        ? { intact: false, entries: this.entries, sequence: last.sequence, entryId: last.id, problem: "the chain head is missing" }
        : { intact: true, entries: 0, head: null };
    }
    if (!last || head.sequence !== last.sequence || head.hash !== last.hash) {
      const lastSequence = last?.sequence ?? 0;
      return {
        intact: false,
        entries: this.entries,
        sequence: lastSequence + 1,
        entryId: null,
        problem: `the chain ends at entry #${lastSequence} but its head is entry #${head.sequence} (the newest entries were deleted or edited)`,
      };
    }
    return { intact: true, entries: this.entries, head };
  }
}

