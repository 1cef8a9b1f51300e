// Every email a customer or a signer receives, from their broker: plain text plus simple HTML
// (compose.ts), links built from PUBLIC_URL by the caller. Pure functions, so they are easy to
// read and to test. The words are the customer's language's (src/shared/i18n/emails*.ts; the
// caller decides the language with workspaces/customer-language.ts). The emails about a broker's
// own account are broker-emails.ts.
import { emailDate, emailDocumentName, emailReason, emailText as say } from "../../shared/i18n/emails.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import { compose, type EmailContent, type EmailSender } from "./compose.ts";

export interface RequestedDocument {
  name: string;
  dueDate?: Date | null;
  /** A document to sign (issue 41), not to upload: its line says so. */
  toSign?: boolean;
}

/** Who an email is written for: their name, in their language (English when left out). */
interface ToCustomer {
  customerName: string;
  language?: Language;
}

/** What every email from a broker to their customer takes: who it is for, who sends it. */
interface FromBroker extends ToCustomer {
  brokerName: string;
  /** The broker's profile: reply-to, time zone, branding. Without it the email is plain and prints UTC. */
  sender?: EmailSender;
}

const lang = (p: ToCustomer): Language => p.language ?? "en";

/** A due time in the sender's time zone (UTC without one); the zone's name is printed with it. */
const formatDue = (p: FromBroker, date: Date) => emailDate(lang(p), date, p.sender?.timeZone || "UTC");

/** A document's name in the customer's language when it is a standard one (the broker's own words stay). */
const shownName = (p: ToCustomer, name: string) => emailDocumentName(lang(p), name);

const documentLine = (p: FromBroker) => (d: RequestedDocument) => {
  const name = d.toSign ? say(lang(p), "documentToSign", { name: shownName(p, d.name) }) : shownName(p, d.name);
  return d.dueDate ? say(lang(p), "documentDue", { name, date: formatDue(p, d.dueDate) }) : name;
};

/** The frame every email to a customer shares: the greeting, the language, the broker's branding. */
const toCustomer = (p: ToCustomer & { sender?: EmailSender }) => ({
  language: lang(p),
  greeting: say(lang(p), "greeting", { customerName: p.customerName }),
  sender: p.sender,
});

/** `reminder`: the same invitation again, with a subject that says so (invitationResendEmail). */
export function invitationEmail(p: FromBroker & { uploadUrl: string; documents: RequestedDocument[]; reminder?: boolean }) {
  const { brokerName } = p;
  return compose({
    ...toCustomer(p),
    subject: say(lang(p), p.reminder ? "invitationResendSubject" : "invitationSubject", { brokerName }),
    paragraphs: [say(lang(p), "invitationLine", { brokerName }), say(lang(p), p.documents.length ? "invitationList" : "invitationNoDocuments")],
    list: p.documents.map(documentLine(p)),
    action: { label: say(lang(p), "invitationAction"), url: p.uploadUrl },
    footer: say(lang(p), "invitationFooter"),
  });
}

/** The same invitation again, with a subject that says it is a reminder. */
export function invitationResendEmail(p: Parameters<typeof invitationEmail>[0]) {
  return invitationEmail({ ...p, reminder: true });
}

export function reminderEmail(p: FromBroker & { uploadUrl: string; documents: RequestedDocument[] }) {
  const { brokerName } = p;
  return compose({
    ...toCustomer(p),
    subject: say(lang(p), "reminderSubject", { brokerName }),
    paragraphs: [say(lang(p), "reminderBody", { brokerName })],
    list: p.documents.map(documentLine(p)),
    action: { label: say(lang(p), "uploadAction"), url: p.uploadUrl },
  });
}

export function documentsRequestedEmail(p: FromBroker & { uploadUrl: string; documents: RequestedDocument[] }) {
  const { brokerName } = p;
  return compose({
    ...toCustomer(p),
    subject: say(lang(p), "requestedSubject", { brokerName, count: p.documents.length }),
    paragraphs: [say(lang(p), "requestedBody", { brokerName })],
    list: p.documents.map(documentLine(p)),
    action: { label: say(lang(p), "uploadAction"), url: p.uploadUrl },
  });
}

/**
 * `firstEmail`: the customer was added in Send Documents a moment ago, and this email stands for
 * their invitation (customers/held-invitation.ts holds it back), so it opens with the invitation's line.
 */
export function sharedFilesEmail(p: FromBroker & { uploadUrl: string; fileNames: string[]; firstEmail?: boolean }) {
  const { brokerName } = p;
  const count = p.fileNames.length;
  return compose({
    ...toCustomer(p),
    subject: say(lang(p), "sharedSubject", { brokerName, count }),
    paragraphs: [...(p.firstEmail ? [say(lang(p), "invitationLine", { brokerName })] : []), say(lang(p), "sharedBody", { brokerName, count })],
    list: p.fileNames,
    action: { label: say(lang(p), "sharedAction"), url: p.uploadUrl },
    footer: say(lang(p), "sharedFooter"),
  });
}

export function passwordResetEmail(p: ToCustomer & { resetUrl: string }) {
  return compose({
    ...toCustomer(p),
    subject: say(lang(p), "resetSubject"),
    paragraphs: [say(lang(p), "resetAsked"), say(lang(p), "resetExpiry")],
    action: { label: say(lang(p), "resetAction"), url: p.resetUrl },
  });
}

