import { t } from "elysia";

/** "YYYY-MM-DD", or null to clear the expiry date. */
export const ExpiryBody = t.Object({ expiresOn: t.Nullable(t.String({ maxLength: 10, error: "Expiry date must be a date like 2027-05-31" })) });

export const ExpiryResponse = t.Object({ documentId: t.String(), expiresOn: t.Nullable(t.String()) });

export const ExpiringDocument = t.Object({
  documentId: t.String(),
  customerId: t.String(),
  customerName: t.String(),
  documentName: t.String(),
  expiresOn: t.String(),
  /** The customer was already asked for a current one. */
  renewalRequested: t.Boolean(),
});
export type ExpiringDocument = typeof ExpiringDocument.static;

export const ExpiringDocumentsResponse = t.Object({ documents: t.Array(ExpiringDocument), withinDays: t.Number() });

/** One document's expiry date, as the customer page shows it beside the approved document. */
export const DocumentExpiry = t.Object({
  documentId: t.String(),
  expiresOn: t.String(),
  /** The customer was already asked for a current one. */
  renewalRequested: t.Boolean(),
});
export type DocumentExpiry = typeof DocumentExpiry.static;

export const CustomerExpiriesResponse = t.Object({ documents: t.Array(DocumentExpiry) });
