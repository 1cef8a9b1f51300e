import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { BROKER_PASSWORD_MIN, messages } from "@shared/validation";
import { useChangePassword } from "./account-api";
import { ErrorNote } from "../../components/ErrorNote";

/** A new password, given the current one; the broker's other sessions end, this one stays. */
export function ChangePasswordDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ModalDialog title="Change password" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={false}>
      {(close) => <ChangePasswordForm onDone={close} />}
    </ModalDialog>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const change = useChangePassword();
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      current: values.current ? undefined : messages.passwordRequired,
      next: values.next.length < BROKER_PASSWORD_MIN ? messages.passwordTooShort : undefined,
      confirm: !values.confirm ? messages.confirmPassword : values.confirm !== values.next ? messages.passwordsDontMatch : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: (result) => {
          toast({ title: "Password changed", description: result.sessionsEnded ? `Signed out ${result.sessionsEnded} other session${result.sessionsEnded === 1 ? "" : "s"}.` : undefined, variant: "success" });
          onDone();
        },
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">Your other browsers and devices will be signed out.</p>
      <TextField label="Current password" type="password" autoComplete="current-password" isRequired autoFocus value={values.current} onChange={set("current")} errorMessage={errors.current} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        isRequired
        description={`At least ${BROKER_PASSWORD_MIN} characters`}
        value={values.next}
        onChange={set("next")}
        errorMessage={errors.next}
      />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" isRequired value={values.confirm} onChange={set("confirm")} errorMessage={errors.confirm} />
      <ErrorNote error={change.error} fallback="The password could not be changed. Please try again." />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          Cancel
        </Button>
        <Button type="submit" isPending={change.isPending}>
          {change.isPending ? "Saving..." : "Change password"}
        </Button>
      </div>
    </Form>
  );
}
