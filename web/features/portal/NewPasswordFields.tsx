import { useState } from "react";
import { TextField } from "../../components/ui/TextField";
import { hasErrors, type FieldErrors } from "./sign-in-rules";
import { useT } from "../../lib/i18n/use-t";

type PasswordErrors = FieldErrors<"password" | "confirm">;

/**
 * A new password typed twice, as sign-up and the password reset ask for it. Each field's error
 * clears as soon as the customer types in it, so a fixed field stops looking wrong.
 */
export function useNewPassword(check: (password: string, confirm: string) => PasswordErrors) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<PasswordErrors>({});
  return {
    password,
    confirm,
    errors,
    setPassword(value: string) {
      setPassword(value);
      setErrors((current) => ({ ...current, password: undefined }));
    },
    setConfirm(value: string) {
      setConfirm(value);
      setErrors((current) => ({ ...current, confirm: undefined }));
    },
    /** Shows what is wrong; true when the password may be sent. */
    validate() {
      const found = check(password, confirm);
      setErrors(found);
      return !hasErrors(found);
    },
  };
}

export function NewPasswordFields({
  form,
  passwordLabel,
  confirmLabel,
  minLength,
}: {
  form: ReturnType<typeof useNewPassword>;
  passwordLabel: string;
  confirmLabel: string;
  minLength: number;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={passwordLabel}
        name="password"
        type="password"
        autoComplete="new-password"
        autoFocus
        isRequired
        description={t("signIn.atLeast", { count: minLength })}
        value={form.password}
        onChange={form.setPassword}
        errorMessage={form.errors.password}
      />
      <TextField
        label={confirmLabel}
        name="confirm"
        type="password"
        autoComplete="new-password"
        isRequired
        value={form.confirm}
        onChange={form.setConfirm}
        errorMessage={form.errors.confirm}
      />
    </>
  );
}
