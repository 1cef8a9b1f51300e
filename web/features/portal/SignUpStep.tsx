import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { CUSTOMER_SIGNUP_PASSWORD_MIN } from "@shared/validation";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useCustomerSignUpMutation } from "./api";
import { hasErrors, signUpErrors, type FieldErrors } from "./sign-in-rules";
import type { StepProps } from "./SignInDialog";
import { ChosenEmail, GuestButton } from "./StepParts";

/** First visit with an account-less email: set a password. */
export function SignUpStep({ link, email, goTo, continueAsGuest, done }: StepProps) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FieldErrors<"password" | "confirm">>({});
  const signUp = useCustomerSignUpMutation(link);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = signUpErrors(password, confirm);
    setErrors(found);
    if (hasErrors(found)) return;
    signUp.mutate(
      { email, password },
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
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        autoFocus
        isRequired
        description={`At least ${CUSTOMER_SIGNUP_PASSWORD_MIN} characters`}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setErrors((current) => ({ ...current, password: undefined }));
        }}
        errorMessage={errors.password}
      />
      <TextField
        label="Confirm password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        isRequired
        value={confirm}
        onChange={(value) => {
          setConfirm(value);
          setErrors((current) => ({ ...current, confirm: undefined }));
        }}
        errorMessage={errors.confirm}
      />
      <Button type="submit" isPending={signUp.isPending} className="w-full">
        {signUp.isPending ? "Creating account..." : "Create Account"}
      </Button>
      <GuestButton onPress={continueAsGuest} />
    </Form>
  );
}
