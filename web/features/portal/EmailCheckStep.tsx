import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { CONNECTION_LOST, errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useCheckEmailMutation } from "./api";
import { emailErrors, hasErrors } from "./sign-in-rules";
import type { StepProps } from "./sign-in-steps";
import { GuestButton } from "./StepParts";

/** Whose email is it? Found with a password → sign in; found without → create one; not found → stay. */
export function EmailCheckStep({ link, email: initialEmail, goTo, continueAsGuest }: StepProps) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const check = useCheckEmailMutation(link);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = emailErrors(email);
    setError(errors.email);
    if (hasErrors(errors)) return;
    const trimmed = email.trim();
    check.mutate(trimmed, {
      onSuccess: ({ exists, hasPassword }) => {
        if (!exists) {
          toast({
            title: "Email Not Found",
            description: "This email does not match the invitation for this link. Use the email address your invitation was sent to.",
            variant: "error",
          });
          return;
        }
        goTo(hasPassword ? "signin" : "signup", trimmed);
      },
      onError: (failure) => toast({ title: "Unable to check email", description: errorText(failure, CONNECTION_LOST), variant: "error" }),
    });
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-slate-600">Enter the email address your invitation was sent to.</p>
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoFocus
        isRequired
        value={email}
        onChange={(value) => {
          setEmail(value);
          setError(undefined);
        }}
        errorMessage={error}
      />
      <Button type="submit" isPending={check.isPending} className="w-full">
        {check.isPending ? "Checking..." : "Continue"}
      </Button>
      <GuestButton onPress={continueAsGuest} />
    </Form>
  );
}
