import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { ApiError } from "../../api/client";
import { useT } from "../../lib/i18n/use-t";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useCustomerSignInMutation } from "./api";
import { hasErrors, signInErrors } from "./sign-in-rules";
import type { StepProps } from "./sign-in-steps";
import { ChosenEmail, GuestButton } from "./StepParts";
import { useErrorText } from "./error-text";

export function PasswordSignInStep({ link, email, goTo, continueAsGuest, done }: StepProps) {
  const t = useT();
  const errorText = useErrorText();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const signIn = useCustomerSignInMutation(link);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = signInErrors(password);
    setError(errors.password);
    if (hasErrors(errors)) return;
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => {
          toast({ title: t("signIn.welcomeBack"), description: t("signIn.signedIn"), variant: "success" });
          done();
        },
        onError: (failure) =>
          toast({
            title: t("signIn.signInFailed"),
            // 401 is the wrong password; anything else (too many tries, server down) says why.
            description: failure instanceof ApiError && failure.status === 401 ? t("signIn.wrongPassword") : errorText(failure, t("upload.connectionLost")),
            variant: "error",
          }),
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <ChosenEmail email={email} onChange={() => goTo("email-check")} />
      <TextField
        label={t("signIn.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        autoFocus
        isRequired
        value={password}
        onChange={(value) => {
          setPassword(value);
          setError(undefined);
        }}
        errorMessage={error}
      />
      <Button variant="link" size="sm" onPress={() => goTo("forgot-password")} className="-ml-3 self-start">
        {t("signIn.forgotPassword")}
      </Button>
      <Button type="submit" isPending={signIn.isPending} className="w-full">
        {t(signIn.isPending ? "signIn.signingIn" : "signIn.signIn")}
      </Button>
      <GuestButton onPress={continueAsGuest} />
    </Form>
  );
}
