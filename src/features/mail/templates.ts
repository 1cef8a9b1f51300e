// Every email the portal sends: plain text plus simple HTML, links built from PUBLIC_URL by
// the caller. Pure functions, so they are easy to read and to test.
import { formatDueDate } from "../../shared/due-date.ts";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface RequestedDocument {
  name: string;
  dueDate?: Date | null;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const formatDue = (date: Date) => formatDueDate(date, "UTC");

/** Builds both bodies from the same paragraphs, an optional list and one call-to-action link. */
function compose(options: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  list?: string[];
  action?: { label: string; url: string };
  footer?: string;
}): EmailContent {
  const { subject, greeting, paragraphs, list = [], action, footer } = options;
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(list.length ? [...list.map((item) => `  - ${item}`), ""] : []),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    footer ?? "This message was sent by your broker's document portal.",
  ].join("\n");

  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${list.length ? `<ul>${list.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>` : ""}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#6b7280">Or open this link: ${escapeHtml(action.url)}</p>` : ""}
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer ?? "This message was sent by your broker's document portal.")}</p>
</body></html>`;
  return { subject, text, html };
}

const documentLine = (d: RequestedDocument) => (d.dueDate ? `${d.name} (due ${formatDue(d.dueDate)})` : d.name);

export function invitationEmail(p: { customerName: string; brokerName: string; uploadUrl: string; documents: RequestedDocument[] }) {
  return compose({
    subject: `${p.brokerName} invited you to upload your documents`,
    greeting: `Hello ${p.customerName},`,
    paragraphs: [
      `${p.brokerName} uses this secure portal to collect the documents for your file.`,
      p.documents.length ? "Please upload the following documents:" : "You can open your personal portal with the link below.",
    ],
    list: p.documents.map(documentLine),
    action: { label: "Open your upload portal", url: p.uploadUrl },
    footer: "This link is personal to you. Do not forward it.",
  });
}

/** The same invitation again, with a subject that says it is a reminder. */
export function invitationResendEmail(p: Parameters<typeof invitationEmail>[0]) {
  return { ...invitationEmail(p), subject: `Reminder: ${p.brokerName} invited you to upload your documents` };
}

export function reminderEmail(p: { customerName: string; brokerName: string; uploadUrl: string; documents: RequestedDocument[] }) {
  return compose({
    subject: `Reminder: documents still needed by ${p.brokerName}`,
    greeting: `Hello ${p.customerName},`,
    paragraphs: [`${p.brokerName} is still waiting for these documents:`],
    list: p.documents.map(documentLine),
    action: { label: "Upload your documents", url: p.uploadUrl },
  });
}

export function documentsRequestedEmail(p: { customerName: string; brokerName: string; uploadUrl: string; documents: RequestedDocument[] }) {
  return compose({
    subject: `${p.brokerName} requested ${p.documents.length === 1 ? "a document" : `${p.documents.length} documents`} from you`,
    greeting: `Hello ${p.customerName},`,
    paragraphs: [`${p.brokerName} asks you to upload:`],
    list: p.documents.map(documentLine),
    action: { label: "Upload your documents", url: p.uploadUrl },
  });
}

export function sharedFilesEmail(p: { customerName: string; brokerName: string; uploadUrl: string; fileNames: string[] }) {
  const count = p.fileNames.length;
  return compose({
    subject: `${p.brokerName} shared ${count} document${count === 1 ? "" : "s"} with you`,
    greeting: `Hello ${p.customerName},`,
    paragraphs: [`${p.brokerName} shared ${count === 1 ? "a document" : `${count} documents`} with you:`],
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

export function resubmitRequestEmail(p: { customerName: string; brokerName: string; documentName: string; reason: string; uploadUrl: string }) {
  return compose({
    subject: `Please re-submit: ${p.documentName}`,
    greeting: `Hello ${p.customerName},`,
    paragraphs: [`${p.brokerName} reviewed your ${p.documentName} and asks you to upload it again.`, `Reason: ${p.reason}`],
    action: { label: "Upload it again", url: p.uploadUrl },
  });
}

export function documentApprovedEmail(p: { customerName: string; brokerName: string; documentName: string; uploadUrl: string }) {
  return compose({
    subject: `Approved: ${p.documentName}`,
    greeting: `Hello ${p.customerName},`,
    paragraphs: [`${p.brokerName} approved your ${p.documentName}. Nothing more is needed for this document.`],
    action: { label: "See your progress", url: p.uploadUrl },
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

const BROKER_FOOTER = "This message was sent by your document portal.";

/** The code is in the subject too, so with no SMTP configured the log line shows it. */
export function brokerSignUpCodeEmail(p: { code: string; minutes: number }) {
  return compose({
    subject: `Your sign-up code: ${p.code}`,
    greeting: "Hello,",
    paragraphs: [
      `Enter this code to finish creating your broker account: ${p.code}`,
      `It works once and expires in ${p.minutes} minutes. If you did not try to create an account, ignore this email.`,
    ],
    footer: BROKER_FOOTER,
  });
}

/** Sent instead of a code when the email already has an account, so sign-up reveals nothing. */
export function brokerSignUpAttemptEmail(p: { signInUrl: string }) {
  return compose({
    subject: "Someone tried to create an account with your email",
    greeting: "Hello,",
    paragraphs: [
      "Someone (perhaps you) tried to create a broker account on the document portal with this email address. You already have an account, so nothing was created.",
      "Sign in with this email and your password. If you forgot your password, ask your portal's administrator to set a new one.",
      "If this was not you, you need not do anything.",
    ],
    action: { label: "Sign in", url: p.signInUrl },
    footer: BROKER_FOOTER,
  });
}
