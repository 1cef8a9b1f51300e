import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { isValidEmail, messages } from "@shared/validation";
import { useForgotPasswordMutation } from "./api";
import { ErrorNote } from "../../components/ErrorNote";

/** The sign-in dialog's "Forgot password?" step: asks for a reset link by email. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const forgot = useForgotPasswordMutation();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!isValidEmail(trimmed)) return setError(messages.invalidEmail);
    forgot.mutate(trimmed);
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">Enter your account's email. We will send a link to choose a new password; it works once, for an hour.</p>
      {forgot.isSuccess ? (
        <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800">
          {forgot.data.message}
        </p>
      ) : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        isRequired
        autoFocus
        value={email}
        onChange={(value) => {
          setEmail(value);
          setError(undefined);
        }}
        errorMessage={error}
      />
      <ErrorNote error={forgot.error} />
      <Button type="submit" isPending={forgot.isPending} className="w-full">
        {forgot.isPending ? "Sending..." : "Send reset link"}
      </Button>
      <Button variant="link" size="sm" onPress={onBack}>
        Back to sign in
      </Button>
    </Form>
  );
}
