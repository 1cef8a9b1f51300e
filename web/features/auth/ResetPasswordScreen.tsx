import { useEffect, useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { useSearchParams } from "react-router";
import { Button, LinkButton } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { BROKER_PASSWORD_MIN, messages } from "@shared/validation";
import { ApiError, errorText } from "../../api/client";
import { Spinner } from "../../components/ui/Spinner";
import { useResetPasswordMutation, useResetTokenQuery } from "./api";
import { ErrorNote } from "../../components/ErrorNote";

/**
 * Where a broker's emailed reset link lands (/reset-password?token=…). The token is taken out of
 * the address bar at once, so it is not left in the history or shown to someone looking on.
 */
export function ResetPasswordScreen() {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get("token") ?? "");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const reset = useResetPasswordMutation();
  const check = useResetTokenQuery(token);
  // Only the server's "no such link" hides the form; any other failure leaves it to the reset to say.
  const refused = check.error instanceof ApiError && check.error.status === 404 ? check.error : null;

  useEffect(() => {
    if (params.has("token")) setParams({}, { replace: true });
  }, [params, setParams]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      password: password.length < BROKER_PASSWORD_MIN ? messages.passwordTooShort : undefined,
      confirm: !confirm ? messages.confirmPassword : confirm !== password ? messages.passwordsDontMatch : undefined,
    };
    setErrors(found);
    if (found.password || found.confirm) return;
    reset.mutate({ token, newPassword: password });
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
        {!token ? (
          <p role="alert" className="mt-4 text-slate-700">
            This reset link is incomplete. Ask for a new one with Forgot password? on the sign-in form.
          </p>
        ) : check.isPending ? (
          <Spinner label="Checking the link" className="mt-6 w-full" />
        ) : refused && !reset.isSuccess ? (
          <div className="mt-4 flex flex-col gap-4">
            <p role="alert" className="text-slate-700">
              {errorText(refused, "The reset link is invalid or expired.")} Ask for a new one with Forgot password? on the sign-in form.
            </p>
            <LinkButton href="/" variant="primary">
              Go to sign in
            </LinkButton>
          </div>
        ) : reset.isSuccess ? (
          <div className="mt-4 flex flex-col gap-4">
            <p role="status" className="text-slate-700">
              {reset.data.message} Your other sessions were signed out.
            </p>
            <LinkButton href="/" variant="primary">
              Go to sign in
            </LinkButton>
          </div>
        ) : (
          <Form onSubmit={onSubmit} validationBehavior="aria" className="mt-4 flex flex-col gap-4">
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              isRequired
              autoFocus
              description={`At least ${BROKER_PASSWORD_MIN} characters`}
              value={password}
              onChange={setPassword}
              errorMessage={errors.password}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              isRequired
              value={confirm}
              onChange={setConfirm}
              errorMessage={errors.confirm}
            />
            <ErrorNote error={reset.error} fallback="Password reset failed." />
            <Button type="submit" isPending={reset.isPending} className="w-full">
              {reset.isPending ? "Saving..." : "Set new password"}
            </Button>
          </Form>
        )}
      </div>
    </main>
  );
}
