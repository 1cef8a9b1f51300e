import { t } from "elysia";
import { MaybeDate } from "../../lib/model.ts";
import { BrokerContactDto } from "../broker-profile/model.ts";
import { DocumentKind, DocumentStatus } from "../documents/model.ts";
import { AcceptanceRulesDto, RecognitionDto } from "../document-checks/model.ts";
import { CustomerProfileDto } from "../customer-auth/model.ts";
import { CHOSEN_LANGUAGE_ERROR } from "../../shared/i18n/which-language.ts";
import { WITHDRAWN_SIGNATURE_STATUSES } from "../../shared/signatures.ts";
import { STANDARD_KEYS } from "../../shared/i18n/standard-documents.ts";

export const DocumentParams = t.Object({ uploadLink: t.String({ maxLength: 128 }), documentId: t.String({ maxLength: 64 }) });

/**
 * A document as the customer portal shows it. Guests (not signed in) get only what they need to
 * upload: the fields up to `canUpload`. Signed-in customers also get status, file and review fields.
 */
export const PortalDocumentDto = t.Object({
  id: t.String(),
  brokerId: t.String(),
  name: t.String(),
  description: t.Nullable(t.String()),
  /**
   * Which of `name` and `description` are SPEC's standard words (their keys in the catalogs'
   * standardDocuments section), so the portal says them in its language; absent when neither is.
   */
  standardWords: t.Optional(
    t.Object({
      name: t.Optional(t.String({ examples: STANDARD_KEYS.slice(0, 1) })),
      description: t.Optional(t.String({ examples: ["customDescription"] })),
    }),
  ),
  dueDate: MaybeDate,
  /** upload, or signature: signed through /api/upload/{link}/signature-requests, never uploaded. */
  kind: DocumentKind,
  /** Whether an upload is accepted now (requested, incomplete, re-submit or overdue; never a signature document). */
  canUpload: t.Boolean(),
  /**
   * Present (true) when the broker asked for this document again after a file was sent: a guest
   * is told that much, never the status or the reason (those stay for signed-in customers).
   */
  askedAgain: t.Optional(t.Literal(true)),
  /** The rules an upload is held to, and the same as lines to show before upload. */
  acceptanceRules: t.Optional(AcceptanceRulesDto),
  rules: t.Optional(t.Array(t.String())),
  /**
   * Present (true) when the broker, told "I don't have this", kept the request open: until the
   * next file or answer. Guests are told too; it says no more than the request itself.
   */
  stillNeeded: t.Optional(t.Literal(true)),
  /** The customer's "I don't have this" answer, while the broker has not decided on it. */
  unavailableReason: t.Optional(t.Nullable(t.String())),
  status: t.Optional(DocumentStatus),
  fileName: t.Optional(t.Nullable(t.String())),
  fileSize: t.Optional(t.Nullable(t.Number())),
  mimeType: t.Optional(t.Nullable(t.String())),
  uploadedAt: t.Optional(MaybeDate),
  verifiedAt: t.Optional(MaybeDate),
  rejectionReason: t.Optional(t.Nullable(t.String())),
  /** The expiry day `rejectionReason` names when it is the portal's own renewal reason, for the portal to say in its language. */
  renewalOf: t.Optional(t.String()),
  adminComments: t.Optional(t.Nullable(t.String())),
  viewUrl: t.Optional(t.Nullable(t.String())),
  downloadUrl: t.Optional(t.Nullable(t.String())),
  /** What the file was read as (DESIGN 3b), for a signed-in customer once it has been read. */
  recognition: t.Optional(t.Nullable(RecognitionDto)),
});
export type PortalDocumentDto = typeof PortalDocumentDto.static;

/**
 * A signature request the customer was asked to sign that ended without a signed PDF: voided by
 * the broker or declined by a signer. Its document is withdrawn (no longer asked, not counted), so
 * the portal lists it apart, with what became of it, instead of the row vanishing without a trace.
 */
export const WithdrawnSignatureDto = t.Object({
  id: t.String(),
  brokerId: t.String(),
  name: t.String(),
  status: t.UnionEnum([...WITHDRAWN_SIGNATURE_STATUSES]),
  /** Who declined (a signer's name as the broker gave it); null when voided. */
  declinedBy: t.Nullable(t.String()),
  at: MaybeDate,
});

export const PortalDto = t.Object({
  /** Guests see only the customer's display name and id. */
  customer: t.Union([CustomerProfileDto, t.Object({ id: t.String(), name: t.String() })]),
  authenticated: t.Boolean(),
  documents: t.Array(PortalDocumentDto),
  /** Each broker with their contact (phone, email) and branding, for the help block and header. */
  brokers: t.Array(BrokerContactDto),
  /** The server's MAX_UPLOAD_MB in bytes, so the portal refuses a too-large file before sending it. */
  maxUploadBytes: t.Number(),
  /** Present when there are some: requests to sign that were voided or declined (WithdrawnSignatureDto). */
  withdrawnSignatures: t.Optional(t.Array(WithdrawnSignatureDto)),
  /** The language the portal speaks to this customer (their choice, the broker's, the workspace's, else the browser's): "en", "es". */
  language: t.String(),
});
export type PortalDto = typeof PortalDto.static;

/** The answer before an upload is final: what the file looks like, nothing stored. */
export const RecognitionPreview = t.Object({ recognition: RecognitionDto });

export const UploadResponse = t.Object({ message: t.String(), document: PortalDocumentDto });

/** PUT /api/upload/{link}/language: the customer's own choice. */
export const LanguageBody = t.Object({ language: t.String({ maxLength: 16, error: CHOSEN_LANGUAGE_ERROR }) });
export const LanguageChosen = t.Object({ language: t.String() });

/** The answer's reason; its rules (required, at most MAX_UNAVAILABLE_REASON) are documents/answers.ts's, said in the portal's language. */
export const UnavailableBody = t.Object({ reason: t.String({ error: "reason must be text" }) });
