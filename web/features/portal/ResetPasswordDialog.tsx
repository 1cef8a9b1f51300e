import type { FormEvent } from "react";
import { Form } from "react-aria-components";
import { CUSTOMER_RESET_PASSWORD_MIN } from "@shared/validation";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { toast } from "../../components/ui/Toast";
import { useResetPasswordMutation } from "./api";
import { NewPasswordFields, useNewPassword } from "./NewPasswordFields";
import { resetErrors } from "./sign-in-rules";
import { useT } from "../../lib/i18n/use-t";
import { Spinner } from "../../components/ui/Spinner";
import { useResetTokenRefusal } from "./reset-token-api";
import { useErrorText } from "./error-text";

/** Opened by ?reset={token} from the reset email. On success the customer is asked to sign in. */
export function ResetPasswordDialog({ token, onClose, onReset }: { token: string; onClose: () => void; onReset: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const form = useNewPassword(resetErrors);
  const reset = useResetPasswordMutation();
  const { isChecking, refusal } = useResetTokenRefusal(token);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate()) return;
    reset.mutate(
      { token, newPassword: form.password },
      {
        onSuccess: () => {
          toast({ title: t("signIn.passwordReset"), description: t("signIn.passwordResetText"), variant: "success" });
          onReset();
        },
        onError: (failure) => toast({ title: t("signIn.resetFailed"), description: errorText(failure, t("signIn.resetFailedText")), variant: "error" }),
      },
    );
  };

  return (
    <ModalDialog closeLabel={t("dialogs.close")} title={t("signIn.setNewPassword")} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      {isChecking ? (
        <Spinner label={t("signIn.checkingLink")} className="w-full py-6" />
      ) : !token.trim() || refusal ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
            {refusal ? errorText(refusal, t("signIn.invalidResetToken")) : t("signIn.invalidResetToken")}
          </p>
          <Button onPress={onClose} className="w-full">
            {t("signIn.close")}
          </Button>
        </div>
      ) : (
        <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
          <NewPasswordFields
            form={form}
            passwordLabel={t("signIn.newPassword")}
            confirmLabel={t("signIn.confirmNewPassword")}
            minLength={CUSTOMER_RESET_PASSWORD_MIN}
          />
          <Button type="submit" isPending={reset.isPending} className="w-full">
            {t(reset.isPending ? "signIn.saving" : "signIn.resetPasswordButton")}
          </Button>
        </Form>
      )}
    </ModalDialog>
  );
}
