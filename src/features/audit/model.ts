import { t } from "elysia";
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, MAX_AUDIT_PAGE_SIZE } from "../../shared/audit.ts";

/** ?before=<sequence>&limit=<n>: the page of entries older than `before` (newest first without it). */
export const AuditPageQuery = t.Object({
  before: t.Optional(t.Numeric({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1, error: "before must be a positive whole number." })),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: MAX_AUDIT_PAGE_SIZE, multipleOf: 1, error: `limit must be between 1 and ${MAX_AUDIT_PAGE_SIZE}.` })),
});
export type AuditPageQuery = typeof AuditPageQuery.static;

export const AuditEntryDto = t.Object({
  id: t.String(),
  /** The entry's place in its broker's chain. */
  sequence: t.Number(),
  at: t.String(),
  action: t.UnionEnum([...AUDIT_ACTIONS]),
  actor: t.Object({ kind: t.UnionEnum([...AUDIT_ACTOR_KINDS]), id: t.Nullable(t.String()), label: t.String() }),
  address: t.Nullable(t.String()),
  documentId: t.Nullable(t.String()),
  documentName: t.Nullable(t.String()),
  detail: t.Nullable(t.String()),
  hash: t.String(),
});
export type AuditEntryDto = typeof AuditEntryDto.static;

export const AuditPage = t.Object({
  entries: t.Array(AuditEntryDto),
  /** Pass as ?before= for the next (older) page; null on the last page. */
  nextBefore: t.Nullable(t.Number()),
});
export type AuditPage = typeof AuditPage.static;