export function resubmitRequestEmail(p: FromBroker & { documentName: string; reason: string; uploadUrl: string }) {
  const { brokerName } = p;
  const documentName = shownName(p, p.documentName);
  return compose({
    ...toCustomer(p),
    subject: say(lang(p), "resubmitSubject", { documentName }),
    paragraphs: [say(lang(p), "resubmitBody", { brokerName, documentName }), say(lang(p), "resubmitReason", { reason: emailReason(lang(p), p.reason) })],
    action: { label: say(lang(p), "resubmitAction"), url: p.uploadUrl },
  });
}

export function documentApprovedEmail(p: FromBroker & { documentName: string; uploadUrl: string }) {
  const { brokerName } = p;
  const documentName = shownName(p, p.documentName);
  return compose({
    ...toCustomer(p),
    subject: say(lang(p), "approvedSubject", { documentName }),
    paragraphs: [say(lang(p), "approvedBody", { brokerName, documentName })],
    action: { label: say(lang(p), "progressAction"), url: p.uploadUrl },
  });
}

/** What the broker decided about one uploaded document. */
export type ReviewOutcome =
  | { documentName: string; outcome: "approved" }
  /** Asked for again: the broker's re-submit request, or an expiry renewal, with the reason. */
  | { documentName: string; outcome: "resubmit"; reason: string };

const outcomeLine = (p: ToCustomer) => (o: ReviewOutcome) => {
  const documentName = shownName(p, o.documentName);
  return o.outcome === "approved" ? say(lang(p), "outcomeApproved", { documentName }) : say(lang(p), "outcomeResubmit", { documentName, reason: emailReason(lang(p), o.reason) });
};

/**
 * A customer's review outcomes of one short window, in one email. One outcome alone is that
 * outcome's own email; several are listed with the single emails' wording, each re-submit with
 * its reason.
 */
export function reviewOutcomesEmail(p: FromBroker & { uploadUrl: string; outcomes: ReviewOutcome[] }): EmailContent {
  const [only, ...more] = p.outcomes;
  if (!only) throw new Error("A review email needs at least one outcome");
  if (more.length === 0) {
    return only.outcome === "approved" ? documentApprovedEmail({ ...p, documentName: only.documentName }) : resubmitRequestEmail({ ...p, documentName: only.documentName, reason: only.reason });
  }
  const asksAgain = p.outcomes.some((o) => o.outcome === "resubmit");
  const values = { brokerName: p.brokerName, count: p.outcomes.length };
  return compose({
    ...toCustomer(p),
    subject: say(lang(p), "reviewedSubject", values),
    paragraphs: [say(lang(p), "reviewedBody", values)],
    list: p.outcomes.map(outcomeLine(p)),
    action: { label: say(lang(p), asksAgain ? "uploadAction" : "progressAction"), url: p.uploadUrl },
  });
}

/** The code that proves a customer reads this address before their account's password is set. */
export function accountCodeEmail(p: ToCustomer & { code: string; accountExists: boolean }) {
  const { code } = p;
  return compose({
    ...toCustomer(p),
    subject: say(lang(p), "codeSubject", { code }),
    paragraphs: [say(lang(p), p.accountExists ? "codeForPassword" : "codeForAccount", { code }), say(lang(p), "codeExpiry")],
  });
}

/**
 * A signature request to one signer (issue 41): the customer through their upload link, another
 * signer through a link of their own. `signUrl` opens the document to read and sign.
 */
/** `reminder`: the signer has not signed yet and a reminder (by hand, scheduled or a cadence's) falls due. */
export function signatureRequestEmail(p: FromBroker & { documentName: string; message: string | null; dueDate: Date | null; signUrl: string; reminder?: boolean }) {
  const { brokerName } = p;
  const documentName = shownName(p, p.documentName);
  const body = p.reminder ? (p.dueDate ? "signReminderBodyDue" : "signReminderBody") : p.dueDate ? "signBodyDue" : "signBody";
  return compose({
    ...toCustomer(p),
    subject: say(lang(p), p.reminder ? "signReminderSubject" : "signSubject", { brokerName, documentName }),
    paragraphs: [
      say(lang(p), body, { brokerName, documentName, date: p.dueDate ? formatDue(p, p.dueDate) : "" }),
      ...(p.message ? [say(lang(p), "signMessage", { brokerName, message: p.message })] : []),
      say(lang(p), "signAnywhere"),
    ],
    action: { label: say(lang(p), "signAction"), url: p.signUrl },
  });
}

/**
 * Every signer signed and the portal sealed the PDF. `attached`: the sealed PDF is attached (it is
 * within the upload size limit); else the link is the way to it.
 */
export function signatureCompletedEmail(p: FromBroker & { documentName: string; attached: boolean; url: string }) {
  const documentName = shownName(p, p.documentName);
  return compose({
    ...toCustomer(p),
    subject: say(lang(p), "signedSubject", { documentName }),
    paragraphs: [say(lang(p), "signedBody", { documentName }), say(lang(p), p.attached ? "signedAttached" : "signedTooLarge")],
    action: { label: say(lang(p), p.attached ? "signedOpenPortal" : "signedOpenPdf"), url: p.url },
  });
}
