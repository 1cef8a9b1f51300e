// Sealing a signed document (issue 41, item 3): the original PDF's fields are flattened into its
// pages, a certificate page is appended, and the whole file is signed with the portal's
// certificate, so pdfsig or a PDF reader proves that nothing changed after sealing.
//
// The signature's SubFilter is adbe.pkcs7.detached: a detached CMS (SHA-256, RSA) over every byte
// but the signature itself. @signpdf/placeholder-pdf-lib could label it ETSI.CAdES.detached, but
// @signpdf/signer-p12 builds its CMS with node-forge, which cannot add the ESS
// signing-certificate-v2 attribute PAdES (ETSI EN 319 142-1, baseline B-B) requires, and adds the
// signing-time attribute PAdES forbids; labelling that CMS as CAdES would claim a conformance it
// lacks. Readers and pdfsig validate adbe.pkcs7.detached the same way.
import { createHash } from "node:crypto";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
// The class, not the package's default instance: a CommonJS default import is the instance under
// `bun run` but the whole exports object in the compiled executable, where `.sign` was undefined
// and every seal failed (tests/e2e/signature-request.test.ts).
import { SignPdf } from "@signpdf/signpdf";
import { P12Signer } from "@signpdf/signer-p12";
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from "@signpdf/utils";
import { PDFDocument, PDFName, PDFSignature, PDFString, type PDFDict, type PDFImage, type PDFPage } from "pdf-lib";
import type { SigningCertificate } from "../../config/signing.ts";
import { AppError } from "../../lib/errors.ts";
import { fieldsProblem, MAX_DRAWN_SIGNATURE_SIDE, signerNameProblem, type SignatureField } from "../../shared/signatures.ts";
import { typedSignatureProblem, valuesProblem } from "../../shared/signing-faults.ts";
import { appendCertificate, type CertificateSigner } from "./certificate-page.ts";
import { fillFields, type FieldSigner } from "./fill-fields.ts";
import { INFO_CONTENT_SHA256, INFO_ORIGINAL_SHA256, infoDict } from "./verify.ts";

export const SEAL_SUBFILTER = SUBFILTER_ADOBE_PKCS7_DETACHED;
const SEAL_FIELD_NAME = "Portal seal";

export type SealSigner = FieldSigner & CertificateSigner;

export interface SealInput {
  original: Uint8Array;
  documentName: string;
  fields: readonly SignatureField[];
  /** In the request's order: a field's `signer` is an index into this list. */
  signers: readonly SealSigner[];
  auditEntryIds: readonly string[];
  certificate: SigningCertificate;
  sealedAt: Date;
  /** The broker's zone for the certificate page's times (certificate-page.ts); none: UTC. */
  timeZone?: string | null;
}

