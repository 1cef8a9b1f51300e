import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { CUSTOMER_SIGNUP_PASSWORD_MIN } from "@shared/validation";
import { CONNECTION_LOST, errorText } from "../../api/client";
import { EmailCodeField, emailCodeError } from "../../components/EmailCodeField";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/Toast";
import { useCustomerSignUpMutation, useSignUpCodeMutation } from "./api";
import { NewPasswordFields, useNewPassword } from "./NewPasswordFields";
import { signUpErrors } from "./sign-in-rules";
import type { StepProps } from "./sign-in-steps";
import { ChosenEmail, GuestButton } from "./StepParts";

/**
 * Set a password, then type the code we emailed: the code proves the address is the customer's,
 * because the link alone is held by the broker too.
 */
export function SignUpStep(props: StepProps) {
  const form = useNewPassword(signUpErrors);
  const [sentTo, setSentTo] = useState<string>();
  const askForCode = useSignUpCodeMutation(props.link);

  const sendCode = (onSent?: () => void) =>
    askForCode.mutate(
      { email: props.email, password: form.password },
      {
        onSuccess: (answer) => {
          setSentTo(answer.message);
          onSent?.();
        },
        onError: (failure) => toast({ title: "Sign Up Failed", description: errorText(failure, CONNECTION_LOST), variant: "error" }),
      },
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.validate()) sendCode();
  };

  if (sentTo) {
    const resend = () => sendCode(() => toast({ title: "Code sent", description: "We sent you a new code. Earlier codes no longer work.", variant: "success" }));
    return <CodeForm {...props} password={form.password} sentMessage={sentTo} onResend={resend} resending={askForCode.isPending} />;
  }
  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-slate-600">Set a password to track your documents and see what your broker shares with you.</p>
      <ChosenEmail email={props.email} onChange={() => props.goTo("email-check")} />
      <NewPasswordFields form={form} passwordLabel="Password" confirmLabel="Confirm password" minLength={CUSTOMER_SIGNUP_PASSWORD_MIN} />
      <Button type="submit" isPending={askForCode.isPending} className="w-full">
        {askForCode.isPending ? "Sending code..." : "Continue"}
      </Button>
      <Button variant="link" size="sm" onPress={() => props.goTo("signin")} className="-ml-3 self-start">
        Already have a password? Sign in
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
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const signUp = useCustomerSignUpMutation(link);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailCodeError(code);
    setError(problem);
    if (problem) return;
    signUp.mutate(
      { email, password, code },
      {
        onSuccess: () => {
          toast({ title: "Account Created!", description: "You are signed in and can now track your documents.", variant: "success" });
          done();
        },
        // A wrong or expired code is said under the field, where the customer is looking.
        onError: (failure) => setError(errorText(failure, CONNECTION_LOST)),
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-slate-600" role="status">
        {sentMessage}
      </p>
      <EmailCodeField
        value={code}
        onChange={(digits) => {
          setCode(digits);
          setError(undefined);
        }}
        errorMessage={error}
      />
      <Button type="submit" isPending={signUp.isPending} className="w-full">
        {signUp.isPending ? "Creating account..." : "Create Account"}
      </Button>
      <Button variant="link" size="sm" onPress={onResend} isDisabled={resending} className="-ml-3 self-start">
        {resending ? "Sending..." : "Send a new code"}
      </Button>
      <GuestButton onPress={continueAsGuest} />
    </Form>
  );
}
