// One email's two bodies, plain text and simple HTML, built from the same paragraphs: what every
// template (templates.ts for customers, broker-emails.ts for a broker's own account) is made of.
import { readableTextOn } from "../../shared/branding.ts";
import { escapeHtml } from "../../lib/html.ts";
import { brokerMailbox } from "./sender.ts";
import { emailText } from "../../shared/i18n/emails.ts";
import type { Language } from "../../shared/i18n/languages.ts";

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

/** How the customer reaches the broker, under every email a broker's customer receives. */
function contactLine(language: Language, sender: EmailSender): string {
  const who = sender.company ? `${sender.name} (${sender.company})` : sender.name;
  return sender.phone ? emailText(language, "contactWithPhone", { who, phone: sender.phone }) : emailText(language, "contact", { who });
}

/** Builds both bodies from the same paragraphs, an optional list and one call-to-action link. */
export function compose(options: {
  /** The customer's language (src/shared/i18n): the frame's words and the HTML's lang; English when left out (a broker's own emails). */
  language?: Language;
  subject: string;
  greeting: string;
  paragraphs: string[];
  list?: string[];
  action?: { label: string; url: string };
  footer?: string;
  sender?: EmailSender;
}): EmailContent {
  const { language = "en", subject, greeting, paragraphs, list = [], action, sender } = options;
  const footer = options.footer ?? emailText(language, "footer");
  // After the list and the link, never between "Please upload the following documents:" and its list.
  const contact = sender ? contactLine(language, sender) : null;
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(list.length ? [...list.map((item) => `  - ${item}`), ""] : []),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(contact ? [contact, ""] : []),
    footer,
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
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
${header}
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${list.length ? `<ul>${list.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>` : ""}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${escapeHtml(accent)};color:${readableTextOn(accent)};padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#6b7280">${escapeHtml(emailText(language, "linkFallback", { url: action.url }))}</p>` : ""}
${contact ? `<p>${escapeHtml(contact)}</p>` : ""}
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject, text, html, replyTo: sender ? brokerMailbox(sender) : null };
}
