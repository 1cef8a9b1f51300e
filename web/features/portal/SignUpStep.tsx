import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { CUSTOMER_SIGNUP_PASSWORD_MIN, EMAIL_CODE_LENGTH, isEmailCode } from "@shared/validation";
import { EmailCodeField } from "../../components/EmailCodeField";
import { useT } from "../../lib/i18n/use-t";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/Toast";
import { useCustomerSignUpMutation, useSignUpCodeMutation } from "./api";
import { NewPasswordFields, useNewPassword } from "./NewPasswordFields";
import { signUpErrors } from "./sign-in-rules";
import type { StepProps } from "./sign-in-steps";
import { ChosenEmail, GuestButton } from "./StepParts";
import { useErrorText } from "./error-text";

/**
 * Set a password, then type the code we emailed: the code proves the address is the customer's,
 * because the link alone is held by the broker too.
 */
export function SignUpStep(props: StepProps) {
  const t = useT();
  const errorText = useErrorText();
  const form = useNewPassword(signUpErrors);
  const [sentTo, setSentTo] = useState<string>();
  const askForCode = useSignUpCodeMutation(props.link);

  const sendCode = (onSent?: () => void) =>
    askForCode.mutate(
      { email: props.email, password: form.password },
      {
        // The server's answer says where the code went: said in the page's language.
        onSuccess: () => {
          setSentTo(t("signIn.codeSent", { digits: EMAIL_CODE_LENGTH, email: props.email }));
          onSent?.();
        },
        onError: (failure) => toast({ title: t("signIn.signUpFailed"), description: errorText(failure, t("upload.connectionLost")), variant: "error" }),
      },
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.validate()) sendCode();
  };

  if (sentTo) {
    const resend = () => sendCode(() => toast({ title: t("signIn.newCodeSent"), description: t("signIn.newCodeSentText"), variant: "success" }));
    return <CodeForm {...props} password={form.password} sentMessage={sentTo} onResend={resend} resending={askForCode.isPending} />;
  }
  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-slate-600">{t("signIn.setPasswordIntro")}</p>
      <ChosenEmail email={props.email} onChange={() => props.goTo("email-check")} />
      <NewPasswordFields form={form} passwordLabel={t("signIn.password")} confirmLabel={t("signIn.confirmPassword")} minLength={CUSTOMER_SIGNUP_PASSWORD_MIN} />
      <Button type="submit" isPending={askForCode.isPending} className="w-full">
        {t(askForCode.isPending ? "signIn.sendingCode" : "signIn.continue")}
      </Button>
      <Button variant="link" size="sm" onPress={() => props.goTo("signin")} className="-ml-3 self-start">
        {t("signIn.haveAPassword")}
      </Button>
      <GuestButton onPress={props.continueAsGuest} />
    </Form>
  );
}

function CodeForm({
  link,
  email,
  password,
  sentMessage,
  onResend,
  resending,
  continueAsGuest,
  done,
}: StepProps & { password: string; sentMessage: string; onResend: () => void; resending: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const signUp = useCustomerSignUpMutation(link);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = isEmailCode(code) ? undefined : t("signIn.codeFormat", { digits: EMAIL_CODE_LENGTH });
    setError(problem);
    if (problem) return;
    signUp.mutate(
      { email, password, code },
      {
        onSuccess: () => {
          toast({ title: t("signIn.accountCreated"), description: t("signIn.accountCreatedText"), variant: "success" });
          done();
        },
        // A wrong or expired code is said under the field, where the customer is looking.
        onError: (failure) => setError(errorText(failure, t("upload.connectionLost"))),
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-slate-600" role="status">
        {sentMessage}
      </p>
      <EmailCodeField
        label={t("signIn.code", { digits: EMAIL_CODE_LENGTH })}
        value={code}
        onChange={(digits) => {
          setCode(digits);
          setError(undefined);
        }}
        errorMessage={error}
      />
      <Button type="submit" isPending={signUp.isPending} className="w-full">
        {t(signUp.isPending ? "signIn.creatingAccount" : "signIn.createAccountButton")}
      </Button>
      <Button variant="link" size="sm" onPress={onResend} isDisabled={resending} className="-ml-3 self-start">
        {t(resending ? "signIn.sending" : "signIn.sendNewCode")}
      </Button>
      <GuestButton onPress={continueAsGuest} />
    </Form>
  );
}
