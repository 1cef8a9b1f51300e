// The emails about a broker's own account (sign-up, password, sign-in email, a workspace's
// invitation): from the portal itself, not from a broker to a customer (templates.ts).
import { compose } from "./compose.ts";

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

/** To a workspace's owner: a webhook endpoint kept failing and was switched off (issue 43). */
export function webhookDisabledEmail(p: { url: string; failures: number; lastError: string | null; integrationsUrl: string }) {
  return compose({
    subject: "A webhook endpoint was switched off",
    greeting: "Hello,",
    paragraphs: [
      `The document portal stopped sending events to ${p.url}: its last ${p.failures} deliveries failed, over more than a day.${p.lastError ? ` The last one: ${p.lastError}.` : ""}`,
      "Events are no longer sent to it. Fix the receiver, then press Send test event on the Integrations page: once it answers, the endpoint is switched on again. Its delivery log shows each attempt.",
    ],
    action: { label: "Open Integrations", url: p.integrationsUrl },
    footer: BROKER_FOOTER,
  });
}
