import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { ApiError, CONNECTION_LOST, errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useCustomerSignInMutation } from "./api";
import { hasErrors, SIGN_IN_FAILED, signInErrors } from "./sign-in-rules";
import type { StepProps } from "./sign-in-steps";
import { ChosenEmail, GuestButton } from "./StepParts";

export function PasswordSignInStep({ link, email, goTo, continueAsGuest, done }: StepProps) {
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
          toast({ title: "Welcome back!", description: "You are signed in.", variant: "success" });
          done();
        },
        onError: (failure) =>
          toast({
            title: "Sign In Failed",
            // 401 is the wrong password; anything else (too many tries, server down) says why.
            description: failure instanceof ApiError && failure.status === 401 ? SIGN_IN_FAILED : errorText(failure, CONNECTION_LOST),
            variant: "error",
          }),
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <ChosenEmail email={email} onChange={() => goTo("email-check")} />
      <TextField
        label="Password"
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
        Forgot password?
      </Button>
      <Button type="submit" isPending={signIn.isPending} className="w-full">
        {signIn.isPending ? "Signing in..." : "Sign In"}
      </Button>
      <GuestButton onPress={continueAsGuest} />
    </Form>
  );
}
