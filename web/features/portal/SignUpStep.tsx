import type { FormEvent } from "react";
import { Form } from "react-aria-components";
import { CUSTOMER_SIGNUP_PASSWORD_MIN } from "@shared/validation";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/Toast";
import { useCustomerSignUpMutation } from "./api";
import { NewPasswordFields, useNewPassword } from "./NewPasswordFields";
import { signUpErrors } from "./sign-in-rules";
import type { StepProps } from "./SignInDialog";
import { ChosenEmail, GuestButton } from "./StepParts";

/** First visit with an account-less email: set a password. */
export function SignUpStep({ link, email, goTo, continueAsGuest, done }: StepProps) {
  const form = useNewPassword(signUpErrors);
  const signUp = useCustomerSignUpMutation(link);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate()) return;
    signUp.mutate(
      { email, password: form.password },
      {
        onSuccess: () => {
          toast({ title: "Account Created!", description: "You are signed in and can now track your documents.", variant: "success" });
          done();
        },
        onError: (failure) => toast({ title: "Sign Up Failed", description: failure.message, variant: "error" }),
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-slate-600">Set a password to track your documents and see what your broker shares with you.</p>
      <ChosenEmail email={email} onChange={() => goTo("email-check")} />
      <NewPasswordFields form={form} passwordLabel="Password" confirmLabel="Confirm password" minLength={CUSTOMER_SIGNUP_PASSWORD_MIN} />
      <Button type="submit" isPending={signUp.isPending} className="w-full">
        {signUp.isPending ? "Creating account..." : "Create Account"}
      </Button>
      <GuestButton onPress={continueAsGuest} />
    </Form>
  );
}
