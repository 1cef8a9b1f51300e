// The signature routes' bodies and answers (DESIGN.md 3b "Signatures").
import { t } from "elysia";
import { IsoDate, MaybeDate } from "../../lib/model.ts";
import { FIELD_TYPES, MAX_DECLINE_REASON_LENGTH, MAX_DRAWN_SIGNATURE_BYTES, MAX_FIELDS, MAX_TYPED_SIGNATURE_LENGTH, SIGNATURE_STATUSES, SIGNER_STATUSES, signatureMessages } from "../../shared/signatures.ts";

export const SignatureStatus = t.UnionEnum(SIGNATURE_STATUSES);
export const SignerStatus = t.UnionEnum(SIGNER_STATUSES);

export const SignatureFieldDto = t.Object({
  type: t.UnionEnum(FIELD_TYPES),
  page: t.Number(),
  x: t.Number(),
  y: t.Number(),
  width: t.Number(),
  height: t.Number(),
  signer: t.Number(),
  required: t.Boolean(),
});

/** One signer as the broker sees them. */
export const SignerDto = t.Object({
  id: t.String(),
  position: t.Number(),
  name: t.String(),
  email: t.String(),
  status: SignerStatus,
  viewedAt: MaybeDate,
  signedAt: MaybeDate,
  declinedAt: MaybeDate,
  declineReason: t.Nullable(t.String()),
});

/** What the broker and every signer alike are shown of a request (lookups.ts `requestShown`). */
const RequestShown = {
  /** The customer's document of kind "signature" (the portal's row for it); null once voided or declined (it is withdrawn). */
  documentId: t.Nullable(t.String()),
  name: t.String(),
  message: t.Nullable(t.String()),
  status: SignatureStatus,
  ordered: t.Boolean(),
  dueDate: MaybeDate,
  pageCount: t.Number(),
  fields: t.Array(SignatureFieldDto),
};

export const SignatureRequestDto = t.Object({
  id: t.String(),
  customerId: t.String(),
  ...RequestShown,
  signers: t.Array(SignerDto),
  originalSha256: t.String(),
  sealedSha256: t.Nullable(t.String()),
  createdAt: IsoDate,
  completedAt: MaybeDate,
  voidedAt: MaybeDate,
  /** The sealed PDF, once completed. */
  downloadUrl: t.Nullable(t.String()),
});
export type SignatureRequestDto = typeof SignatureRequestDto.static;

/** What a signer is shown: the request, every field (to draw the others' places), and their own part. */
export const SignerViewDto = t.Object({
  id: t.String(),
  ...RequestShown,
  /** This signer: their index into the fields' `signer`, their state, and whether they may sign now. */
  you: t.Object({ index: t.Number(), name: t.String(), email: t.String(), status: SignerStatus, canSign: t.Boolean(), signedAt: MaybeDate }),
  signers: t.Array(t.Object({ name: t.String(), status: SignerStatus })),
  consentText: t.String(),
  /** The PDF to read: the original until sealed, then the signed one. */
  documentUrl: t.String(),
});
export type SignerViewDto = typeof SignerViewDto.static;

export const SignatureRequestList = t.Array(SignatureRequestDto);
export const SignerViewList = t.Array(SignerViewDto);

export const SignBody = t.Object({
  consent: t.Boolean({ error: signatureMessages.consentRequired }),
  signature: t.Union(
    [
      t.Object({ type: t.Literal("typed"), text: t.String({ maxLength: MAX_TYPED_SIGNATURE_LENGTH * 4 }) }),
      // base64 of at most MAX_DRAWN_SIGNATURE_BYTES, with room for a data: prefix.
      t.Object({ type: t.Literal("drawn"), png: t.String({ maxLength: Math.ceil(MAX_DRAWN_SIGNATURE_BYTES / 3) * 4 + 64 }) }),
    ],
    { error: `signature must be {type: "typed", text} or {type: "drawn", png (base64, at most ${MAX_DRAWN_SIGNATURE_BYTES / 1024} KB)}` },
  ),
  values: t.Optional(t.Record(t.String({ maxLength: 8 }), t.Union([t.String({ maxLength: 1000 }), t.Boolean()]), { maxProperties: MAX_FIELDS, error: "values must map field numbers to text or true/false" })),
  /** The signer's own time zone (their browser's, e.g. "America/Chicago"): the day a date field shows. Unknown or absent: UTC. */
  timeZone: t.Optional(t.String({ maxLength: 64, error: "timeZone must be a time zone name such as America/Chicago" })),
});
export type SignInput = typeof SignBody.static;

export const DeclineBody = t.Object({
  reason: t.String({ maxLength: MAX_DECLINE_REASON_LENGTH, error: `reason is required: at most ${MAX_DECLINE_REASON_LENGTH} characters` }),
});

export const LinkRequestParams = t.Object({ uploadLink: t.String({ maxLength: 128 }), id: t.String({ maxLength: 64 }) });
export const SignerTokenParams = t.Object({ token: t.String({ maxLength: 128 }) });

/** A workspace's signature template (templates.ts): its PDF is read at `pdfUrl` for the viewer. */
export const SignatureTemplateDto = t.Object({
  id: t.String(),
  name: t.String(),
  fields: t.Array(SignatureFieldDto),
  /** Signer positions its fields name (1..n): a request from it needs at least as many signers. */
  signerCount: t.Number(),
  pageCount: t.Number(),
  fileName: t.String(),
  fileSize: t.Number(),
  createdBy: t.Nullable(t.String()),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  pdfUrl: t.String(),
});
export type SignatureTemplateDto = typeof SignatureTemplateDto.static;
export const SignatureTemplateList = t.Array(SignatureTemplateDto);

/**
 * Its name (the one now, or a new one), and optionally its fields placed anew, checked by
 * templateFieldsProblem against the PDF's pages. The name is required so a body is never empty.
 */
export const SignatureTemplatePatch = t.Object({
  name: t.String({ maxLength: 1000, error: "name is required: the template's name (send the one it has to keep it)" }),
  fields: t.Optional(t.Array(t.Unknown(), { maxItems: MAX_FIELDS + 1, error: `fields must be a list of at most ${MAX_FIELDS} fields` })),
});
