import type { FormEvent } from "react";
import { Form } from "react-aria-components";
import { CUSTOMER_RESET_PASSWORD_MIN } from "@shared/validation";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { toast } from "../../components/ui/Toast";
import { useResetPasswordMutation } from "./api";
import { NewPasswordFields, useNewPassword } from "./NewPasswordFields";
import { INVALID_RESET_TOKEN, resetErrors } from "./sign-in-rules";
import { Spinner } from "../../components/ui/Spinner";
import { useResetTokenRefusal } from "./reset-token-api";

/** Opened by ?reset={token} from the reset email. On success the customer is asked to sign in. */
export function ResetPasswordDialog({ token, onClose, onReset }: { token: string; onClose: () => void; onReset: () => void }) {
  const form = useNewPassword(resetErrors);
  const reset = useResetPasswordMutation();
  const { isChecking, refusal } = useResetTokenRefusal(token);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate()) return;
    reset.mutate(
      { token, newPassword: form.password },
      {
        onSuccess: ({ message }) => {
          toast({ title: "Password Reset", description: message, variant: "success" });
          onReset();
        },
        onError: (failure) => toast({ title: "Reset Failed", description: errorText(failure, "Password reset failed"), variant: "error" }),
      },
    );
  };

  return (
    <ModalDialog title="Set a New Password" isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      {isChecking ? (
        <Spinner label="Checking the link" className="w-full py-6" />
      ) : !token.trim() || refusal ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
            {refusal ? errorText(refusal, INVALID_RESET_TOKEN) : INVALID_RESET_TOKEN}
          </p>
          <Button onPress={onClose} className="w-full">
            Close
          </Button>
        </div>
      ) : (
        <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
          <NewPasswordFields
            form={form}
            passwordLabel="New password"
            confirmLabel="Confirm new password"
            minLength={CUSTOMER_RESET_PASSWORD_MIN}
          />
          <Button type="submit" isPending={reset.isPending} className="w-full">
            {reset.isPending ? "Saving..." : "Reset Password"}
          </Button>
        </Form>
      )}
    </ModalDialog>
  );
}
