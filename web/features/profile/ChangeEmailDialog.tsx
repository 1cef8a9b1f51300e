import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { EmailCodeField, emailCodeError } from "../../components/EmailCodeField";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { isValidEmail, messages } from "@shared/validation";
import { useConfirmEmailChange, useRequestEmailChange } from "./account-api";
import { ErrorNote } from "../../components/ErrorNote";

/** A new sign-in email in two steps: the password (a code goes to the new address), then the code. */
export function ChangeEmailDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ModalDialog title="Change sign-in email" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={false}>
      {(close) => <ChangeEmailSteps onDone={close} />}
    </ModalDialog>
  );
}

function ChangeEmailSteps({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string; code?: string }>({});
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { email: isValidEmail(email.trim()) ? undefined : messages.invalidEmail, password: password ? undefined : messages.passwordRequired };
    setErrors(found);
    if (found.email || found.password) return;
    request.mutate({ newEmail: email.trim(), password });
  };

  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailCodeError(code);
    setErrors({ code: problem });
    if (problem) return;
    confirm.mutate(code, {
      onSuccess: (user) => {
        toast({ title: "Sign-in email changed", description: `You now sign in with ${user.email}.`, variant: "success" });
        onDone();
      },
    });
  };

  if (request.isSuccess) {
    return (
      <Form onSubmit={verify} validationBehavior="aria" className="flex flex-col gap-4">
        <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800">
          {request.data.message}
        </p>
        <EmailCodeField description="The code expires 15 minutes after it was sent." value={code} onChange={(digits) => { setCode(digits); setErrors({}); }} errorMessage={errors.code} />
        <ErrorNote error={confirm.error} fallback="The email could not be changed. Please try again." />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={() => request.reset()}>
            Back
          </Button>
          <Button type="submit" isPending={confirm.isPending}>
            {confirm.isPending ? "Confirming..." : "Confirm new email"}
          </Button>
        </div>
      </Form>
    );
  }

  return (
    <Form onSubmit={ask} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">We will email a 6-digit code to the new address. Your sign-in email changes once you enter it.</p>
      <TextField label="New email" type="email" autoComplete="email" isRequired autoFocus value={email} onChange={(v) => { setEmail(v); setErrors({}); }} errorMessage={errors.email} />
      <TextField label="Current password" type="password" autoComplete="current-password" isRequired value={password} onChange={(v) => { setPassword(v); setErrors({}); }} errorMessage={errors.password} />
      <ErrorNote error={request.error} fallback="The code could not be sent. Please try again." />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          Cancel
        </Button>
        <Button type="submit" isPending={request.isPending}>
          {request.isPending ? "Sending..." : "Send code"}
        </Button>
      </div>
    </Form>
  );
}
