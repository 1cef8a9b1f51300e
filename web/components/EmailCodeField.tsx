import { EMAIL_CODE_LENGTH } from "@shared/validation";
import { TextField } from "./ui/TextField";

/**
 * The field for a code we emailed (broker sign-up, customer accounts): phones offer the code from
 * the message (one-time-code) on a number pad; digits only, spaces people paste are dropped.
 */
export function EmailCodeField({
  value,
  onChange,
  errorMessage,
}: {
  value: string;
  onChange: (digits: string) => void;
  errorMessage?: string;
}) {
  return (
    <TextField
      label={`${EMAIL_CODE_LENGTH}-digit code`}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      autoFocus
      isRequired
      description="The code expires 15 minutes after it was sent."
      value={value}
      onChange={(typed) => onChange(typed.replace(/\D/g, "").slice(0, EMAIL_CODE_LENGTH))}
      errorMessage={errorMessage}
    />
  );
}
