import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { useT } from "../../lib/i18n/use-t";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useCheckEmailMutation } from "./api";
import { emailErrors, hasErrors } from "./sign-in-rules";
import type { StepProps } from "./sign-in-steps";
import { GuestButton } from "./StepParts";
import { useErrorText } from "./error-text";

/** Whose email is it? Found with a password → sign in; found without → create one; not found → stay. */
export function EmailCheckStep({ link, email: initialEmail, goTo, continueAsGuest }: StepProps) {
  const t = useT();
  const errorText = useErrorText();
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
            title: t("signIn.emailNotFound"),
            description: t("signIn.emailNotFoundText"),
            variant: "error",
          });
          return;
        }
        goTo(hasPassword ? "signin" : "signup", trimmed);
      },
      onError: (failure) => toast({ title: t("signIn.unableToCheck"), description: errorText(failure, t("upload.connectionLost")), variant: "error" }),
    });
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-slate-600">{t("signIn.enterEmail")}</p>
      <TextField
        label={t("signIn.email")}
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
        {t(check.isPending ? "signIn.checking" : "signIn.continue")}
      </Button>
      <GuestButton onPress={continueAsGuest} />
    </Form>
  );
}
