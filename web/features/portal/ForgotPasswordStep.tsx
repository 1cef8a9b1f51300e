import type { FormEvent } from "react";
import { Form } from "react-aria-components";
import { useT } from "../../lib/i18n/use-t";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/Toast";
import { useForgotPasswordMutation } from "./api";
import type { StepProps } from "./sign-in-steps";
import { ChosenEmail } from "./StepParts";
import { useErrorText } from "./error-text";

/** Sends a reset link to the email and returns to sign-in (the answer is the same for any email). */
export function ForgotPasswordStep({ link, email, goTo }: StepProps) {
  const t = useT();
  const errorText = useErrorText();
  const forgot = useForgotPasswordMutation(link);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    forgot.mutate(email, {
      // The server's answer is the same for any email; said in the page's language.
      onSuccess: () => {
        toast({ title: t("signIn.resetLinkSent"), description: t("signIn.resetLinkSentText"), variant: "success" });
        goTo("signin");
      },
      onError: (failure) => toast({ title: t("signIn.unableToSendReset"), description: errorText(failure, t("upload.connectionLost")), variant: "error" }),
    });
  };
  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-slate-600">{t("signIn.resetIntro")}</p>
      <ChosenEmail email={email} onChange={() => goTo("email-check")} />
      <Button type="submit" autoFocus isPending={forgot.isPending} className="w-full">
        {t(forgot.isPending ? "signIn.sending" : "signIn.sendResetLink")}
      </Button>
      <Button variant="ghost" onPress={() => goTo("signin")} className="w-full">
        {t("signIn.backToSignIn")}
      </Button>
    </Form>
  );
}
