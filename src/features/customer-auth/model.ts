import { t } from "elysia";
import { MAX_PASSWORD_LENGTH } from "../../shared/validation.ts";
import { CodeRequired, email, password } from "../auth/model.ts";

const uploadLink = t.String({ maxLength: 128, error: "The upload link is missing" });

export const CheckEmailBody = t.Object({ email, uploadLink });
export type CheckEmailInput = typeof CheckEmailBody.static;
export const CheckEmailResponse = t.Object({ exists: t.Boolean(), hasPassword: t.Boolean() });
export type CheckEmailResponse = typeof CheckEmailResponse.static;

// Without `code`, sign-up asks for one to be emailed; with it, the account is made (see service.ts).
export const SignUpBody = t.Object({ email, password, uploadLink, code: t.Optional(t.String({ maxLength: 12, error: "The code is the 6 digits from the email we sent" })) });
export type CustomerSignUpInput = typeof SignUpBody.static;
export const SignInBody = t.Object({ email, password, uploadLink: t.Optional(uploadLink) });
export type CustomerSignInInput = typeof SignInBody.static;
export const ForgotPasswordBody = t.Object({ email, uploadLink: t.Optional(uploadLink) });
export type ForgotPasswordInput = typeof ForgotPasswordBody.static;
export const ResetPasswordBody = t.Object({
  token: t.String({ maxLength: 200, error: "Invalid reset token - The reset link is invalid or expired." }),
  newPassword: t.String({ maxLength: MAX_PASSWORD_LENGTH, error: "Password must be at least 6 characters long" }),
});
export type ResetPasswordInput = typeof ResetPasswordBody.static;
/** GET /api/customer/reset-password/{token}: the emailed link's token, checked as it opens. */
export const ResetTokenParams = t.Object({ token: ResetPasswordBody.properties.token });
export const ResetTokenValid = t.Object({ valid: t.Literal(true) });

/** The signed-in customer, as the portal's profile menu shows them. */
export const CustomerProfileDto = t.Object({
  id: t.String(),
  name: t.String(),
  email: t.String(),
  /** The loan type of the first broker who gave one. */
  loanType: t.Nullable(t.String()),
  /** Names of the brokers who invited them, in invitation order. */
  invitedBy: t.Array(t.String()),
});
export type CustomerProfileDto = typeof CustomerProfileDto.static;

export const CustomerAuthResponse = t.Object({ customer: CustomerProfileDto });
export type CustomerAuthResponse = typeof CustomerAuthResponse.static;

export const CustomerSignUpResponse = { 201: CustomerAuthResponse, 202: CodeRequired };
