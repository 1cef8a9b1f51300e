// The customer portal behind an upload link: what the customer sees, and their uploads.
// Guests (the link alone) may upload but see no statuses and read no files; a customer signed in
// on their own link sees everything that is theirs.
import { rmSync } from "node:fs";
import type { AppContext } from "../../context.ts";
import { receiveFile } from "../../lib/upload.ts";
import type { CustomerProfileDto, PortalDocumentDto, PortalDto } from "../../shared/api-types.ts";
import { canCustomerUpload } from "../../shared/documents.ts";
import { uploadMessages } from "../../shared/validation.ts";
import type { PortalAccess } from "../customer-auth/plugin.ts";
import type { CustomerRow } from "../customer-auth/service.ts";
import { customerBrokers } from "../customers/contact.ts";
import { listDocumentsOfCustomer, type DocumentRow } from "../documents/service.ts";
import { attachUploadedFile, uploadableDocument } from "../documents/uploads.ts";

export const UPLOAD_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function customerProfile(ctx: AppContext, customer: CustomerRow): CustomerProfileDto {
  const brokers = customerBrokers(ctx, customer.id);
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    loanType: brokers.find((b) => b.loanType)?.loanType ?? null,
    invitedBy: brokers.map((b) => b.name),
  };
}

export function toPortalDocument(doc: DocumentRow, signedIn: boolean): PortalDocumentDto {
  const guestView: PortalDocumentDto = {
    id: doc.id,
    brokerId: doc.brokerId,
    name: doc.name,
    description: doc.description,
    dueDate: iso(doc.dueDate),
    canUpload: canCustomerUpload(doc.status),
  };
  if (!signedIn) return guestView;
  const file = doc.storageKey ? `/api/documents/${doc.id}` : null;
  return {
    ...guestView,
    status: doc.status,
    fileName: doc.originalName,
    fileSize: doc.fileSize,
    mimeType: doc.mimeType,
    uploadedAt: iso(doc.uploadedAt),
    verifiedAt: iso(doc.verifiedAt),
    rejectionReason: doc.rejectionReason,
    adminComments: doc.adminComments,
    viewUrl: file && `${file}/view`,
    downloadUrl: file && `${file}/download`,
  };
}

export function portalView(ctx: AppContext, access: PortalAccess): PortalDto {
  const { customer, signedIn } = access;
  const docs = listDocumentsOfCustomer(ctx, customer.id).filter((d) => signedIn || d.status !== "shared");
  return {
    customer: signedIn ? customerProfile(ctx, customer) : { id: customer.id, name: customer.name },
    authenticated: signedIn,
    documents: docs.map((d) => toPortalDocument(d, signedIn)),
    brokers: customerBrokers(ctx, customer.id).map(({ id, name }) => ({ id, name })),
    maxUploadBytes: ctx.config.maxUploadBytes,
  };
}

/** Streams the request's file to disk, checks it, and attaches it to the document. */
export async function uploadToPortal(ctx: AppContext, access: PortalAccess, documentId: string, request: Request): Promise<PortalDocumentDto> {
  // Refused before a byte of the body is read when the document cannot take a file.
  uploadableDocument(ctx, access.customer.id, documentId);
  const file = await receiveFile(request, {
    tempDir: ctx.files.tempDir,
    maxBytes: ctx.config.maxUploadBytes,
    accept: UPLOAD_TYPES,
    acceptMessage: uploadMessages.wrongType,
  });
  try {
    const doc = attachUploadedFile(ctx, { customerId: access.customer.id, documentId, file });
    return toPortalDocument(doc, access.signedIn);
  } finally {
    rmSync(file.tempPath, { force: true }); // moved into the store on success; dropped otherwise
  }
}
