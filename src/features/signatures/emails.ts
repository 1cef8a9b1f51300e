// The signature emails, queued in the transaction of the change that causes them: a signer asked
// to sign (the customer to their upload link, another signer to their own link) and, once sealed,
// the completed email to every signer with the sealed PDF attached when it is within the upload
// size limit (else the link opens it). They come from the customer's broker as every email to the
// customer does (broker-profile's emailSender: the assignee's name and Reply-To under the
// workspace's branding), whoever the signer is, and in the customer's language (signer-language.ts:
// another signer gets what the broker or the workspace set, not the customer's own switch).
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { emailSender } from "../broker-profile/contact.ts";
import { customerContact } from "../customers/lookups.ts";
import { queueEmail } from "../mail/service.ts";
import { signatureCompletedEmail, signatureRequestEmail } from "../mail/templates.ts";
import type { SignerRow } from "./lookups.ts";
import { signUrl } from "./signer-token.ts";
import { signerLanguage } from "./signer-language.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/languages.ts";

interface RequestForEmail {
  id: string;
  name: string;
  message: string | null;
  customerId: string;
}

async function from(ctx: AppContext, db: Writer, request: RequestForEmail) {
  const customer = await customerContact(ctx, request.customerId, db);
  const sender = customer ? await emailSender(ctx, customer, db) : undefined;
  // The customer's, and another signer's (the same without the customer's own choice).
  const language = customer ? await signerLanguage(db, { customerId: customer.id }, customer) : DEFAULT_LANGUAGE;
  const othersLanguage = customer ? await signerLanguage(db, { customerId: null }, customer) : DEFAULT_LANGUAGE;
  return { sender, brokerName: sender?.name ?? "Your broker", languages: { customer: language, other: othersLanguage } };
}

const languageFor = (signer: SignerRow, languages: { customer: Language; other: Language }): Language => (signer.customerId ? languages.customer : languages.other);

/** Where a signer signs: the customer on their upload link, another signer on their own link. */
const linkOf = (ctx: AppContext, signer: SignerRow, uploadLinkUrl: string) => (signer.customerId ? uploadLinkUrl : signUrl(ctx, signer.id));

/** The request email to each of these signers of one request; who sends it (and in what language) is read once for all of them. */
export async function emailSignerInvitations(
  ctx: AppContext,
  db: Writer,
  input: {
    request: RequestForEmail;
    signers: readonly SignerRow[];
    dueDate: Date | null;
    uploadLinkUrl: string;
    /** The broker sent the request again at this time (resend.ts). */
    sentAgainAt?: Date;
    /** A reminder (reminders.ts), once per this key and signer. */
    reminder?: { dedupeKey: string };
  },
): Promise<void> {
  const { request } = input;
  if (input.signers.length === 0) return;
  const { languages, ...brokerFrom } = await from(ctx, db, request);
  for (const signer of input.signers) {
    const content = signatureRequestEmail({
      reminder: Boolean(input.reminder),
      ...brokerFrom,
      language: languageFor(signer, languages),
      customerName: signer.name,
      documentName: request.name,
      message: request.message,
      dueDate: input.dueDate,
      signUrl: linkOf(ctx, signer, input.uploadLinkUrl),
    });
    const dedupeKey = input.reminder
      ? `${input.reminder.dedupeKey}:signer:${signer.id}`
      : `signature-request:${signer.id}${input.sentAgainAt ? `:again:${input.sentAgainAt.getTime()}` : ""}`;
    await queueEmail(ctx, db, { kind: input.reminder ? "reminder" : "signature_request", to: signer.email, dedupeKey, ...content });
  }
}

export async function emailSignersCompleted(
  ctx: AppContext,
  db: Writer,
  input: { request: RequestForEmail; signers: SignerRow[]; uploadLinkUrl: string; sealed: { key: string; fileName: string; size: number } },
): Promise<void> {
  const attached = input.sealed.size <= ctx.config.maxUploadBytes;
  const { languages, ...brokerFrom } = await from(ctx, db, input.request);
  for (const signer of input.signers) {
    const content = signatureCompletedEmail({ ...brokerFrom, language: languageFor(signer, languages), customerName: signer.name, documentName: input.request.name, attached, url: linkOf(ctx, signer, input.uploadLinkUrl) });
    await queueEmail(ctx, db, {
      kind: "signature_completed",
      to: signer.email,
      dedupeKey: `signature-completed:${signer.id}`,
      ...content,
      attachment: attached ? { key: input.sealed.key, name: input.sealed.fileName } : null,
    });
  }
}
