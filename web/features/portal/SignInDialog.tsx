// SPEC 4 "Customer sign-in dialog": email-check → signin | signup, signin → forgot-password → signin.
import { useState } from "react";
import { ModalDialog } from "../../components/ui/Dialog";
import { toast } from "../../components/ui/Toast";
import { EmailCheckStep } from "./EmailCheckStep";
import { ForgotPasswordStep } from "./ForgotPasswordStep";
import { PasswordSignInStep } from "./PasswordSignInStep";
import { SignUpStep } from "./SignUpStep";
import type { SignInStep, StepProps } from "./sign-in-steps";
import { useT } from "../../lib/i18n/use-t";
import type { MessageKey } from "@shared/i18n/catalog";

const TITLES: Record<SignInStep, MessageKey> = {
  "email-check": "signIn.signIn",
  signin: "signIn.signIn",
  signup: "signIn.createAccount",
  "forgot-password": "signIn.resetPassword",
};

export function SignInDialog({ link, onClose }: { link: string; onClose: () => void }) {
  const t = useT();
  const [step, setStep] = useState<SignInStep>("email-check");
  const [email, setEmail] = useState("");
  const props: StepProps = {
    link,
    email,
    goTo: (next, nextEmail) => {
      if (nextEmail !== undefined) setEmail(nextEmail);
      setStep(next);
    },
    continueAsGuest: () => {
      toast({ title: t("signIn.guestToast"), description: t("signIn.guestToastText"), variant: "success" });
      onClose();
    },
    done: onClose,
  };
  return (
    <ModalDialog closeLabel={t("dialogs.close")} title={t(TITLES[step])} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      {/* A key per step: each step starts with its own fresh fields and focus. */}
      {step === "email-check" ? <EmailCheckStep key={step} {...props} /> : null}
      {step === "signin" ? <PasswordSignInStep key={step} {...props} /> : null}
      {step === "signup" ? <SignUpStep key={step} {...props} /> : null}
      {step === "forgot-password" ? <ForgotPasswordStep key={step} {...props} /> : null}
    </ModalDialog>
  );
}
