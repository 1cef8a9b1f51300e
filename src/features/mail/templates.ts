// Every email the portal sends: plain text plus simple HTML, links built from PUBLIC_URL by
// the caller. Pure functions, so they are easy to read and to test.
import { readableTextOn } from "../../shared/branding.ts";
import { formatDueDate } from "../../shared/due-date.ts";
import { escapeHtml } from "../../lib/html.ts";
import { brokerMailbox } from "./sender.ts";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /**
   * The broker an email to their customer comes from, as a mailbox (`"Jane Broker" <jane@…>`,
   * sender.ts): replies go to it, and its name is the sender's name on the From line.
   */
  replyTo?: string | null;
}

/**
 * The broker an email to a customer comes from: the member assigned to the customer, under their
 * workspace's branding (broker-profile/contact.ts builds it). Replies go to `replyTo` (the
 * member's contact email), times are printed in the member's `timeZone`, and the workspace's
 * logo, company and accent colour brand the HTML.
 */
export interface EmailSender {
  name: string;
  company: string | null;
  phone: string | null;
  replyTo: string;
  timeZone: string | null;
  /** Absolute, so mail clients can load it. */
  logoUrl: string | null;
  accentColor: string | null;
}

const DEFAULT_ACCENT = "#2563eb";

export interface RequestedDocument {
  name: string;
  dueDate?: Date | null;
  /** A document to sign (issue 41), not to upload: its line says so. */
  toSign?: boolean;
}

/** A due time in the sender's time zone (UTC without one); the zone's name is printed with it. */
const formatDue = (date: Date, timeZone?: string | null) => formatDueDate(date, timeZone || "UTC");

/** How the customer reaches the broker, under every email a broker's customer receives. */
function contactLine(sender: EmailSender): string {
  const who = sender.company ? `${sender.name} (${sender.company})` : sender.name;
  return `Questions? Reply to this email to reach ${who}${sender.phone ? `, or call ${sender.phone}` : ""}.`;
}

