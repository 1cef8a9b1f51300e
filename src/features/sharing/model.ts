import { t } from "elysia";
import { DocumentDto } from "../documents/model.ts";

/** What POST /api/documents/share answers: every new shared-document row, one per customer and file. */
export const ShareResponse = t.Object({
  documents: t.Array(DocumentDto),
  /** How many files were shared (each stored once). */
  sharedFiles: t.Number(),
  /** How many customers received them (one email each). */
  customers: t.Number(),
  message: t.String(),
});
export type ShareResponse = typeof ShareResponse.static;

/** What the Send Documents dialog checks before sending: the server's own limits (SHARE_MAX_MB). */
export const ShareSettings = t.Object({
  /** Largest file, in bytes (inclusive). */
  maxFileBytes: t.Number(),
  /** Most files in one share. */
  maxFiles: t.Number(),
  /** Most customers in one share. */
  maxRecipients: t.Number(),
});
export type ShareSettings = typeof ShareSettings.static;
