import type { FormEvent } from "react";
import { Form } from "react-aria-components";
import { CONNECTION_LOST, errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/Toast";
import { useForgotPasswordMutation } from "./api";
import type { StepProps } from "./sign-in-steps";
import { ChosenEmail } from "./StepParts";

/** Sends a reset link to the email and returns to sign-in (the answer is the same for any email). */
export function ForgotPasswordStep({ link, email, goTo }: StepProps) {
  const forgot = useForgotPasswordMutation(link);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    forgot.mutate(email, {
      onSuccess: ({ message }) => {
        toast({ title: "Reset Link Sent", description: message, variant: "success" });
        goTo("signin");
      },
      onError: (failure) => toast({ title: "Unable to send reset link", description: errorText(failure, CONNECTION_LOST), variant: "error" }),
    });
  };
  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-slate-600">We will email you a link to set a new password. The link works for one hour.</p>
      <ChosenEmail email={email} onChange={() => goTo("email-check")} />
      <Button type="submit" autoFocus isPending={forgot.isPending} className="w-full">
        {forgot.isPending ? "Sending..." : "Send Reset Link"}
      </Button>
      <Button variant="ghost" onPress={() => goTo("signin")} className="w-full">
        Back to Sign In
      </Button>
    </Form>
  );
}
