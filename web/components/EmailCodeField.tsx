import { codeMessages, EMAIL_CODE_LENGTH, isEmailCode } from "@shared/validation";
import { TextField } from "./ui/TextField";

/** Null when the code is well formed, else the message to show under the field. */
export const emailCodeError = (code: string): string | undefined => (isEmailCode(code) ? undefined : codeMessages.format);

/**
 * The field for the code emailed at sign-up (broker and customer alike): the phone's one-time
 * code suggestion and number pad, and only digits kept, so a pasted "123 456" still works.
 */
export function EmailCodeField({
  value,
  onChange,
  errorMessage,
  description,
  label = `${EMAIL_CODE_LENGTH}-digit code`,
}: {
  /** The portal's, in the customer's language. */
  label?: string;
  value: string;
  /** Called with the digits only. */
  onChange: (digits: string) => void;
  errorMessage?: string;
  description?: string;
}) {
  return (
    <TextField
      label={label}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      isRequired
      autoFocus
      description={description}
      value={value}
      onChange={(typed) => onChange(typed.replace(/\D/g, ""))}
      errorMessage={errorMessage}
    />
  );
}