export interface Sealed {
  pdf: Uint8Array;
  originalSha256: string;
  /** The original with every field filled in, before the certificate page: the hash on that page. */
  contentSha256: string;
  /** The sealed file itself, for the audit trail (it cannot be printed inside the file it hashes). */
  sealedSha256: string;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export const sealMessages = {
  encrypted: "This PDF is password-protected or encrypted, so it cannot be signed. Remove the protection (for example, print it to a new PDF) and upload it again.",
  damaged: "This PDF is damaged and cannot be opened for signing. Save or export it again from the program that made it and upload that copy.",
  notPng: "The drawn signature is not a PNG image. Draw it again.",
  alreadySigned: "This PDF already carries a digital signature, which sealing it again would break. Upload a copy without the signature.",
} as const;

export async function sealPdf(input: SealInput): Promise<Sealed> {
  const doc = await openOriginal(input.original);
  const problem =
    fieldsProblem(input.fields, { signerCount: input.signers.length, pageCount: doc.getPageCount() }) ??
    input.signers.map((signer, i) => signatureProblem(signer, i) ?? valuesProblem(input.fields, i, signer.values)).find(Boolean) ??
    null;
  if (problem) throw new AppError("bad_request", problem);

  const drawn = await embedDrawnSignatures(doc, input.signers);
  try {
    await fillFields(doc, input.fields, input.signers, drawn);
  } catch (error) {
    // pdf-lib reads a broken page tree or content lazily: it fails here, not at load.
    throw error instanceof AppError ? error : new AppError("bad_request", sealMessages.damaged);
  }
  const content = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  const contentSha256 = sha256(content);
  const originalSha256 = sha256(input.original);

  const lastPage = await appendCertificate(doc, {
    documentName: input.documentName,
    originalSha256,
    contentSha256,
    sealedAt: input.sealedAt,
    sealedBy: input.certificate.commonName,
    signers: input.signers,
    auditEntryIds: input.auditEntryIds,
    timeZone: input.timeZone,
  });
  // The certificate page's hashes, also where `portal esign verify` reads them without extracting text.
  const info = infoDict(doc);
  info.set(PDFName.of(INFO_ORIGINAL_SHA256), PDFString.of(originalSha256));
  info.set(PDFName.of(INFO_CONTENT_SHA256), PDFString.of(contentSha256));
  pdflibAddPlaceholder({
    pdfPage: lastPage,
    reason: `Signed by ${input.signers.map((s) => s.name).join(", ")}`,
    contactInfo: "",
    name: input.certificate.commonName,
    location: "",
    signingTime: input.sealedAt,
    subFilter: SEAL_SUBFILTER,
    // Room for the signature, its certificate and an operator's chain: a placeholder too small fails the seal.
    signatureLength: Math.max(8192, input.certificate.p12.length + 4096),
  });
  nameSealField(lastPage);
  const unsigned = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  const signer = new P12Signer(Buffer.from(input.certificate.p12), { passphrase: input.certificate.password });
  const pdf = new Uint8Array(await new SignPdf().sign(Buffer.from(unsigned), signer, input.sealedAt));
  return { pdf, originalSha256, contentSha256, sealedSha256: sha256(pdf) };
}

/** Each drawn signature's image, by signer: a PNG that does not decode is the signer's problem, not the PDF's. */
async function embedDrawnSignatures(doc: PDFDocument, signers: readonly SealSigner[]): Promise<Map<number, PDFImage>> {
  const images = new Map<number, PDFImage>();
  for (const [i, { signature }] of signers.entries()) {
    if (signature.type !== "drawn") continue;
    try {
      images.set(i, await doc.embedPng(signature.png));
    } catch {
      throw new AppError("bad_request", sealMessages.notPng);
    }
  }
  return images;
}

async function openOriginal(bytes: Uint8Array): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    // Loaded even when encrypted, to tell that apart from damage (pdf-lib's own error for it is a plain Error).
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    throw new AppError("bad_request", sealMessages.damaged);
  }
  // pdf-lib cannot decrypt: drawing into an encrypted file's pages would corrupt them.
  if (doc.isEncrypted) throw new AppError("bad_request", sealMessages.encrypted);
  let pageCount = 0;
  try {
    pageCount = doc.getPageCount();
  } catch {
    // a page tree pdf-lib cannot walk
  }
  if (pageCount === 0) throw new AppError("bad_request", sealMessages.damaged);
  // pdf-lib rewrites the whole file, so a signature already in it would no longer match its bytes:
  // the sealed copy would show a broken signature beside ours.
  if (hasDigitalSignature(doc)) throw new AppError("bad_request", sealMessages.alreadySigned);
  return doc;
}

/**
 * The placeholder names its field "Signature1", a name forms made in Acrobat often give their own
 * (empty) signature field; two fields of one name are one field to a reader, so ours gets its own.
 */
function nameSealField(page: PDFPage): void {
  const annots = page.node.Annots();
  const widget = annots?.lookup(annots.size() - 1) as PDFDict | undefined;
  widget?.set(PDFName.of("T"), PDFString.of(SEAL_FIELD_NAME));
}

function hasDigitalSignature(doc: PDFDocument): boolean {
  try {
    return doc.getForm().getFields().some((field) => field instanceof PDFSignature && field.acroField.dict.has(PDFName.of("V")));
  } catch {
    return false; // a form pdf-lib cannot read: no signature it could break either
  }
}

function signatureProblem(signer: SealSigner, index: number): string | null {
  const { signature } = signer;
  const nameProblem = signerNameProblem(signer.name, index);
  if (nameProblem) return nameProblem;
  if (signature.type === "typed") return typedSignatureProblem(signature.text);
  return PNG_SIGNATURE.every((b, i) => signature.png[i] === b) ? null : sealMessages.notPng;
}

/**
 * The PDF's page count if it can be sealed, else the error a broker reads: checked when the request
 * is made, so a file sealing would refuse (encrypted, damaged, already signed) never reaches signers.
 */
export async function sealablePageCount(original: Uint8Array): Promise<number> {
  return (await openOriginal(original)).getPageCount();
}

/**
 * Whether a drawn signature is a PNG that sealing can draw (pdf-lib decodes it), checked when it is
 * sent: "too_large" when its header names more pixels a side than a signature pad makes, which is
 * told before any decoding (a small PNG can unpack to gigabytes).
 */
export async function drawnSignatureReadable(png: Uint8Array): Promise<"ok" | "not_png" | "too_large"> {
  if (png.length < 24 || !PNG_SIGNATURE.every((b, i) => png[i] === b)) return "not_png";
  const header = new DataView(png.buffer, png.byteOffset, png.byteLength);
  // The first chunk must be IHDR: its width and height follow the chunk's length and type.
  if (String.fromCharCode(...png.subarray(12, 16)) !== "IHDR") return "not_png";
  if (Math.max(header.getUint32(16), header.getUint32(20)) > MAX_DRAWN_SIGNATURE_SIDE) return "too_large";
  try {
    await (await PDFDocument.create()).embedPng(png);
    return "ok";
  } catch {
    return "not_png";
  }
}
