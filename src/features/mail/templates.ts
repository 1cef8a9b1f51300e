// Every email a customer or a signer receives, from their broker: plain text plus simple HTML
// (compose.ts), links built from PUBLIC_URL by the caller. Pure functions, so they are easy to
// read and to test. The emails about a broker's own account are broker-emails.ts.
import { formatDueDate } from "../../shared/due-date.ts";
import { compose, type EmailContent, type EmailSender } from "./compose.ts";

export interface RequestedDocument {
  name: string;
  dueDate?: Date | null;
  /** A document to sign (issue 41), not to upload: its line says so. */
  toSign?: boolean;
}

/** A due time in the sender's time zone (UTC without one); the zone's name is printed with it. */
const formatDue = (date: Date, timeZone?: string | null) => formatDueDate(date, timeZone || "UTC");

const documentLine = (sender?: EmailSender) => (d: RequestedDocument) => {
  const name = d.toSign ? `${d.name} (to sign)` : d.name;
  return d.dueDate ? `${name} (due ${formatDue(d.dueDate, sender?.timeZone)})` : name;
};

/** What every email from a broker to their customer takes: who it is for, who sends it. */
interface FromBroker {
  customerName: string;
  brokerName: string;
  /** The broker's profile: reply-to, time zone, branding. Without it the email is plain and prints UTC. */
  sender?: EmailSender;
}

const invitationLine = (brokerName: string) => `${brokerName} uses this secure portal to collect the documents for your file.`;

/** `reminder`: the same invitation again, with a subject that says so (invitationResendEmail). */
export function invitationEmail(p: FromBroker & { uploadUrl: string; documents: RequestedDocument[]; reminder?: boolean }) {
  return compose({
    subject: `${p.reminder ? "Reminder: " : ""}${p.brokerName} invited you to upload your documents`,
    greeting: `Hello ${p.customerName},`,
    sender: p.sender,
    paragraphs: [
      invitationLine(p.brokerName),
      p.documents.length ? "Please upload the following documents:" : "You can open your personal portal with the link below.",
    ],
    list: p.documents.map(documentLine(p.sender)),
    action: { label: "Open your upload portal", url: p.uploadUrl },
    footer: "This link is personal to you. Do not forward it.",
  });
}

/** The same invitation again, with a subject that says it is a reminder. */
export function invitationResendEmail(p: Parameters<typeof invitationEmail>[0]) {
  return invitationEmail({ ...p, reminder: true });
}

export function reminderEmail(p: FromBroker & { uploadUrl: string; documents: RequestedDocument[] }) {
  return compose({
    subject: `Reminder: documents still needed by ${p.brokerName}`,
    greeting: `Hello ${p.customerName},`,
    sender: p.sender,
    paragraphs: [`${p.brokerName} is still waiting for these documents:`],
    list: p.documents.map(documentLine(p.sender)),
    action: { label: "Upload your documents", url: p.uploadUrl },
  });
}

export function documentsRequestedEmail(p: FromBroker & { uploadUrl: string; documents: RequestedDocument[] }) {
  return compose({
    subject: `${p.brokerName} requested ${p.documents.length === 1 ? "a document" : `${p.documents.length} documents`} from you`,
    greeting: `Hello ${p.customerName},`,
    sender: p.sender,
    paragraphs: [`${p.brokerName} asks you to upload:`],
    list: p.documents.map(documentLine(p.sender)),
    action: { label: "Upload your documents", url: p.uploadUrl },
  });
}

/**
 * `firstEmail`: the customer was added in Send Documents a moment ago, and this email stands for
 * their invitation (customers/held-invitation.ts holds it back), so it opens with the invitation's line.
 */
export function sharedFilesEmail(p: FromBroker & { uploadUrl: string; fileNames: string[]; firstEmail?: boolean }) {
  const count = p.fileNames.length;
  return compose({
    subject: `${p.brokerName} shared ${count} document${count === 1 ? "" : "s"} with you`,
    greeting: `Hello ${p.customerName},`,
    sender: p.sender,
    paragraphs: [
      ...(p.firstEmail ? [invitationLine(p.brokerName)] : []),
      `${p.brokerName} shared ${count === 1 ? "a document" : `${count} documents`} with you:`,
    ],
    list: p.fileNames,
    action: { label: "View shared documents", url: p.uploadUrl },
    footer: "Sign in to your portal to view and download shared documents.",
  });
}

