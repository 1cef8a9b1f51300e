// Why an OpenID Connect sign-in ended on the landing page: the code travels in the URL
// (/?sso_error=<code>) and the landing page shows the message. Shared by server and browser.
import { workspaceMessages } from "./workspaces.ts";

export const SSO_ERROR_PARAM = "sso_error";

export const ssoErrorMessages = {
  provider_unavailable: (provider: string) => `${provider} could not be reached. Please try again in a moment.`,
  invalid_state: () => "That sign-in link was already used or has expired. Please start signing in again.",
  token_invalid: (provider: string) => `The sign-in from ${provider} could not be verified. Please start signing in again.`,
  email_not_verified: (provider: string) => `${provider} did not confirm that your email address is verified, so you cannot sign in with it.`,
  domain_not_allowed: () => "Your email address's domain is not allowed to sign in to this portal.",
  no_account: () => "There is no broker account for your email address, and sign-up is turned off. Ask your administrator for an account.",
  domain_not_claimed: () => "No workspace on this portal has claimed your email address's domain, so signing in cannot create your account. Ask your brokerage's owner to invite you, or to claim the domain in the workspace settings.",
  no_workspace: () => workspaceMessages.noWorkspace,
  account_disabled: () => "This account is disabled. Ask the portal's administrator.",
  cancelled: (provider: string) => `Signing in with ${provider} was cancelled.`,
  not_configured: () => "Single sign-on is not set up on this portal.",
  too_many_attempts: (provider: string) => `Too many sign-ins with ${provider} were started from your network. Please wait a few minutes and try again.`,
} as const;

export type SsoErrorCode = keyof typeof ssoErrorMessages;

export const isSsoErrorCode = (code: string): code is SsoErrorCode => Object.hasOwn(ssoErrorMessages, code);

/** The message for a code from the URL, or null for an unknown one (nobody's business to invent codes). */
export function ssoErrorMessage(code: string | null, provider: string): string | null {
  return code && isSsoErrorCode(code) ? ssoErrorMessages[code](provider) : null;
}