/** Builds both bodies from the same paragraphs, an optional list and one call-to-action link. */
function compose(options: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  list?: string[];
  action?: { label: string; url: string };
  footer?: string;
  sender?: EmailSender;
}): EmailContent {
  const { subject, greeting, paragraphs, list = [], action, footer, sender } = options;
  // After the list and the link, never between "Please upload the following documents:" and its list.
  const contact = sender ? contactLine(sender) : null;
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(list.length ? [...list.map((item) => `  - ${item}`), ""] : []),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(contact ? [contact, ""] : []),
    footer ?? "This message was sent by your broker's document portal.",
  ].join("\n");

  const accent = sender?.accentColor ?? DEFAULT_ACCENT;
  const brandName = sender ? (sender.company ?? sender.name) : null;
  const header = sender
    ? `<div style="border-bottom:4px solid ${escapeHtml(accent)};padding-bottom:12px;margin-bottom:16px">${
        sender.logoUrl ? `<img src="${escapeHtml(sender.logoUrl)}" alt="${escapeHtml(brandName!)}" style="max-height:48px;max-width:200px;display:block">` : `<strong style="font-size:18px">${escapeHtml(brandName!)}</strong>`
      }</div>`
    : "";
  // A head of its own, so a phone's mail app lays it out at the screen's width instead of a
  // zoomed-out desktop page, and reads the text as UTF-8 whatever the MIME part says.
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
${header}
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${list.length ? `<ul>${list.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>` : ""}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${escapeHtml(accent)};color:${readableTextOn(accent)};padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#6b7280">Or open this link: ${escapeHtml(action.url)}</p>` : ""}
${contact ? `<p>${escapeHtml(contact)}</p>` : ""}
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer ?? "This message was sent by your broker's document portal.")}</p>
</body></html>`;
  return { subject, text, html, replyTo: sender ? brokerMailbox(sender) : null };
}

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
      "Sign in with this email and your password. If you forgot your password, choose Forgot password? on the sign-in form.",
      "If this was not you, you need not do anything.",
    ],
    action: { label: "Sign in", url: p.signInUrl },
    footer: BROKER_FOOTER,
  });
}

/** A broker's forgotten password: the link works once, for an hour. */
export function brokerPasswordResetEmail(p: { resetUrl: string }) {
  return compose({
    subject: "Reset your broker account password",
    greeting: "Hello,",
    paragraphs: [
      "Someone asked to reset the password of your broker account on the document portal.",
      "The link below works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays as it is.",
    ],
    action: { label: "Choose a new password", url: p.resetUrl },
    footer: BROKER_FOOTER,
  });
}

/** The code that proves a broker reads the address they want to sign in with from now on. */
export function brokerEmailChangeCodeEmail(p: { code: string; minutes: number }) {
  return compose({
    subject: `Your code to confirm this email: ${p.code}`,
    greeting: "Hello,",
    paragraphs: [
      `Enter this code on your Profile page to make this address your sign-in email: ${p.code}`,
      `It works once and expires in ${p.minutes} minutes. If you did not ask for it, ignore this email.`,
    ],
    footer: BROKER_FOOTER,
  });
}

/** Sent to the old address once the sign-in email changed, so a change the owner did not make is noticed. */
export function brokerEmailChangedEmail(p: { newEmail: string }) {
  return compose({
    subject: "Your sign-in email was changed",
    greeting: "Hello,",
    paragraphs: [
      `The sign-in email of your broker account on the document portal is now ${p.newEmail}. This address no longer signs in.`,
      "If you did not make this change, contact your portal's administrator at once.",
    ],
    footer: BROKER_FOOTER,
  });
}

/** A workspace owner's invitation to join their brokerage on the portal: a one-time link. */
export function workspaceInvitationEmail(p: { workspaceName: string; inviterName: string; role: string; joinUrl: string; days: number }) {
  return compose({
    subject: `${p.inviterName} invited you to join ${p.workspaceName} on the document portal`,
    greeting: "Hello,",
    paragraphs: [
      `${p.inviterName} invited you to join the workspace ${p.workspaceName} as ${p.role === "assistant" ? "an assistant" : `a ${p.role}`}.`,
      `The link below works once and expires in ${p.days} days. If you did not expect this, ignore this email.`,
    ],
    action: { label: "Accept the invitation", url: p.joinUrl },
    footer: BROKER_FOOTER,
  });
}

/**
 * A signature request to one signer (issue 41): the customer through their upload link, another
 * signer through a link of their own. `signUrl` opens the document to read and sign.
 */
export function signatureRequestEmail(p: FromBroker & { documentName: string; message: string | null; dueDate: Date | null; signUrl: string }) {
  return compose({
    subject: `${p.brokerName} asks you to sign ${p.documentName}`,
    greeting: `Hello ${p.customerName},`,
    sender: p.sender,
    paragraphs: [
      `${p.brokerName} asks you to read and sign ${p.documentName}${p.dueDate ? ` by ${formatDue(p.dueDate, p.sender?.timeZone)}` : ""}.`,
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

/** To a workspace's owner: a webhook endpoint kept failing and was switched off (issue 43). */
export function webhookDisabledEmail(p: { url: string; failures: number; lastError: string | null; integrationsUrl: string }) {
  return compose({
    subject: "A webhook endpoint was switched off",
    greeting: "Hello,",
    paragraphs: [
      `The document portal stopped sending events to ${p.url}: its last ${p.failures} deliveries failed, over more than a day.${p.lastError ? ` The last one: ${p.lastError}.` : ""}`,
      "Events are no longer sent to it. Fix the receiver, then add the endpoint again on the Integrations page; its delivery log shows each attempt.",
    ],
    action: { label: "Open Integrations", url: p.integrationsUrl },
    footer: BROKER_FOOTER,
  });
}