export function passwordResetEmail(p: { customerName: string; resetUrl: string }) {
  return compose({
    subject: "Reset your portal password",
    greeting: `Hello ${p.customerName},`,
    paragraphs: [
      "Someone asked to reset the password of your document portal account.",
      "The link below works once and expires in 1 hour. If you did not ask for this, ignore this email.",
    ],
    action: { label: "Choose a new password", url: p.resetUrl },
  });
}

export function resubmitRequestEmail(p: FromBroker & { documentName: string; reason: string; uploadUrl: string }) {
  return compose({
    subject: `Please re-submit: ${p.documentName}`,
    greeting: `Hello ${p.customerName},`,
    sender: p.sender,
    paragraphs: [`${p.brokerName} reviewed your ${p.documentName} and asks you to upload it again.`, `Reason: ${p.reason}`],
    action: { label: "Upload it again", url: p.uploadUrl },
  });
}

export function documentApprovedEmail(p: FromBroker & { documentName: string; uploadUrl: string }) {
  return compose({
    subject: `Approved: ${p.documentName}`,
    greeting: `Hello ${p.customerName},`,
    sender: p.sender,
    paragraphs: [`${p.brokerName} approved your ${p.documentName}. Nothing more is needed for this document.`],
    action: { label: "See your progress", url: p.uploadUrl },
  });
}

/** What the broker decided about one uploaded document. */
export type ReviewOutcome =
  | { documentName: string; outcome: "approved" }
  /** Asked for again: the broker's re-submit request, or an expiry renewal, with the reason. */
  | { documentName: string; outcome: "resubmit"; reason: string };

const outcomeLine = (o: ReviewOutcome) => (o.outcome === "approved" ? `Approved: ${o.documentName}` : `Please re-submit: ${o.documentName}. Reason: ${o.reason}`);

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
  return compose({
    subject: `${p.brokerName} reviewed ${p.outcomes.length} of your documents`,
    greeting: `Hello ${p.customerName},`,
    sender: p.sender,
    paragraphs: [`${p.brokerName} reviewed ${p.outcomes.length} of your documents:`],
    list: p.outcomes.map(outcomeLine),
    action: asksAgain ? { label: "Upload your documents", url: p.uploadUrl } : { label: "See your progress", url: p.uploadUrl },
  });
}

/** The code that proves a customer reads this address before their account's password is set. */
export function accountCodeEmail(p: { customerName: string; code: string; accountExists: boolean }) {
  return compose({
    subject: `${p.code} is your document portal code`,
    greeting: `Hello ${p.customerName},`,
    paragraphs: [
      `Your code is ${p.code}. Enter it in the portal to ${p.accountExists ? "set a new password for your account" : "finish creating your account"}.`,
      "The code works once and expires in 15 minutes. If you did not ask for it, ignore this email: nobody can use your account without it.",
    ],
  });
}

/**
 * A signature request to one signer (issue 41): the customer through their upload link, another
 * signer through a link of their own. `signUrl` opens the document to read and sign.
 */
/** `reminder`: the signer has not signed yet and a reminder (by hand, scheduled or a cadence's) falls due. */
export function signatureRequestEmail(p: FromBroker & { documentName: string; message: string | null; dueDate: Date | null; signUrl: string; reminder?: boolean }) {
  const by = p.dueDate ? ` by ${formatDue(p.dueDate, p.sender?.timeZone)}` : "";
  return compose({
    subject: `${p.reminder ? "Reminder: " : ""}${p.brokerName} asks you to sign ${p.documentName}`,
    greeting: `Hello ${p.customerName},`,
    sender: p.sender,
    paragraphs: [
      p.reminder ? `${p.brokerName} is still waiting for your signature on ${p.documentName}${by}.` : `${p.brokerName} asks you to read and sign ${p.documentName}${by}.`,
      ...(p.message ? [`Message from ${p.brokerName}: ${p.message}`] : []),
      "You can sign on your phone or computer; it takes a minute.",
    ],
    action: { label: "Review and sign", url: p.signUrl },
  });
}

/**
 * Every signer signed and the portal sealed the PDF. `attached`: the sealed PDF is attached (it is
 * within the upload size limit); else the link is the way to it.
 */
export function signatureCompletedEmail(p: FromBroker & { documentName: string; attached: boolean; url: string }) {
  return compose({
    subject: `Signed: ${p.documentName}`,
    greeting: `Hello ${p.customerName},`,
    sender: p.sender,
    paragraphs: [
      `Everyone has signed ${p.documentName}. The portal sealed it with a digital signature, so any change to the file shows.`,
      p.attached ? "The signed PDF is attached to this email." : "The signed PDF is too large to attach; open it in the portal.",
    ],
    action: { label: p.attached ? "Open the portal" : "Open the signed PDF", url: p.url },
  });
}
