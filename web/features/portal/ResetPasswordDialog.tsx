import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { CUSTOMER_RESET_PASSWORD_MIN } from "@shared/validation";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useResetPasswordMutation } from "./api";
import { hasErrors, INVALID_RESET_TOKEN, resetErrors, type FieldErrors } from "./sign-in-rules";

/** Opened by ?reset={token} from the reset email. On success the customer is asked to sign in. */
export function ResetPasswordDialog({ token, onClose, onReset }: { token: string; onClose: () => void; onReset: () => void }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FieldErrors<"password" | "confirm">>({});
  const reset = useResetPasswordMutation();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = resetErrors(password, confirm);
    setErrors(found);
    if (hasErrors(found)) return;
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: ({ message }) => {
          toast({ title: "Password Reset", description: message, variant: "success" });
          onReset();
        },
        onError: (failure) => toast({ title: "Reset Failed", description: failure.message || "Password reset failed", variant: "error" }),
      },
    );
  };

  return (
    <ModalDialog title="Set a New Password" isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      {!token.trim() ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
            {INVALID_RESET_TOKEN}
          </p>
          <Button onPress={onClose} className="w-full">
            Close
          </Button>
        </div>
      ) : (
        <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            autoFocus
            isRequired
            description={`At least ${CUSTOMER_RESET_PASSWORD_MIN} characters`}
            value={password}
            onChange={(value) => {
              setPassword(value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            errorMessage={errors.password}
          />
          <TextField
            label="Confirm new password"
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
          <Button type="submit" isPending={reset.isPending} className="w-full">
            {reset.isPending ? "Saving..." : "Reset Password"}
          </Button>
        </Form>
      )}
    </ModalDialog>
  );
}
